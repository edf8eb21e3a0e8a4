import { describe, expect, it } from 'vitest';
import { cutText } from './excerpt';
import { markdownToText, readingMinutes, renderMarkdown, summaryOf } from './markdown';

/** An on…= attribute inside a real tag (text is escaped, so every `<` in the output opens a tag). */
const EVENT_HANDLER_ATTRIBUTE = /<[^>]*\son\w+\s*=/i;

describe('article Markdown is rendered safely', () => {
  it('keeps raw HTML inert: script tags and event handlers appear as text, never as elements', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror="alert(2)">',
        '',
        '<a href="javascript:alert(3)">click</a> <iframe src="evil.html"></iframe>',
        '',
        '<div onclick="alert(4)">hi</div>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<img|<a |<iframe|<div/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).not.toMatch(EVENT_HANDLER_ATTRIBUTE);
  });

  it('links only to http(s) addresses or paths of this site', () => {
    const bad = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '[c](  javascript:alert(1))',
      '[d](<javascript:alert(1)>)',
      '[e](vbscript:msgbox(1))',
      '[f](data:text/html;base64,PHNjcmlwdD4=)',
      '[g](file:///etc/passwd)',
      '[h](//evil.example/x)',
      '![i](data:image/svg+xml;base64,PHN2Zz4=)',
      '<javascript:alert(1)>',
    ];
    for (const source of bad) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/<a |<img /);
    }
    const good = renderMarkdown(
      '[site](https://example.com/x) [page](/news/other) [relative](other-article) ![pic](https://img.example/a.png)',
    );
    expect(good).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(good).toContain('<a href="/news/other">page</a>');
    expect(good).toContain('<a href="other-article">relative</a>');
    expect(good).toContain('<img src="https://img.example/a.png" alt="pic" loading="lazy">');
  });

  it('escapes attribute breakouts in titles and URLs', () => {
    const html = renderMarkdown('[x](https://a.example/" onmouseover="alert(1) "t\\" onclick=alert(1)")');
    expect(html).not.toMatch(EVENT_HANDLER_ATTRIBUTE);
    expect(html).toContain('&quot; onmouseover=&quot;');
  });

  it('renders ordinary Markdown: headings, emphasis, lists, code', () => {
    const html = renderMarkdown('# Big news\n\nSome *new* shows and `code`.\n\n- one\n- two');
    expect(html).toContain('<h1>Big news</h1>');
    expect(html).toContain('<em>new</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code>code</code>');
  });
});

describe('reading time, text and excerpts', () => {
  it('counts words / 200, rounded up', () => {
    expect(readingMinutes('word')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(readingMinutes(`# Title\n\n${'**bold** word '.repeat(200)}`)).toBe(3);
  });

  it('reads the words without the Markdown syntax', () => {
    expect(markdownToText('# Title\n\nSome *text* with a [link](https://x.example).\n\n- a\n- b')).toBe(
      'Title Some text with a link. a b',
    );
  });

  it('cuts at the limit with an ellipsis, and uses the excerpt when there is one', () => {
    expect(cutText('short', 10)).toBe('short');
    const long = 'word '.repeat(100);
    const cut = cutText(long, 200);
    expect(cut.length).toBeLessThanOrEqual(203);
    expect(cut.endsWith('...')).toBe(true);
    expect(summaryOf({ excerpt: '  The excerpt ', content: 'Body' }, 200)).toBe('The excerpt');
    expect(summaryOf({ excerpt: null, content: '**Body** text' }, 200)).toBe('Body text');
    expect(summaryOf({ excerpt: '', content: 'x'.repeat(300) }, 100)).toBe(`${'x'.repeat(100)}...`);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DiscordMarkdown } from './discord-markdown';

const html = (text: string) => renderToStaticMarkup(<DiscordMarkdown text={text} />);

describe("Discord's Markdown in the preview", () => {
  it('renders bold, italics, underline, strikethrough and their mixes', () => {
    expect(html('**bold**')).toBe('<strong>bold</strong>');
    expect(html('*it* and _it_')).toBe('<em>it</em> and <em>it</em>');
    expect(html('__under__')).toBe('<u>under</u>');
    expect(html('~~gone~~')).toBe('<s>gone</s>');
    expect(html('***both***')).toBe('<strong><em>both</em></strong>');
    expect(html('__*under italic*__')).toBe('<u><em>under italic</em></u>');
    expect(html('**bold _and it_**')).toBe('<strong>bold <em>and it</em></strong>');
  });

  it('renders masked and bare http(s) links, opening safely in a new tab', () => {
    expect(html('[Listen](https://radio.example/live)')).toBe(
      '<a href="https://radio.example/live" target="_blank" rel="noopener noreferrer nofollow">Listen</a>',
    );
    expect(html('go to https://radio.example now')).toBe(
      'go to <a href="https://radio.example" target="_blank" rel="noopener noreferrer nofollow">https://radio.example</a> now',
    );
  });

  it('renders inline code and code blocks, leaving Markdown inside them as it is', () => {
    expect(html('run `npm **test**`')).toBe('run <code>npm **test**</code>');
    expect(html('```js\nconst a = 1; // **not bold**\n```')).toBe(
      '<pre><code data-language="js">const a = 1; // **not bold**</code></pre>',
    );
    expect(html('```\nplain\n```')).toBe('<pre><code>plain</code></pre>');
  });

  it('never lets HTML or script URLs through', () => {
    expect(html('<img src=x onerror=alert(1)> **hi**')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <strong>hi</strong>',
    );
    expect(html('[click](javascript:alert(1))')).toBe('[click](javascript:alert(1))');
    expect(html('[x](https://a.example/"onmouseover="alert(1))')).not.toContain('onmouseover="alert');
    expect(html('**<b>not html</b>**')).toBe('<strong>&lt;b&gt;not html&lt;/b&gt;</strong>');
  });

  it('keeps what is not Markdown: escapes, lone markers, line breaks', () => {
    expect(html('\\*not italic\\*')).toBe('*not italic*');
    expect(html('2 * 3 = 6')).toBe('2 * 3 = 6');
    expect(html('snake_case_name')).toBe('snake_case_name');
    expect(html('line one\nline two')).toBe('line one\nline two');
    expect(html('**unclosed')).toBe('**unclosed');
  });
});

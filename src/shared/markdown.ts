import MarkdownIt from 'markdown-it';
import { cutText } from './excerpt';

/**
 * News articles are written in Markdown and rendered with markdown-it, on the server (RSS, link
 * previews) and in the browser (the article page), by this one module:
 * - raw HTML is never passed through (`html: false`: `<script>`, `<img onerror>`… appear as text);
 * - links and images go only to http(s) addresses or to paths on this site (no javascript:, data:,
 *   vbscript:, file: or protocol-relative `//host` targets): anything else stays plain text;
 * - links to other sites open in a new tab with rel="noopener noreferrer nofollow".
 */
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|#|\.{1,2}\/|\?)/i;
/** A bare relative path such as `news/other` or `other-article` (no scheme, no colon before a slash). */
const RELATIVE_PATH = /^[\w.~%-]+(\/[^\s]*)?$/;

export function isSafeUrl(url: string): boolean {
  const u = url.trim();
  if (!u) return false;
  return SAFE_URL.test(u) || (RELATIVE_PATH.test(u) && !u.includes(':'));
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.validateLink = isSafeUrl;

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = token.attrGet('href') ?? '';
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};
const defaultImage = md.renderer.rules.image;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('loading', 'lazy');
  return defaultImage
    ? defaultImage(tokens, idx, options, env, self)
    : self.renderToken(tokens, idx, options);
};

/** Safe HTML for an article's Markdown. */
export function renderMarkdown(source: string): string {
  return md.render(source ?? '');
}

/** The article's words without Markdown syntax (for excerpts, descriptions and reading time). */
export function markdownToText(source: string): string {
  const out: string[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const t of tokens) {
      if (t.type === 'inline' && t.children) walk(t.children);
      else if (t.type === 'text' || t.type === 'code_inline') out.push(t.content);
      else if (t.type === 'image') out.push(t.content);
      else if (t.type === 'code_block' || t.type === 'fence') out.push(t.content, ' ');
      else if (t.type === 'softbreak' || t.type === 'hardbreak') out.push(' ');
      else if (t.type.endsWith('_close') && t.block) out.push(' ');
    }
  };
  walk(md.parse(source ?? '', {}));
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** Reading time in minutes: words / 200, rounded up. */
export function readingMinutes(source: string): number {
  const text = markdownToText(source);
  const words = text ? text.split(/\s+/).length : 0;
  return Math.ceil(words / 200);
}

/** An article's summary: its excerpt, else the start of its text, cut at `max` characters. */
export function summaryOf(article: { excerpt: string | null; content: string }, max: number): string {
  return cutText(article.excerpt?.trim() ? article.excerpt : markdownToText(article.content), max);
}

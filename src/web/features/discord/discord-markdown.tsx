import { Fragment, type ReactNode } from 'react';

/**
 * Discord's Markdown, as its clients show a webhook message: bold, italics, underline, strikethrough,
 * masked and bare links, inline code and code blocks, backslash escapes. It builds React elements, never
 * HTML strings, so text can carry no markup of its own; links are http(s) only.
 */
export type MdNode =
  | { t: 'text'; v: string }
  | { t: 'strong' | 'em' | 'u' | 's'; c: MdNode[] }
  | { t: 'code'; v: string }
  | { t: 'pre'; v: string; lang: string | null }
  | { t: 'link'; href: string; c: MdNode[] };

const URL_CHARS = '[^\\s<>"()]';
const RULES: {
  re: RegExp;
  /** May this rule start after the previous character? */
  after?: (prev: string) => boolean;
  make: (m: RegExpExecArray) => MdNode;
}[] = [
  { re: /^\\([^0-9A-Za-z\s])/, make: (m) => ({ t: 'text', v: m[1] }) },
  {
    re: /^```(?:([a-z0-9_+\-.#]+?)\n)?\n*([\s\S]*?)\n*```/i,
    make: (m) => ({ t: 'pre', v: m[2], lang: m[1] ?? null }),
  },
  { re: /^(`+)([\s\S]*?[^`])\1(?!`)/, make: (m) => ({ t: 'code', v: m[2].trim() || m[2] }) },
  {
    re: new RegExp(`^\\[([^\\]\\n]+)\\]\\((https?://${URL_CHARS}+)\\)`),
    make: (m) => ({ t: 'link', href: m[2], c: parse(m[1]) }),
  },
  {
    re: new RegExp(`^https?://${URL_CHARS}*[^\\s<>"().,:;!?'\\]]`),
    make: (m) => ({ t: 'link', href: m[0], c: [{ t: 'text', v: m[0] }] }),
  },
  { re: /^\*\*([\s\S]+?)\*\*(?!\*)/, make: (m) => ({ t: 'strong', c: parse(m[1]) }) },
  { re: /^__([\s\S]+?)__(?!_)/, make: (m) => ({ t: 'u', c: parse(m[1]) }) },
  { re: /^\*(?=\S)([\s\S]*?\S)\*(?!\*)/, make: (m) => ({ t: 'em', c: parse(m[1]) }) },
  {
    re: /^_(?=\S)([\s\S]*?\S)_(?!\w)/,
    after: (prev) => !/\w/.test(prev),
    make: (m) => ({ t: 'em', c: parse(m[1]) }),
  },
  { re: /^~~([\s\S]+?)~~/, make: (m) => ({ t: 's', c: parse(m[1]) }) },
];
const PLAIN = /^[\s\S]+?(?=[\\`*_~[]|https?:\/\/|$)/;

export function parse(src: string): MdNode[] {
  const out: MdNode[] = [];
  const text = (v: string) => {
    const last = out[out.length - 1];
    if (last?.t === 'text') last.v += v;
    else out.push({ t: 'text', v });
  };
  let rest = src;
  let prev = '';
  while (rest.length > 0) {
    let matched = false;
    for (const rule of RULES) {
      if (rule.after && !rule.after(prev)) continue;
      const m = rule.re.exec(rest);
      if (!m) continue;
      const node = rule.make(m);
      if (node.t === 'text') text(node.v);
      else out.push(node);
      prev = m[0].slice(-1);
      rest = rest.slice(m[0].length);
      matched = true;
      break;
    }
    if (matched) continue;
    // Not Markdown here: plain text up to the next character that might start some.
    const plain = PLAIN.exec(rest)?.[0] || rest[0];
    text(plain);
    prev = plain.slice(-1);
    rest = rest.slice(plain.length);
  }
  return out;
}

/** Nodes in order: a node's place among its siblings is its identity (the text is re-parsed whole). */
function render(nodes: MdNode[]): ReactNode[] {
  return nodes.map((n, i) => renderNode(n, `n${i}`));
}

function renderNode(n: MdNode, key: string): ReactNode {
  switch (n.t) {
    case 'text':
      return <Fragment key={key}>{n.v}</Fragment>;
    case 'strong':
      return <strong key={key}>{render(n.c)}</strong>;
    case 'em':
      return <em key={key}>{render(n.c)}</em>;
    case 'u':
      return <u key={key}>{render(n.c)}</u>;
    case 's':
      return <s key={key}>{render(n.c)}</s>;
    case 'code':
      return <code key={key}>{n.v}</code>;
    case 'pre':
      return (
        <pre key={key}>
          <code data-language={n.lang ?? undefined}>{n.v}</code>
        </pre>
      );
    default:
      return (
        <a key={key} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
          {render(n.c)}
        </a>
      );
  }
}

/** Text written for Discord, shown as Discord shows it. */
export function DiscordMarkdown({ text }: { text: string }) {
  return <>{render(parse(text))}</>;
}

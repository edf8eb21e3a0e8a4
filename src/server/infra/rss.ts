import { xmlText } from './xml-text';

export interface RssChannel {
  /** The namespaces the document uses, as attributes of <rss> (`xmlns:atom="…" …`). */
  namespaces: string;
  title: string;
  /** The page the feed follows. */
  link: string;
  description: string;
  /** The feed's own address (atom:link rel="self"). */
  self: string;
  /** When the newest item came out; no lastBuildDate without one. */
  lastBuild: Date | null;
  /** More channel lines after the standard ones (an image, a namespace's tags). */
  extra?: string[];
  /** Each item's <item> element, already written. */
  items: string[];
}

/** An RSS 2.0 document (English): the channel's standard elements, its extra lines, then its items. */
export function rssDocument(c: RssChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" ${c.namespaces}>`,
    '  <channel>',
    `    <title>${xmlText(c.title)}</title>`,
    `    <link>${xmlText(c.link)}</link>`,
    `    <description>${xmlText(c.description)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${xmlText(c.self)}" rel="self" type="application/rss+xml" />`,
    c.lastBuild ? `    <lastBuildDate>${c.lastBuild.toUTCString()}</lastBuildDate>` : '',
    ...(c.extra ?? []),
    ...c.items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

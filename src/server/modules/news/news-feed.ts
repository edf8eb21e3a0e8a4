import { renderMarkdown } from '../../../shared/markdown';
import type { AppContext } from '../../context';
import { rssDocument } from '../../infra/rss';
import { xmlAllowed, xmlText } from '../../infra/xml-text';
import { getPublicSettings } from '../settings/public-settings';
import { listFeedArticles } from './news.service';

/** A CDATA section; a `]]>` inside the HTML is split so it cannot end the section early. */
const cdata = (s: string) => `<![CDATA[${xmlAllowed(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

const absolute = (base: string, url: string) => (url.startsWith('/') ? `${base}${url}` : url);

/**
 * /news/rss.xml: RSS 2.0 of the newest published articles, so podcatchers, chat bots and search engines
 * can follow the station. Each item carries the summary and the article rendered from Markdown (the
 * same safe renderer as the page).
 */
export async function renderNewsFeed(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string> {
  const site = await getPublicSettings(ctx);
  const base = ctx.config.baseUrl;
  const articles = await listFeedArticles(ctx.db);
  const newest = articles[0]?.publishedAt;
  const items = articles.map((a) => {
    const link = `${base}/news/${encodeURIComponent(a.slug)}`;
    const image = a.featuredImage
      ? `<p><img src="${xmlText(absolute(base, a.featuredImage))}" alt="" /></p>`
      : '';
    return [
      '    <item>',
      `      <title>${xmlText(a.title)}</title>`,
      `      <link>${xmlText(link)}</link>`,
      `      <guid isPermaLink="false">${xmlText(`${base}/news#${a.id}`)}</guid>`,
      a.publishedAt ? `      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>` : '',
      a.author ? `      <dc:creator>${xmlText(a.author.name)}</dc:creator>` : '',
      `      <description>${xmlText(a.summary)}</description>`,
      `      <content:encoded>${cdata(image + renderMarkdown(a.content))}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return rssDocument({
    namespaces:
      'xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    title: `${site.siteTitle} News`,
    link: `${base}/news`,
    description: site.siteDescription,
    self: `${base}/news/rss.xml`,
    lastBuild: newest ? new Date(newest) : null,
    items,
  });
}

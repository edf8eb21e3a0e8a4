import type { NewsArticle } from '../../../shared/contracts/news';
import type { AppContext } from '../../context';
import { getPublicSettings } from '../settings/public-settings';
import { nowPlayingSlot } from '../station/now-playing.service';
import { barePath, embedPageData, type PageCaller } from '../station/page-data';
import { renderSocialPreview, setLink, setMeta, setTitle } from '../station/social-preview';
import { findPublishedBySlug } from './news.service';

type Ctx = Pick<AppContext, 'db' | 'config' | 'station' | 'publicReads' | 'realtime'>;

/** What the page shell becomes: the filled-in HTML, or a permanent redirect (an article's old slug). */
export type RenderedPage = string | { redirect: string };

const ARTICLE_PATH = /^\/news\/([^/]+)\/?$/;

/**
 * The page shell for any path: /news/{slug} carries its article's own title, description and image in
 * the link-preview tags (crawlers do not run the app); an old slug redirects to the current one; every
 * other page gets the station's preview (now playing). Every page carries its first public reads
 * (page-data.ts).
 */
export async function renderPagePreview(
  ctx: Ctx,
  html: string,
  path: string,
  caller: PageCaller = { visitor: false },
): Promise<RenderedPage> {
  const m = ARTICLE_PATH.exec(path);
  if (m) {
    const article = await findPublishedBySlug(ctx.db, m[1]);
    if (article && article.slug !== m[1]) return { redirect: `/news/${encodeURIComponent(article.slug)}` };
    if (article) return embedPageData(ctx, await renderArticlePreview(ctx, html, article), path, caller);
  }
  let out = await renderSocialPreview(ctx, html);
  out = setLink(out, 'canonical', `${ctx.config.baseUrl}${canonicalPath(path)}`);
  if (path === '/') out = await preloadFirstSlide(ctx, out);
  return embedPageData(ctx, out, path, caller);
}

/** The page's own address for search engines: no query, no trailing slash (the home page is '/'). */
function canonicalPath(path: string) {
  const bare = barePath(path);
  return bare === '/' ? '/' : encodeURI(bare);
}

/**
 * The home page's largest picture is the carousel's first slide, known only once the app has asked for
 * the carousel: the shell names it for the browser to fetch at once (from the cached public read).
 */
async function preloadFirstSlide(ctx: Ctx, html: string) {
  const read = ctx.publicReads.get('/api/carousel');
  if (!read) return html;
  const { images } = JSON.parse((await read.body({})).json) as { images: { imageUrl: string }[] };
  const first = images[0]?.imageUrl;
  if (!first || !/^(https?:\/\/|\/(?![/\\]))/i.test(first)) return html;
  return setLink(html, 'preload', first, ' as="image" fetchpriority="high"');
}

/** Only web addresses or paths of this site reach the preview image (never javascript: or data:). */
const webImage = (url: string | null) => (url && /^(https?:\/\/|\/(?![/\\]))/i.test(url) ? url : null);

export async function renderArticlePreview(ctx: Ctx, html: string, article: NewsArticle) {
  const site = await getPublicSettings(ctx);
  const base = ctx.config.baseUrl;
  const title = `${article.title} · ${site.siteTitle}`;
  const image = webImage(article.featuredImage);
  const imageUrl = image ?? nowPlayingSlot.of(ctx).snapshot.station.defaultArt;
  let out = setTitle(html, title);
  out = setMeta(out, 'name', 'description', article.summary);
  out = setMeta(out, 'property', 'og:type', 'article');
  out = setMeta(out, 'property', 'og:title', article.title);
  out = setMeta(out, 'property', 'og:description', article.summary);
  out = setMeta(out, 'property', 'og:url', `${base}/news/${encodeURIComponent(article.slug)}`);
  out = setMeta(out, 'property', 'og:image', imageUrl.startsWith('/') ? `${base}${imageUrl}` : imageUrl);
  out = setMeta(out, 'property', 'og:site_name', site.siteTitle);
  if (article.publishedAt) out = setMeta(out, 'property', 'article:published_time', article.publishedAt);
  if (article.author) out = setMeta(out, 'property', 'article:author', article.author.name);
  out = setMeta(out, 'name', 'twitter:card', image ? 'summary_large_image' : 'summary');
  out = setLink(out, 'canonical', `${base}/news/${encodeURIComponent(article.slug)}`);
  return out;
}

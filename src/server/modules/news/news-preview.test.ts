import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';

const INDEX = `<!doctype html><html><head><meta name="description" content="x" /><meta property="og:title" content="OnAir" /><meta property="og:description" content="x" /><meta property="og:image" content="/station-art.svg" /><title>OnAir</title></head><body><div id="root"></div></body></html>`;

const web = mkdtempSync(path.join(os.tmpdir(), 'onair-web-'));
writeFileSync(path.join(web, 'index.html'), INDEX);
const t = appForFile({ env: { SERVE_WEB: 'true', WEB_DIR: web }, admin: 'Preview Admin' });

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

async function publish(over: Record<string, unknown>) {
  const res = await t.admin.post('/api/news', {
    content: 'Body',
    excerpt: '',
    featuredImage: '',
    isPublished: true,
    isFeatured: false,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article;
}

describe('link previews of an article page', () => {
  it("serves /news/{slug} with the article's own title, description and image", async () => {
    await publish({
      title: 'Festival Line-up Announced',
      excerpt: 'Twelve bands, two stages, one weekend.',
      featuredImage: 'https://img.example/festival.jpg',
    });
    const res = await t.anon.get('/news/festival-line-up-announced');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Festival Line-up Announced · OnAir Radio</title>');
    expect(meta(html, 'og:title')).toBe('Festival Line-up Announced');
    expect(meta(html, 'og:description')).toBe('Twelve bands, two stages, one weekend.');
    expect(meta(html, 'description')).toBe('Twelve bands, two stages, one weekend.');
    expect(meta(html, 'og:image')).toBe('https://img.example/festival.jpg');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe('http://localhost:3000/news/festival-line-up-announced');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'article:author')).toBe('Preview Admin');
  });

  it('uses the start of the text when there is no excerpt, and the station image when there is no picture', async () => {
    await publish({ title: 'Plain Article', content: 'The **whole** story, in Markdown.' });
    const html = (await t.anon.get('/news/plain-article')).body;
    expect(meta(html, 'og:description')).toBe('The whole story, in Markdown.');
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/station-art.svg');
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('redirects an old slug permanently to the current one', async () => {
    const a = await publish({ title: 'Before Rename' });
    await t.admin.patch(`/api/news/${a.id}`, {
      title: 'After Rename',
      content: 'Body',
      isPublished: true,
      isFeatured: false,
    });
    const res = await t.anon.get('/news/before-rename');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/news/after-rename');
  });

  it('keeps the station preview for other pages, drafts and unknown slugs', async () => {
    for (const p of ['/news', '/news/no-such-story', '/streamers']) {
      const html = (await t.anon.get(p)).body;
      expect(html, p).toContain('<title>OnAir Radio</title>');
    }
  });

  it('keeps every value escaped, $-patterns literal, and only web images', async () => {
    const PAYLOAD = `$1 $& $' x" /><meta http-equiv="refresh" content="0;url=https://evil.example"><script>`;
    await publish({
      title: `Payload ${PAYLOAD}`,
      excerpt: `Excerpt ${PAYLOAD}`,
      featuredImage: `https://img.example/a.png?${encodeURIComponent(PAYLOAD)}`,
    });
    const list = (await t.anon.get('/api/news')).json();
    const slug = [...list.featured, ...list.latest].find((a: { title: string }) =>
      a.title.startsWith('Payload'),
    ).slug;
    const html = (await t.anon.get(`/news/${slug}`)).body;
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).not.toContain('<script>');
    expect(meta(html, 'og:title')).toBe(
      'Payload $1 $&amp; $&#39; x&quot; /&gt;&lt;meta http-equiv=&quot;refresh&quot; content=&quot;0;url=https://evil.example&quot;&gt;&lt;script&gt;',
    );
  });
});

describe('canonical links and the home page picture', () => {
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];

  it('gives every page its canonical address (no query, no trailing slash) and an article its slug', async () => {
    expect(canonical((await t.anon.get('/schedule?day=2')).body)).toBe('http://localhost:3000/schedule');
    expect(canonical((await t.anon.get('/members/')).body)).toBe('http://localhost:3000/members');
    expect(canonical((await t.anon.get('/')).body)).toBe('http://localhost:3000/');
    const a = await publish({ title: 'Canonical Story' });
    expect(canonical((await t.anon.get(`/news/${a.slug}`)).body)).toBe(
      `http://localhost:3000/news/${a.slug}`,
    );
  });

  it("preloads the carousel's first slide on the home page only", async () => {
    const add = await t.admin.post('/api/carousel', {
      imageUrl: 'https://img.example/first.jpg',
      title: 'First',
    });
    expect(add.statusCode, add.body).toBe(201);
    const home = (await t.anon.get('/')).body;
    expect(home).toContain(
      '<link rel="preload" href="https://img.example/first.jpg" as="image" fetchpriority="high" />',
    );
    expect((await t.anon.get('/schedule')).body).not.toContain('rel="preload"');
  });
});

import type { FastifyInstance } from 'fastify';
import { getPublicSettings } from '../settings/public-settings';
import { listSitemapArticles } from './news.service';

/** The pages a search engine should know (the listener side; staff pages are left out). */
export const PUBLIC_PAGES = [
  '/',
  '/schedule',
  '/listen-again',
  '/requests',
  '/chart',
  '/most-liked',
  '/most-played',
  '/members',
  '/staff',
  '/apply',
  '/news',
  '/streamers',
  '/shop',
];

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Files about the site, made from its settings: the web app manifest (installable: the station's name and
 * colours, maskable icons, opening to the player), robots.txt and sitemap.xml.
 */
export async function siteFilesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const base = ctx.config.baseUrl;

  app.get(
    '/manifest.webmanifest',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_req, reply) => {
      const site = await getPublicSettings(ctx);
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return {
        id: '/',
        name: site.siteTitle,
        short_name: site.siteTitle.length <= 12 ? site.siteTitle : site.siteTitle.slice(0, 12).trim(),
        description: site.siteDescription,
        start_url: '/?source=app',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#07071a',
        theme_color: '#07071a',
        categories: ['music', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      };
    },
  );

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /roles',
      'Disallow: /presenter',
      'Disallow: /staff-panel',
      'Disallow: /messages',
      'Disallow: /profile',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${xml(`${base}${p}`)}</loc></url>`);
    for (const a of await listSitemapArticles(ctx.db)) {
      const loc = xml(`${base}/news/${a.slug}`);
      urls.push(`  <url><loc>${loc}</loc><lastmod>${new Date(a.updatedAt).toISOString()}</lastmod></url>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
}

import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { signUpMember } from '../../test/test-app';

const t = appForFile({ env: { SITE_TITLE: 'Harbour Community Radio' } });

describe('manifest, robots.txt and sitemap.xml', () => {
  it('serves an installable manifest with the station’s name, colours and maskable icons', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const m = res.json();
    expect(m).toMatchObject({
      name: 'Harbour Community Radio',
      short_name: 'Harbour Comm',
      start_url: '/?source=app',
      display: 'standalone',
      theme_color: '#07071a',
    });
    expect(m.icons.filter((i: { purpose: string }) => i.purpose === 'maskable')).toHaveLength(2);
    expect(m.icons.map((i: { sizes: string }) => i.sizes)).toContain('512x512');
  });

  it('serves robots.txt pointing at the sitemap, and a sitemap of the public pages', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    const map = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain('<loc>http://localhost:3000/schedule</loc>');
    expect(map.body).not.toContain('/admin');
    expect(map.body).toContain('<loc>http://localhost:3000/news</loc>');
  });

  it('lists every published article with its last change, never a draft', async () => {
    const admin = await signUpMember(t.app, 'Sitemap Admin');
    const post = (title: string, isPublished: boolean) =>
      admin.post('/api/news', {
        title,
        content: 'Text.',
        excerpt: '',
        featuredImage: '',
        isPublished,
        isFeatured: false,
      });
    expect((await post('Open Day & Fair', true)).statusCode).toBe(201);
    expect((await post('Secret Draft', false)).statusCode).toBe(201);
    const map = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(map).toMatch(/<loc>http:\/\/localhost:3000\/news\/open-day-fair<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
    expect(map).not.toContain('secret-draft');
  });
});

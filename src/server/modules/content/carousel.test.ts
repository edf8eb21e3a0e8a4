import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { appForFile } from '../../test/app-for-file';
import { memberWith } from '../../test/test-app';

const t = appForFile({ admin: 'Carousel Admin' });

type Image = { id: string; title: string | null; displayOrder: number; isActive: boolean };

async function add(title: string, over: Record<string, unknown> = {}): Promise<Image> {
  const res = await t.admin.post('/api/carousel', {
    imageUrl: `https://img.example/${title}.jpg`,
    title,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image;
}
const allTitles = async () =>
  ((await t.admin.get('/api/carousel/all')).json().images as Image[]).map((i) => i.title);
const clear = () => t.dbh.query('DELETE FROM carousel_images');

describe('carousel images', () => {
  it('requires an image URL that is a URL; title and link are optional, trimmed, null when empty', async () => {
    await clear();
    const missing = await t.admin.post('/api/carousel', { imageUrl: ' ', title: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Image URL is required');
    const notUrl = await t.admin.post('/api/carousel', { imageUrl: 'javascript:alert(1)' });
    expect(notUrl.json().error.message).toBe('Please enter a valid URL');
    const badLink = await t.admin.post('/api/carousel', {
      imageUrl: 'https://a.example/x.jpg',
      linkUrl: 'javascript:x',
    });
    expect(badLink.json().error.fields.linkUrl).toBe(
      'Please enter a valid link (http, https or a page of this site)',
    );
    const ok = await t.admin.post('/api/carousel', {
      imageUrl: ' https://a.example/x.jpg ',
      title: '  ',
      linkUrl: '/schedule',
    });
    expect(ok.json().image).toMatchObject({
      imageUrl: 'https://a.example/x.jpg',
      title: null,
      linkUrl: '/schedule',
      isActive: true,
      displayOrder: 0,
    });
  });

  it('puts a new image last: the highest display order plus 1', async () => {
    await clear();
    const a = await add('A');
    const b = await add('B');
    await t.dbh.query('UPDATE carousel_images SET display_order = 7 WHERE id = $1', [b.id]);
    const c = await add('C');
    expect([a.displayOrder, c.displayOrder]).toEqual([0, 8]);
  });

  it('moves by swapping with the neighbour, never past either end', async () => {
    await clear();
    await add('One');
    const two = await add('Two');
    const three = await add('Three');
    const up = await t.admin.post(`/api/carousel/${three.id}/move`, { direction: 'up' });
    expect(up.statusCode).toBe(200);
    expect(up.json().images.map((i: Image) => i.title)).toEqual(['One', 'Three', 'Two']);
    await t.admin.post(`/api/carousel/${three.id}/move`, { direction: 'up' });
    expect(await allTitles()).toEqual(['Three', 'One', 'Two']);
    // At the top already: nothing moves.
    await t.admin.post(`/api/carousel/${three.id}/move`, { direction: 'up' });
    expect(await allTitles()).toEqual(['Three', 'One', 'Two']);
    await t.admin.post(`/api/carousel/${two.id}/move`, { direction: 'down' });
    expect(await allTitles()).toEqual(['Three', 'One', 'Two']);
    const orders = ((await t.admin.get('/api/carousel/all')).json().images as Image[]).map(
      (i) => i.displayOrder,
    );
    expect(new Set(orders).size).toBe(3);
    const bad = await t.admin.post(`/api/carousel/${two.id}/move`, { direction: 'sideways' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows visitors only the active images, in order; the toggle and edits tell open pages', async () => {
    await clear();
    const a = await add('Shown');
    const b = await add('Hidden');
    const before = (
      await t.dbh.query('SELECT count(*)::int AS n FROM realtime_events WHERE type = $1', [
        EVENT_TYPES.carouselChanged,
      ])
    ).rows[0] as { n: number };
    const off = await t.admin.patch(`/api/carousel/${b.id}`, { isActive: false });
    expect(off.json().image.isActive).toBe(false);
    const edit = await t.admin.patch(`/api/carousel/${a.id}`, {
      title: 'Shown Again',
      linkUrl: 'https://x.example',
    });
    expect(edit.json().image).toMatchObject({ title: 'Shown Again', linkUrl: 'https://x.example' });
    const pub = (await t.anon.get('/api/carousel')).json().images as Image[];
    expect(pub.map((i) => i.title)).toEqual(['Shown Again']);
    const after = (
      await t.dbh.query('SELECT count(*)::int AS n FROM realtime_events WHERE type = $1', [
        EVENT_TYPES.carouselChanged,
      ])
    ).rows[0] as { n: number };
    expect(after.n - before.n).toBe(2);
  });

  it('deletes an image; an unknown one is a 404', async () => {
    await clear();
    const a = await add('Gone');
    expect((await t.admin.delete(`/api/carousel/${a.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/carousel/${a.id}`)).statusCode).toBe(404);
    expect((await t.admin.post(`/api/carousel/${a.id}/move`, { direction: 'up' })).statusCode).toBe(404);
    expect((await t.admin.patch('/api/carousel/nope', { title: 'x' })).statusCode).toBe(404);
  });

  it('takes an uploaded image checked by its content, shrinks it and serves it from uploads', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#a855f7' } })
      .png()
      .toBuffer();
    const res = await t.admin.request('POST', '/api/carousel/upload', undefined, {
      'content-type': 'image/png',
    });
    expect(res.statusCode).toBe(400);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/carousel/upload',
      headers: { origin: 'http://localhost:3000', cookie: t.admin.cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(up.statusCode, up.body).toBe(201);
    const url = up.json().url as string;
    expect(url).toMatch(/^\/uploads\/carousel\/slide-[0-9a-f]+\.webp$/);
    const served = await t.anon.get(url);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1920);
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/carousel/upload',
      headers: { origin: 'http://localhost:3000', cookie: t.admin.cookie, 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload="alert(1)"></svg>'.padEnd(64, ' ')),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('Please choose an image (JPG, PNG, GIF or WebP).');
    expect((await add('Uploaded', { imageUrl: url })).title).toBe('Uploaded');
  });

  it('is managed by admins only', async () => {
    const presenter = await memberWith(t, 'presenter');
    expect((await presenter.post('/api/carousel', { imageUrl: 'https://a.example/x.jpg' })).statusCode).toBe(
      403,
    );
    expect((await t.anon.get('/api/carousel/all')).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('carousel reorders under concurrency (PostgreSQL)', () => {
  it('never leaves two images in one position, whatever runs at once', async () => {
    await clear();
    const images: Image[] = [];
    for (let i = 0; i < 6; i++) images.push(await add(`C${i}`));
    const moves = [];
    for (let round = 0; round < 5; round++) {
      for (const [i, img] of images.entries()) {
        moves.push(
          t.admin.post(`/api/carousel/${img.id}/move`, { direction: (i + round) % 2 ? 'up' : 'down' }),
        );
      }
      moves.push(
        t.admin.post('/api/carousel', {
          imageUrl: `https://img.example/new-${round}.jpg`,
          title: `N${round}`,
        }),
      );
    }
    const results = await Promise.all(moves);
    expect(results.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);
    const { rows } = await t.dbh.query<{ n: number; distinct_orders: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT display_order)::int AS distinct_orders FROM carousel_images',
    );
    expect(rows[0]).toEqual({ n: 11, distinct_orders: 11 });
  });
});

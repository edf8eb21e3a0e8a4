import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { appForFile } from '../../test/app-for-file';
import { type Member, memberWith, signUpMember } from '../../test/test-app';

const t = appForFile({ admin: 'News Admin' });
let reporter: Member;
let otherReporter: Member;
beforeAll(async () => {
  // One reporter by profile role, one by assigned role: both are news reporters.
  reporter = await memberWith(t, 'news_reporter', [], 'Rita Reporter');
  otherReporter = await memberWith(t, 'user', ['news_reporter'], 'Otto Other');
});

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Station News',
  content: 'Some **news** from the station.',
  excerpt: '',
  featuredImage: '',
  isPublished: false,
  isFeatured: false,
  ...over,
});

async function create(who: Member, over: Record<string, unknown> = {}) {
  const res = await who.post('/api/news', article(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article;
}

async function events(type: string) {
  const { rows } = await t.dbh.query<{ topic: string; data: { id: string } }>(
    'SELECT topic, data FROM realtime_events WHERE type = $1 ORDER BY id',
    [type],
  );
  return rows;
}

describe('writing articles', () => {
  it('trims every field, stores an empty excerpt and image as null, and derives slug and reading time', async () => {
    const a = await create(reporter, {
      title: '  Summer   Schedule! ',
      content: `  ${'word '.repeat(201)} `,
      excerpt: '   ',
      featuredImage: '  ',
    });
    expect(a).toMatchObject({
      title: 'Summer   Schedule!',
      slug: 'summer-schedule',
      excerpt: null,
      featuredImage: null,
      isPublished: false,
      publishedAt: null,
      readingMinutes: 2,
      author: { name: 'Rita Reporter' },
      canEdit: true,
      canPublish: true,
    });
    expect(a.content.startsWith('word')).toBe(true);
  });

  it('requires a title and content, with the wording of the form', async () => {
    const noTitle = await reporter.post('/api/news', article({ title: '  ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe('Title is required');
    const noContent = await reporter.post('/api/news', article({ content: '' }));
    expect(noContent.json().error.message).toBe('Content is required');
    const badImage = await reporter.post('/api/news', article({ featuredImage: 'javascript:alert(1)' }));
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().error.fields.featuredImage).toBe(
      'Please enter a valid image URL (http or https).',
    );
  });

  it('gives a clashing title a numeric suffix', async () => {
    const one = await create(reporter, { title: 'Clash Title' });
    const two = await create(reporter, { title: 'clash  title!' });
    const three = await create(otherReporter, { title: 'CLASH-TITLE' });
    expect([one.slug, two.slug, three.slug]).toEqual(['clash-title', 'clash-title-2', 'clash-title-3']);
  });
});

describe('publishing', () => {
  it('publish sets published_at now, unpublish clears it, feature toggles independently', async () => {
    const a = await create(reporter, { title: 'Toggle Me' });
    const pub = (await reporter.patch(`/api/news/${a.id}/flags`, { isPublished: true })).json().article;
    expect(pub.isPublished).toBe(true);
    expect(Date.now() - Date.parse(pub.publishedAt)).toBeLessThan(60_000);
    const feat = (await reporter.patch(`/api/news/${a.id}/flags`, { isFeatured: true })).json().article;
    expect(feat).toMatchObject({ isFeatured: true, isPublished: true, publishedAt: pub.publishedAt });
    const unpub = (await reporter.patch(`/api/news/${a.id}/flags`, { isPublished: false })).json().article;
    expect(unpub).toMatchObject({ isPublished: false, publishedAt: null, isFeatured: true });
  });

  it('saving the form with the published box ticked sets published_at to now again', async () => {
    const a = await create(reporter, { title: 'Republish', isPublished: true });
    await t.dbh.query(`UPDATE news_articles SET published_at = now() - interval '3 days' WHERE id = $1`, [
      a.id,
    ]);
    const saved = (
      await reporter.patch(`/api/news/${a.id}`, article({ title: 'Republish', isPublished: true }))
    ).json().article;
    expect(Date.now() - Date.parse(saved.publishedAt)).toBeLessThan(60_000);
  });

  it('publishes news with a realtime event on the public topic; drafts only tell news managers', async () => {
    const draft = await create(reporter, { title: 'Quiet Draft' });
    const live = await create(reporter, { title: 'Loud News', isPublished: true });
    const changed = await events(EVENT_TYPES.newsChanged);
    expect(changed.find((e) => e.data.id === draft.id)?.topic).toBe('cap:news.manage');
    expect(changed.find((e) => e.data.id === live.id)?.topic).toBe('public');
  });
});

describe('the public news', () => {
  it('lists published articles only: at most two featured first, then the rest newest first', async () => {
    const ids: string[] = [];
    for (const [i, featured] of [true, true, true, false].entries()) {
      const a = await create(t.admin, { title: `Ordered ${i}`, isPublished: true, isFeatured: featured });
      await t.dbh.query(
        `UPDATE news_articles SET published_at = now() + ($2::int * interval '1 hour') WHERE id = $1`,
        [a.id, i + 10],
      );
      ids.push(a.id);
    }
    const hidden = await create(t.admin, { title: 'Draft Hidden' });
    const list = (await t.anon.get('/api/news')).json();
    expect(list.featured.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    const latestIds = list.latest.map((a: { id: string }) => a.id);
    expect(latestIds.slice(0, 2)).toEqual([ids[3], ids[0]]);
    expect(latestIds).not.toContain(hidden.id);
    expect(list.latest[0]).not.toHaveProperty('content');
  });

  it('summarises with the excerpt, else the text cut at 200 characters', async () => {
    await create(t.admin, { title: 'With Excerpt', excerpt: 'A short excerpt.', isPublished: true });
    await create(t.admin, {
      title: 'Without Excerpt',
      content: `# Head\n\n${'long '.repeat(100)}`,
      isPublished: true,
    });
    const all = [...(await t.anon.get('/api/news')).json().latest];
    const by = (title: string) => all.find((a: { title: string }) => a.title === title);
    expect(by('With Excerpt').summary).toBe('A short excerpt.');
    const summary = by('Without Excerpt').summary as string;
    expect(summary.startsWith('Head long long')).toBe(true);
    expect(summary.endsWith('...')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(203);
  });

  it('opens an article by slug; an unknown slug or a draft is a 404', async () => {
    const a = await create(reporter, { title: 'Open By Slug', content: 'Body *here*', isPublished: true });
    const res = await t.anon.get('/api/news/slug/open-by-slug');
    expect(res.statusCode).toBe(200);
    expect(res.json().article).toMatchObject({ id: a.id, content: 'Body *here*', readingMinutes: 1 });
    expect((await t.anon.get('/api/news/slug/no-such-article')).statusCode).toBe(404);
    await create(reporter, { title: 'Secret Draft' });
    expect((await t.anon.get('/api/news/slug/secret-draft')).statusCode).toBe(404);
  });

  it('gives a published article a new slug when its title changes, and the old slug still finds it', async () => {
    const a = await create(reporter, { title: 'Old Headline', isPublished: true });
    const renamed = (
      await reporter.patch(`/api/news/${a.id}`, article({ title: 'New Headline', isPublished: true }))
    ).json().article;
    expect(renamed.slug).toBe('new-headline');
    const old = await t.anon.get('/api/news/slug/old-headline');
    expect(old.statusCode).toBe(200);
    expect(old.json().article).toMatchObject({ id: a.id, slug: 'new-headline' });
    // The old slug stays reserved for its article: a new "Old Headline" gets a suffix.
    expect((await create(t.admin, { title: 'Old Headline' })).slug).toBe('old-headline-2');
    // Back to the first title: the article takes its old slug again.
    const back = (
      await reporter.patch(`/api/news/${a.id}`, article({ title: 'Old Headline', isPublished: true }))
    ).json().article;
    expect(back.slug).toBe('old-headline');
    expect((await t.anon.get('/api/news/slug/new-headline')).json().article.slug).toBe('old-headline');
  });

  it('a draft that was never public changes its slug without leaving a redirect', async () => {
    const a = await create(reporter, { title: 'Draft One' });
    await reporter.patch(`/api/news/${a.id}`, article({ title: 'Draft Two' }));
    const { rows } = await t.dbh.query('SELECT slug FROM news_slug_redirects WHERE article_id = $1', [a.id]);
    expect(rows).toEqual([]);
  });

  it('serves an RSS feed of the published articles, escaped, with the rendered body', async () => {
    await create(t.admin, {
      title: 'Feed <Item> & "Quotes"',
      content: 'Hello <script>alert(1)</script> **bold** ]]> end',
      isPublished: true,
    });
    await create(t.admin, { title: 'Feed Draft Only' });
    const res = await t.anon.get('/news/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const xml = res.body;
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>OnAir Radio News</title>');
    expect(xml).toContain('<title>Feed &lt;Item&gt; &amp; &quot;Quotes&quot;</title>');
    expect(xml).toContain('<link>http://localhost:3000/news/feed-item-quotes</link>');
    expect(xml).toContain('<strong>bold</strong>');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('Feed Draft Only');
    // A "]]>" in the body cannot end the CDATA section early.
    expect(xml).toContain('<strong>bold</strong> ]]&gt; end');
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });
});

describe('who may do what (news.policy.ts)', () => {
  it('lets a news reporter change only their own articles; others are read-only to them', async () => {
    const mine = await create(reporter, { title: 'Mine To Keep', isPublished: true });
    const list = (await otherReporter.get('/api/news/manage')).json();
    expect(list.rights).toEqual({ canCreate: true, canPublish: true });
    const seen = list.articles.find((a: { id: string }) => a.id === mine.id);
    expect(seen).toMatchObject({ canEdit: false, canPublish: false, author: { name: 'Rita Reporter' } });
    const edit = await otherReporter.patch(`/api/news/${mine.id}`, article({ title: 'Hijack' }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe('You can only change your own articles.');
    expect((await otherReporter.patch(`/api/news/${mine.id}/flags`, { isPublished: false })).statusCode).toBe(
      403,
    );
    expect((await otherReporter.delete(`/api/news/${mine.id}`)).statusCode).toBe(403);
    expect((await t.anon.get('/api/news/slug/mine-to-keep')).json().article.title).toBe('Mine To Keep');
  });

  it('lets admins and manage_news holders change every article', async () => {
    const editor = await memberWith(t, 'content_director', [], 'Carla Director');
    const a = await create(reporter, { title: 'Edited By Editor' });
    const res = await editor.patch(
      `/api/news/${a.id}`,
      article({ title: 'Edited By Editor', content: 'Fixed' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await t.admin.patch(`/api/news/${a.id}/flags`, { isPublished: true })).statusCode).toBe(200);
    expect((await editor.delete(`/api/news/${a.id}`)).statusCode).toBe(200);
    expect((await editor.delete(`/api/news/${a.id}`)).statusCode).toBe(404);
  });

  it('keeps a create_news-only writer to drafts', async () => {
    await t.dbh.query(
      `INSERT INTO roles (name, full_name, permissions) VALUES ('drafter', 'Drafter', '["create_news"]'::jsonb)`,
    );
    const drafter = await memberWith(t, 'user', ['drafter'], 'Dan Drafter');
    expect((await drafter.get('/api/news/manage')).json().rights).toEqual({
      canCreate: true,
      canPublish: false,
    });
    const published = await drafter.post('/api/news', article({ title: 'Straight Out', isPublished: true }));
    expect(published.statusCode).toBe(403);
    expect(published.json().error.message).toBe(
      'You can save drafts; someone with publishing rights publishes them.',
    );
    const draft = await create(drafter, { title: 'Drafted' });
    expect(draft).toMatchObject({ canEdit: false, canPublish: false });
    expect((await drafter.patch(`/api/news/${draft.id}`, article({ title: 'Drafted 2' }))).statusCode).toBe(
      403,
    );
  });

  it('refuses everyone else, and a bad id names nothing', async () => {
    const member = await signUpMember(t.app, 'Plain Member');
    expect((await member.post('/api/news', article())).statusCode).toBe(403);
    expect((await t.anon.post('/api/news', article())).statusCode).toBe(401);
    expect((await t.admin.patch('/api/news/not-a-uuid', article())).statusCode).toBe(404);
    expect((await t.admin.delete('/api/news/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
});

describe('news to Discord', () => {
  const HOOK = 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz0123456789';
  const queued = async () =>
    (
      await t.dbh.query<{ kind: string; payload: { embeds: { title: string; url: string }[] } }>(
        'SELECT kind, payload FROM discord_messages ORDER BY created_at',
      )
    ).rows;

  it("sends a published article with the exact texts; drafts and other reporters' articles are refused", async () => {
    await t.dbh.query('DELETE FROM discord_messages');
    await t.dbh.query('DELETE FROM discord_settings');
    const draft = await create(reporter, { title: 'Draft For Discord' });
    const mine = await create(t.admin, { title: 'Discord Worthy', isPublished: true });

    const notConfigured = await t.admin.post(`/api/news/${mine.id}/discord`, {});
    expect(notConfigured.statusCode).toBe(400);
    expect(notConfigured.json().error.message).toBe(
      'Discord webhook not configured. Please set it up in Admin Panel > Discord.',
    );
    await t.dbh.query(
      `INSERT INTO discord_settings (id, webhook_url) VALUES (1, 'https://evil.example/hook')`,
    );
    expect((await t.admin.post(`/api/news/${mine.id}/discord`, {})).json().error.message).toBe(
      'Invalid Discord webhook URL configuration.',
    );
    expect(await queued()).toEqual([]);

    expect((await t.admin.put('/api/discord/webhook', { url: HOOK })).statusCode).toBe(200);
    const sent = await t.admin.post(`/api/news/${mine.id}/discord`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    // Queued, not yet sent: sent or failed follows over the event stream.
    expect(sent.json().message).toBe('Queued for Discord. You will see here when it is sent.');
    const rows = await queued();
    expect(rows.map((r) => r.kind)).toContain('news');
    const news = rows.find((r) => r.kind === 'news');
    expect(news?.payload.embeds[0]).toMatchObject({
      title: 'Discord Worthy',
      url: `${t.app.ctx.config.baseUrl}/news/${mine.slug}`,
    });

    const before = (await queued()).length;
    const draftSend = await reporter.post(`/api/news/${draft.id}/discord`, {});
    expect(draftSend.statusCode).toBe(400);
    expect(draftSend.json().error.message).toBe('Publish the article before sending it to Discord.');
    expect((await otherReporter.post(`/api/news/${mine.id}/discord`, {})).statusCode).toBe(403);
    expect((await t.anon.post(`/api/news/${mine.id}/discord`, {})).statusCode).toBe(401);
    expect((await queued()).length).toBe(before);
  });

  it("announces an article's first publication in the publishing transaction, never a re-publication", async () => {
    await t.dbh.query('DELETE FROM discord_messages');
    expect((await t.admin.put('/api/discord/webhook', { url: HOOK })).statusCode).toBe(200);
    const announced = async () => (await queued()).filter((r) => r.kind === 'article');
    const a = await create(reporter, { title: 'First Light' });
    expect(await announced()).toEqual([]);
    await reporter.patch(`/api/news/${a.id}/flags`, { isPublished: true });
    expect((await announced()).map((r) => r.payload.embeds[0].title)).toEqual(['First Light']);
    await reporter.patch(`/api/news/${a.id}/flags`, { isPublished: false });
    await reporter.patch(`/api/news/${a.id}/flags`, { isPublished: true });
    expect(await announced()).toHaveLength(1);
    await create(t.admin, { title: 'Born Published', isPublished: true });
    expect((await announced()).map((r) => r.payload.embeds[0].title)).toEqual([
      'First Light',
      'Born Published',
    ]);
    // Switched off in the Discord settings: no announcement.
    expect(
      (await t.admin.put('/api/discord/announcements', { live: true, chart: true, articles: false }))
        .statusCode,
    ).toBe(200);
    await create(t.admin, { title: 'Quiet Story', isPublished: true });
    expect(await announced()).toHaveLength(2);
  });
});

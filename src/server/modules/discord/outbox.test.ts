import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_COLOR } from '../../../shared/contracts/discord';
import { appForFile } from '../../test/app-for-file';
import { playedByAutoDj } from '../../test/fixtures/library';
import { generateChart } from '../library/chart.service';
import { nowPlayingSlot } from '../station/now-playing.service';
import { saveWebhookUrl, updateAnnouncements } from './discord-settings.service';
import {
  announceArticlePublished,
  announcePresenterLive,
  endLiveAnnouncement,
  newsArticleEmbed,
  sendNewsToDiscord,
} from './outbox.service';

/** What other modules call: news to Discord, announcements and their switches (no job runner here). */
const t = appForFile({ timeout: 120_000 });
beforeEach(async () => {
  await t.dbh.query('DELETE FROM discord_messages');
  await t.dbh.query('DELETE FROM discord_settings');
});

const site = { title: 'OnAir Radio', baseUrl: 'https://radio.example' };
const article = {
  title: 'New Studio Opens',
  content: 'x'.repeat(300),
  excerpt: null,
  featuredImage: 'https://img.example/studio.jpg',
  authorName: 'Nora News',
  publishedAt: '2026-11-20T10:00:00.000Z',
  slug: 'new-studio-opens',
};
const HOOK = 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz0123456789';
const rows = async () =>
  (
    await t.dbh.query<{ kind: string; payload: { content: string; embeds: unknown[] } }>(
      'SELECT kind, payload FROM discord_messages',
    )
  ).rows;

describe('news to Discord', () => {
  it('builds the news embed: the excerpt or the first 200 characters, author, date, link, footer, image', () => {
    const msg = newsArticleEmbed(article, site);
    const e = msg.embeds[0];
    expect(e).toMatchObject({
      title: 'New Studio Opens',
      description: 'x'.repeat(200),
      url: 'https://radio.example/news/new-studio-opens',
      color: DEFAULT_EMBED_COLOR,
      author: { name: 'Nora News' },
      footer: { text: 'OnAir Radio • Live 24/7' },
      timestamp: '2026-11-20T10:00:00.000Z',
      image: { url: 'https://img.example/studio.jpg' },
    });
    expect(e.fields).toEqual([
      { name: 'Published', value: '20 November 2026', inline: true },
      {
        name: 'Read more',
        value: '[Read the full article](https://radio.example/news/new-studio-opens)',
        inline: true,
      },
    ]);
    expect(
      newsArticleEmbed({ ...article, excerpt: 'Short.', featuredImage: 'data:x' }, site).embeds[0],
    ).toMatchObject({
      description: 'Short.',
    });
    expect(newsArticleEmbed({ ...article, featuredImage: 'data:x' }, site).embeds[0].image).toBeUndefined();
  });

  it('refuses with the exact texts, else queues the article', async () => {
    const send = () =>
      t.app.ctx.db.transaction((tx) => sendNewsToDiscord(t.app.ctx, tx, article, site, null));
    await expect(send()).rejects.toThrow(
      'Discord webhook not configured. Please set it up in Admin Panel > Discord.',
    );
    await t.dbh.query(
      `INSERT INTO discord_settings (id, webhook_url) VALUES (1, 'https://evil.example/hook')`,
    );
    await expect(send()).rejects.toThrow('Invalid Discord webhook URL configuration.');
    await saveWebhookUrl(t.app.ctx, HOOK);
    const out = await send();
    expect(out.message).toBe('Queued for Discord. You will see here when it is sent.');
    expect(await rows()).toMatchObject([{ kind: 'news', payload: newsArticleEmbed(article, site) }]);
  });
});

describe('automatic announcements', () => {
  it('a published article is announced only while its switch is on and a webhook is saved', async () => {
    const announce = () =>
      t.app.ctx.db.transaction((tx) => announceArticlePublished(t.app.ctx, tx, article, site));
    expect(await announce()).toBeNull();
    await saveWebhookUrl(t.app.ctx, HOOK);
    expect(await announce()).not.toBeNull();
    await updateAnnouncements(t.app.ctx, { live: true, chart: true, articles: false });
    expect(await announce()).toBeNull();
    expect((await rows()).map((r) => r.kind)).toEqual(['article']);
  });

  it('the weekly chart job announces the chart in its transaction; a manual update does not', async () => {
    await saveWebhookUrl(t.app.ctx, HOOK);
    const at = new Date(Date.now() - 8 * 86_400_000);
    for (const [title, n] of [
      ['Alpha', 3],
      ['Beta', 2],
    ] as const) {
      await playedByAutoDj(t.app.ctx.db, { title, artist: 'Band' }, Array(n).fill(at));
    }
    await generateChart(t.app.ctx, at);
    expect(await rows()).toEqual([]);
    await generateChart(t.app.ctx, at, new Date(), { announce: true });
    const [row] = await rows();
    expect(row.kind).toBe('chart');
    expect(row.payload.content).toBe('📊 The weekly chart is out on OnAir Radio!');
    expect(JSON.stringify(row.payload.embeds)).toContain('🥇 Alpha — Band (3 plays)');
    await updateAnnouncements(t.app.ctx, { live: true, chart: false, articles: true });
    await generateChart(t.app.ctx, at, new Date(), { announce: true });
    expect(await rows()).toHaveLength(1);
  });
});

describe('the live announcement', () => {
  const live = { presenterName: 'DJ Nova', showName: 'Night Drive', description: null };
  const announceLive = () =>
    t.app.ctx.db.transaction((tx) => announcePresenterLive(t.app.ctx, tx, live, site));

  it('is queued once per live session, however many instances see it at once; again after the show ends', async () => {
    await saveWebhookUrl(t.app.ctx, HOOK);
    await endLiveAnnouncement(t.app.ctx.db);
    // Several instances (or a restart mid-show) seeing the same presenter go live: one announcement.
    const claims = await Promise.all(Array.from({ length: 8 }, () => announceLive()));
    expect(claims.filter((r) => r !== null)).toHaveLength(1);
    expect(await announceLive()).toBeNull();
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual(['live']);
    expect(queued[0].payload.content).toBe('🔴 **DJ Nova** is live on OnAir Radio!');
    // Off air, then live again: a new session, a new announcement.
    await endLiveAnnouncement(t.app.ctx.db);
    expect(await announceLive()).not.toBeNull();
    expect(await rows()).toHaveLength(2);
  });

  it('follows the station going live and off air through the now-playing service', async () => {
    await saveWebhookUrl(t.app.ctx, HOOK);
    const np = nowPlayingSlot.of(t.app.ctx);
    await np.liveChanged({ isLive: false, streamerName: null });
    await np.liveChanged({ isLive: true, streamerName: 'Nova On Air' });
    await expect.poll(async () => (await rows()).filter((r) => r.kind === 'live').length).toBe(1);
    // The same show seen again (as a restarted instance would): nothing more.
    await np.liveChanged({ isLive: false, streamerName: null }).then(() => undefined);
    await t.dbh.query(
      `INSERT INTO admin_settings (setting_key, setting_value) VALUES ('discord_live_announced', '{"presenter":"Nova On Air"}'::jsonb)`,
    );
    await np.liveChanged({ isLive: true, streamerName: 'Nova On Air' });
    await new Promise((r) => setTimeout(r, 200));
    expect((await rows()).filter((r) => r.kind === 'live')).toHaveLength(1);
    await np.liveChanged({ isLive: false, streamerName: null });
    await np.liveChanged({ isLive: true, streamerName: 'Nova On Air' });
    await expect.poll(async () => (await rows()).filter((r) => r.kind === 'live').length).toBe(2);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { MIGRATIONS_FOLDER } from '../../db/client';

/** The last migration of each release that stations run: 0014 is the last landed release, 0010 the one before. */
export const RELEASES = { previous: '0014_staff', beforeThat: '0010_discord_support' } as const;

/**
 * A copy of the migrations folder whose journal stops at `lastTag`: drizzle's migrator applies exactly the
 * migrations an older release shipped. Remove the folder with the returned `remove()`.
 */
export function migrationsUpTo(lastTag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'onair-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export const PASSWORD = 'upgrade-pass-1';

/** The station the old release left behind: ids and texts the checks after the upgrade look for. */
export const OLD = {
  admin: { id: 'u-admin-0001', email: 'admin@upgrade.test', name: 'Ada Admin' },
  member: { id: 'u-member-0002', email: 'member@upgrade.test', name: 'Milo Member' },
  presenter: { id: 'u-presenter-0003', email: 'dj@upgrade.test', name: 'Dee Jay' },
  songs: [
    { id: '11111111-1111-4111-8111-111111111111', title: 'Harbour Lights', artist: 'The Tides' },
    { id: '22222222-2222-4222-8222-222222222222', title: 'Midnight Drive', artist: 'Neon Roads' },
  ],
  show: 'The Upgrade Hour',
  request: 'Please play Harbour Lights',
  news: { title: 'We survived the upgrade', slug: 'we-survived-the-upgrade' },
  shopItem: 'Golden Headphones',
  notification: 'Your request was played',
  balance: 50,
} as const;

/** The tables the seed writes, with how many rows it writes in each. */
export const SEEDED_ROWS: Record<string, number> = {
  user: 3,
  account: 3,
  profiles: 3,
  songs: 2,
  song_plays: 3,
  song_likes: 2,
  schedule_slots: 1,
  requests: 1,
  shop_categories: 1,
  shop_items: 1,
  user_tokens: 1,
  token_ledger: 2,
  user_purchases: 1,
  news_articles: 1,
  notifications: 1,
};

/**
 * Rows as the old release wrote them, in raw SQL valid at 0010 (and so at 0014): accounts with real
 * password hashes, songs, plays, likes, a schedule slot, a request, a shop item bought with tokens, a
 * news article and a notification.
 */
export async function seedSql(): Promise<string> {
  const hash = await hashPassword(PASSWORD);
  const people = [
    { ...OLD.admin, role: 'admin' },
    { ...OLD.member, role: 'user' },
    { ...OLD.presenter, role: 'presenter' },
  ];
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const lines: string[] = [];
  for (const p of people) {
    lines.push(
      `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES (${q(p.id)}, ${q(p.name)}, ${q(p.email)}, true, now() - interval '90 days', now() - interval '1 day');`,
      `INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES (${q(`acc-${p.id}`)}, ${q(p.id)}, 'credential', ${q(p.id)}, ${q(hash)}, now(), now());`,
      `INSERT INTO profiles (id, full_name, email, role, show_name, bio) VALUES (${q(p.id)}, ${q(p.name)}, ${q(p.email)}, ${q(p.role)}, ${p.role === 'presenter' ? q(OLD.show) : 'NULL'}, 'Here since the old days');`,
    );
  }
  const [a, b] = OLD.songs;
  lines.push(
    `INSERT INTO songs (id, title, artist, album) VALUES (${q(a.id)}, ${q(a.title)}, ${q(a.artist)}, 'Shorelines'), (${q(b.id)}, ${q(b.title)}, ${q(b.artist)}, NULL);`,
    `INSERT INTO song_plays (song_id, played_by, streamer_name, play_source, played_at) VALUES (${q(a.id)}, NULL, NULL, 'autodj', now() - interval '2 hours'), (${q(b.id)}, ${q(OLD.presenter.id)}, 'Dee Jay', 'live', now() - interval '1 hour'), (${q(a.id)}, NULL, NULL, 'request', now() - interval '10 minutes');`,
    `INSERT INTO song_likes (user_id, song_id) VALUES (${q(OLD.member.id)}, ${q(a.id)}), (${q(OLD.admin.id)}, ${q(b.id)});`,
    `INSERT INTO schedule_slots (presenter_id, day_of_week, hour_slot, start_time, end_time, show_name, description, booking_type, is_recurring, status) VALUES (${q(OLD.presenter.id)}, 3, 20, '20:00', '22:00', ${q(OLD.show)}, 'Songs that made it through', 'weekly', true, 'approved');`,
    `INSERT INTO requests (request_type, user_id, song_title, artist, message, requester_name, status, requester_key) VALUES ('song_request', ${q(OLD.member.id)}, ${q(a.title)}, ${q(a.artist)}, ${q(OLD.request)}, 'Milo', 'pending', ${q(`user:${OLD.member.id}`)});`,
    `INSERT INTO shop_categories (id, name, slug, icon, sort_order, is_active) VALUES ('33333333-3333-4333-8333-333333333333', 'Upgrade Gear', 'upgrade-gear', 'gift', 99, true);`,
    `INSERT INTO shop_items (id, category_id, name, description, price_pence, icon, is_active, sort_order, metadata) VALUES ('44444444-4444-4444-8444-444444444444', '33333333-3333-4333-8333-333333333333', ${q(OLD.shopItem)}, 'Shiny.', 500, 'headphones', true, 1, '{}'::jsonb);`,
    `INSERT INTO user_tokens (user_id, token_balance, total_earned, total_spent) VALUES (${q(OLD.member.id)}, ${OLD.balance}, 60, 10);`,
    `INSERT INTO user_purchases (id, user_id, shop_item_id, item_name, status, tokens_spent, payment_method, transaction_id) VALUES ('55555555-5555-4555-8555-555555555555', ${q(OLD.member.id)}, '44444444-4444-4444-8444-444444444444', ${q(OLD.shopItem)}, 'completed', 10, 'tokens', 'tx-upgrade-1');`,
    `INSERT INTO token_ledger (user_id, delta, balance_after, reason, actor_id, created_at) VALUES (${q(OLD.member.id)}, 60, 60, 'admin_gift', ${q(OLD.admin.id)}, now() - interval '3 days');`,
    `INSERT INTO token_ledger (user_id, delta, balance_after, reason, purchase_id, created_at) VALUES (${q(OLD.member.id)}, -10, ${OLD.balance}, 'item_purchase', '55555555-5555-4555-8555-555555555555', now() - interval '2 days');`,
    `INSERT INTO news_articles (title, slug, content, excerpt, summary, reading_minutes, author_id, is_published, published_at, first_published_at) VALUES (${q(OLD.news.title)}, ${q(OLD.news.slug)}, 'Every row came along.', 'Every row came along.', 'Every row came along.', 1, ${q(OLD.admin.id)}, true, now() - interval '1 day', now() - interval '1 day');`,
    `INSERT INTO notifications (user_id, title, message, link) VALUES (${q(OLD.member.id)}, 'Request played', ${q(OLD.notification)}, '/requests');`,
  );
  return lines.join('\n');
}

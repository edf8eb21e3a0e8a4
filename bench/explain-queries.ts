/**
 * The queries that still reach the database on a request (session lookups, cache rebuilds, the reads
 * that are not cached), EXPLAINed on PostgreSQL over a station far larger than the demo: 5,000 members,
 * 100,000 notifications, 200,000 direct messages, 200,000 plays, 20,000 requests, 50,000 chat messages.
 * Prints each plan's nodes and flags a sequential scan of a large table.
 *   node --import tsx bench/explain-queries.ts
 * Uses BENCH_DATABASE_URL (default the local server); a scratch database is created and dropped.
 */
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `onair_explain_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(PG_URL);
u.pathname = `/${name}`;
const h = await openPostgres(u.toString(), 2);

const FILL = `
INSERT INTO "user" (id, name, email) SELECT 'u' || i, 'Member ' || i, 'm' || i || '@example.com' FROM generate_series(1, 5000) i;
INSERT INTO profiles (id, full_name, email, role, public_profile)
  SELECT 'u' || i, 'Member ' || i, 'm' || i || '@example.com', CASE WHEN i % 500 = 0 THEN 'presenter' ELSE 'user' END, i % 7 <> 0
  FROM generate_series(1, 5000) i;
INSERT INTO session (id, token, user_id, expires_at) SELECT 's' || i, 't' || i, 'u' || i, now() + interval '30 days' FROM generate_series(1, 5000) i;
INSERT INTO notifications (user_id, title, message, is_read, created_at)
  SELECT 'u' || (i % 5000 + 1), 'Note', 'Hello', i % 3 = 0, now() - i * interval '1 minute' FROM generate_series(1, 100000) i;
INSERT INTO conversations (participant_1, participant_2, last_message_at)
  SELECT least('u' || i, 'u' || (i + 1)), greatest('u' || i, 'u' || (i + 1)), now() FROM generate_series(1, 4999) i;
INSERT INTO messages (conversation_id, sender_id, content, is_read, created_at)
  SELECT c.id, c.participant_1, 'hi', g % 4 <> 0, now() - g * interval '1 second'
  FROM conversations c CROSS JOIN generate_series(1, 40) g;
INSERT INTO songs (title, artist) SELECT 'Song ' || i, 'Artist ' || (i % 300) FROM generate_series(1, 5000) i;
INSERT INTO song_plays (song_id, play_source, played_at)
  SELECT s.id, 'autodj', now() - (random() * 60) * interval '1 day' FROM songs s CROSS JOIN generate_series(1, 40);
INSERT INTO song_likes (user_id, song_id) SELECT 'u' || ((s.i * 7 + g * 13) % 5000 + 1), s.id
  FROM (SELECT id, row_number() OVER () i FROM songs) s CROSS JOIN generate_series(0, 9) g ON CONFLICT DO NOTHING;
INSERT INTO requests (request_type, user_id, song_title, artist, requester_name, status, requester_key, created_at)
  SELECT 'song_request', 'u' || (i % 5000 + 1), 'Song ' || i, 'Artist', 'Member',
         CASE WHEN i % 50 = 0 THEN 'pending' WHEN i % 50 = 1 THEN 'approved' WHEN i % 3 = 0 THEN 'rejected' ELSE 'played' END,
         'user:u' || (i % 5000 + 1), now() - i * interval '1 minute' FROM generate_series(1, 20000) i;
INSERT INTO presenter_chat_messages (user_id, content, created_at, deleted_at)
  SELECT 'u' || (i % 5000 + 1), 'chat', now() - i * interval '1 second', CASE WHEN i % 50 = 0 THEN now() END FROM generate_series(1, 50000) i;
INSERT INTO realtime_events (topic, type, data) SELECT 'user:u' || (i % 5000 + 1), 'x', '{}' FROM generate_series(1, 20000) i;
`;

/** Each query as the app sends it (same shape; representative parameters). */
const QUERIES: [string, string, unknown[]][] = [
  ['session by token (better-auth, on a cache miss)', 'SELECT * FROM session WHERE token = $1', ['t42']],
  [
    'assigned roles of a member (actor, on a cache miss)',
    'SELECT r.name, r.permissions FROM user_role_assignments a JOIN roles r ON r.id = a.role_id WHERE a.user_id = $1',
    ['u42'],
  ],
  [
    'notifications of a member (cache rebuild)',
    'SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20',
    ['u42'],
  ],
  [
    'unread notifications count',
    'SELECT count(*) FROM notifications WHERE user_id = $1 AND is_read = false',
    ['u42'],
  ],
  [
    'chat history (cache rebuild)',
    `SELECT m.*, p.* FROM presenter_chat_messages m JOIN profiles p ON p.id = m.user_id
     WHERE m.deleted_at IS NULL ORDER BY m.created_at DESC LIMIT 100`,
    [],
  ],
  [
    'conversations of a member (cache rebuild)',
    `SELECT * FROM conversations WHERE participant_1 = $1 OR participant_2 = $1
     ORDER BY last_message_at DESC NULLS LAST, created_at DESC`,
    ['u42'],
  ],
  [
    'unread direct messages per conversation',
    `SELECT m.conversation_id, count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE (c.participant_1 = $1 OR c.participant_2 = $1) AND m.sender_id <> $1 AND NOT m.is_read
     GROUP BY m.conversation_id`,
    ['u42'],
  ],
  [
    'messages of a conversation (not cached)',
    `SELECT * FROM messages WHERE conversation_id = (SELECT id FROM conversations WHERE participant_1 = 'u42' LIMIT 1)
     ORDER BY created_at ASC LIMIT 500`,
    [],
  ],
  [
    'requests by status (public list rebuild, managers)',
    `SELECT r.*, p.full_name, p.email FROM requests r LEFT JOIN profiles p ON p.id = r.user_id
     WHERE r.status = $1 ORDER BY r.created_at DESC LIMIT 30`,
    ['approved'],
  ],
  ['request counts by status', 'SELECT status, count(*) FROM requests GROUP BY status', []],
  [
    'request cooldown',
    'SELECT created_at FROM requests WHERE requester_key = $1 ORDER BY created_at DESC LIMIT 1',
    ['user:u42'],
  ],
  [
    'request already queued',
    `SELECT id FROM requests WHERE request_type = 'song_request' AND status IN ('pending', 'approved')
     AND lower(song_title) = lower($1) AND lower(artist) = lower($2) LIMIT 1`,
    ['Song 42', 'Artist'],
  ],
  [
    'song played recently',
    `SELECT count(*)::int AS n FROM song_plays p JOIN songs s ON s.id = p.song_id
     WHERE lower(s.title) = lower($1) AND lower(s.artist) = lower($2) AND p.played_at > now() - interval '15 minutes'`,
    ['Song 42', 'Artist 42'],
  ],
  [
    "a member's likes (not cached)",
    `SELECT s.id, s.title, s.artist FROM song_likes l JOIN songs s ON s.id = l.song_id
     WHERE l.user_id = $1 ORDER BY l.created_at DESC`,
    ['u42'],
  ],
  [
    'event replay after a reconnect',
    `SELECT id, topic, type, data FROM realtime_events WHERE id > $1 AND topic = ANY($2::text[]) ORDER BY id ASC LIMIT 501`,
    [19000, ['public', 'members', 'user:u42']],
  ],
  [
    'member list (cache rebuild)',
    `SELECT * FROM profiles WHERE public_profile = true ORDER BY lower(coalesce(full_name, email))`,
    [],
  ],
  [
    'most played (cache rebuild)',
    `SELECT * FROM (SELECT s.id, coalesce(l.n, 0) AS like_count, coalesce(p.n, 0) AS play_count, p.last
       FROM songs s
       LEFT JOIN (SELECT song_id, count(*)::int AS n FROM song_likes GROUP BY song_id) l ON l.song_id = s.id
       LEFT JOIN (SELECT song_id, count(*)::int AS n, max(played_at) AS last FROM song_plays GROUP BY song_id) p
         ON p.song_id = s.id) t
     WHERE play_count > 0 ORDER BY play_count DESC, like_count DESC LIMIT 100`,
    [],
  ],
];

/**
 * Tables big enough here that reading them whole on a request is a problem. (The most-liked and
 * most-played rebuilds aggregate every play by design: once per change, then served from memory.)
 */
const LARGE = [
  'notifications',
  'messages',
  'song_plays',
  'requests',
  'presenter_chat_messages',
  'realtime_events',
];

try {
  await h.migrate();
  await h.query(FILL.replace(/\n/g, ' '));
  await h.query('VACUUM ANALYZE'); // as autovacuum leaves a settled database
  let flagged = 0;
  for (const [label, text, params] of QUERIES) {
    const { rows } = await h.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']);
    const seq = plan.filter((l) => LARGE.some((t) => l.includes(`Seq Scan on ${t}`)));
    if (seq.length) flagged += 1;
    console.log(`\n-- ${label}${seq.length ? '   <-- sequential scan of a large table' : ''}`);
    for (const l of plan) console.log(`   ${l}`);
  }
  console.log(`\n${flagged} of ${QUERIES.length} queries read a large table sequentially`);
} finally {
  await h.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

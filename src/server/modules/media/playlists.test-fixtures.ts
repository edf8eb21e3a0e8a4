import type { DbHandle } from '../../db/client';

/**
 * Library tracks for tests and the bench, written straight into the tables (the upload path has its own
 * tests): `count` tracks titled `<prefix> <i>` by `artists` artists, 3 minutes each.
 */
export async function insertTracks(
  dbh: Pick<DbHandle, 'query'>,
  count: number,
  opts: { prefix: string; artists?: number; durationMs?: number },
): Promise<string[]> {
  const { rows } = await dbh.query<{ id: string }>(
    `WITH s AS (
       INSERT INTO songs (title, artist)
       SELECT $1 || ' ' || g, $1 || ' artist ' || (g % $3) FROM generate_series(1, $2::int) g
       RETURNING id, title, artist)
     INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, duration_ms)
     SELECT id, '/srv/music/' || id || '.mp3', md5(id::text), title || '.mp3', 'mp3', 1000, title, artist, $4::int
     FROM s RETURNING id, title`,
    [opts.prefix, count, opts.artists ?? count, opts.durationMs ?? 180_000],
  );
  return rows.map((r) => r.id);
}

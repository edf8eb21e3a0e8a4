import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { Client, memberWith, signUpMember } from '../../test/test-app';
import { writeSetting } from '../settings/settings.service';
import { HlsAudience, hlsAudienceSlot } from '../station/audience';
import { nowPlayingSlot } from '../station/now-playing.service';
import { sampleListeners } from './admin.jobs';
import { csvCell } from './csv';
import { PLAYS_CSV_COLUMNS, stationTime } from './exports.service';

const t = appForFile({ admin: 'Ada Admin', scripted: true });
let hls: HlsAudience;
beforeAll(async () => {
  hls = new HlsAudience();
  hlsAudienceSlot.provide(t.app.ctx, hls);
  await t.listen(); // starts the backend, reporting to now playing
});

/** RFC 4180 CSV, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

const rowsOf = <T>(sql: string, params: unknown[] = []) => t.dbh.query<T>(sql, params).then((r) => r.rows);

describe('listener samples per mount and kind of client', () => {
  it('breaks each minute down by mount and kind, adding up to the total, for MP3 and HLS alike', async () => {
    await t.dbh.query('DELETE FROM listener_samples');
    await t.dbh.query('DELETE FROM listener_audience_samples');
    const at = new Date('2026-11-20T10:15:30Z');
    t.backend.listeners = 4; // the status's figure for the main mount; the list below is the truth
    t.backend.clients = [
      {
        mount: '/radio.mp3',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
      { mount: '/radio.mp3', userAgent: 'VLC/3.0.18 LibVLC/3.0.18' },
      { mount: '/radio.mp3', userAgent: 'curl/8.5.0' },
      {
        mount: '/radio-64.mp3',
        userAgent: 'AppleCoreMedia/1.0.0.22A3354 (iPhone; U; CPU OS 18_0 like Mac OS X)',
      },
      { mount: '/radio-64.mp3', userAgent: '' },
    ];
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    // An HLS listener keeps fetching its playlist (two fetches a segment apart, the last within a minute).
    const listen = (mount: string, address: string, ua: string, lastAt: number) => {
      hls.playlistFetched(mount, address, ua, lastAt - 8_000);
      hls.playlistFetched(mount, address, ua, lastAt);
    };
    listen('hls/128', '10.0.0.1', iphone, at.getTime() - 10_000);
    listen('hls/128', '10.0.0.2', iphone, at.getTime() - 20_000);
    listen('hls/64', '10.0.0.3', 'AppleCoreMedia/1.0', at.getTime() - 5_000);
    listen('hls/64', '10.0.0.4', iphone, at.getTime() - 120_000); // gone: not within the minute
    expect(await sampleListeners(t.app.ctx, at)).toEqual({ listeners: 8, onAir: true, recorded: true });
    const rows = await rowsOf<{ mount: string; client_kind: string; listeners: number }>(
      `SELECT mount, client_kind, listeners FROM listener_audience_samples
        WHERE sampled_at = '2026-11-20T10:15:00Z' ORDER BY mount, client_kind`,
    );
    expect(rows).toEqual([
      { mount: '/radio-64.mp3', client_kind: 'app', listeners: 1 },
      { mount: '/radio-64.mp3', client_kind: 'other', listeners: 1 },
      { mount: '/radio.mp3', client_kind: 'app', listeners: 1 },
      { mount: '/radio.mp3', client_kind: 'browser', listeners: 1 },
      { mount: '/radio.mp3', client_kind: 'other', listeners: 1 },
      { mount: 'hls/128', client_kind: 'browser', listeners: 2 },
      { mount: 'hls/64', client_kind: 'app', listeners: 1 },
    ]);
    const [total] = await rowsOf<{ listeners: number }>(
      `SELECT listeners FROM listener_samples WHERE sampled_at = '2026-11-20T10:15:00Z'`,
    );
    expect(total.listeners).toBe(rows.reduce((a, r) => a + r.listeners, 0));
    // A second run in the same minute (another instance) changes nothing.
    t.backend.clients = [];
    expect((await sampleListeners(t.app.ctx, new Date('2026-11-20T10:15:50Z'))).recorded).toBe(false);
    expect(await rowsOf('SELECT * FROM listener_audience_samples')).toHaveLength(7);
  });

  it('counts a backend that cannot list its listeners by its total, as other', async () => {
    const at = new Date('2026-11-20T11:00:10Z');
    t.backend.listeners = 3;
    const failing = t.backend.audience;
    t.backend.audience = async () => {
      throw new Error('Icecast admin unreachable');
    };
    try {
      expect(await sampleListeners(t.app.ctx, at)).toMatchObject({ listeners: 3, recorded: true });
    } finally {
      t.backend.audience = failing;
    }
    expect(
      await rowsOf(
        `SELECT mount, client_kind, listeners FROM listener_audience_samples WHERE sampled_at = '2026-11-20T11:00:00Z'`,
      ),
    ).toEqual([{ mount: 'stream', client_kind: 'other', listeners: 3 }]);
  });
});

describe('plays keep what the royalty report needs', () => {
  it('records listeners, the AutoDJ playlist and media track, or the live show', async () => {
    await t.dbh.query('DELETE FROM song_plays');
    const [song] = await rowsOf<{ id: string }>(
      `INSERT INTO songs (title, artist, album) VALUES ('Royal Tune', 'The Payees', 'Ledger') RETURNING id`,
    );
    const [track] = await rowsOf<{ id: string }>(
      `INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, album, duration_ms, isrc)
       VALUES ($1, 'r/royal.mp3', 'hash-royal', 'royal.mp3', 'mp3', 1000, 'Royal Tune', 'The Payees', 'Ledger', 201000, 'GBABC2600001')
       RETURNING id`,
      [song.id],
    );
    const [playlist] = await rowsOf<{ id: string }>(
      `INSERT INTO media_playlists (name, kind) VALUES ('Daytime Rotation', 'rotation') RETURNING id`,
    );
    await t.backend.sink!.listenersChanged(42);
    await t.backend.sink!.trackChanged({
      title: 'Royal Tune',
      artist: 'The Payees',
      album: 'Ledger',
      art: null,
      source: 'autodj',
      startedAt: new Date('2026-11-21T09:00:00Z'),
      sequence: 1000,
      streamerName: null,
      mediaTrackId: track.id,
      playlistId: playlist.id,
    });
    await t.dbh.query(
      `INSERT INTO live_sessions (streamer_username, show_title, started_at) VALUES ('dj-royal', 'The Royalty Hour', now())`,
    );
    await t.backend.sink!.trackChanged({
      title: 'Live show',
      artist: 'dj-royal',
      album: null,
      art: null,
      source: 'live',
      startedAt: new Date('2026-11-21T09:03:21Z'),
      sequence: 1001,
      streamerName: 'dj-royal',
    });
    await nowPlayingSlot.of(t.app.ctx).idle();
    await t.dbh.query('UPDATE live_sessions SET ended_at = now() WHERE ended_at IS NULL');
    const plays = await rowsOf(
      `SELECT play_source, listeners, playlist_name, show_title, media_track_id FROM song_plays ORDER BY played_at`,
    );
    expect(plays).toEqual([
      {
        play_source: 'autodj',
        listeners: 42,
        playlist_name: 'Daytime Rotation',
        show_title: null,
        media_track_id: track.id,
      },
      {
        play_source: 'live',
        listeners: 42,
        playlist_name: null,
        show_title: 'The Royalty Hour',
        media_track_id: null,
      },
    ]);
  });
});

describe('GET /api/admin/reports/plays.csv', () => {
  const url = (from: string, to: string) =>
    `/api/admin/reports/plays.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  it('is for admins only: 401 anonymous, 403 for members, presenters and staff', async () => {
    const u = url('2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z');
    expect((await new Client(t.app).get(u)).statusCode).toBe(401);
    for (const who of [
      await signUpMember(t.app),
      await memberWith(t, 'presenter'),
      await memberWith(t, 'staff'),
      await memberWith(t, 'user', ['radio_manager']),
    ]) {
      const res = await who.get(u);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('start_utc');
    }
    expect((await t.admin.get(u)).statusCode).toBe(200);
  });

  it('refuses a bad or too long range with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['/api/admin/reports/plays.csv', /from/],
      [url('yesterday', '2026-11-30T00:00:00Z'), /from is not an ISO 8601/],
      [url('2026-11-01T00:00:00Z', '2026-13-45T00:00:00Z'), /to is not an ISO 8601/],
      [url('2026-11-30T00:00:00Z', '2026-11-01T00:00:00Z'), /to must be after from/],
      [url('2025-01-01T00:00:00Z', '2026-11-30T00:00:00Z'), /at most 366 days/],
      [url('0000-01-01', '0000-12-31'), /from must be between the years 1970 and 9999/],
      [url('1969-12-31', '1970-01-02'), /from must be between the years 1970 and 9999/],
    ];
    for (const [u, message] of cases) {
      const res = await t.admin.get(u);
      expect(res.statusCode, u).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
  });

  it('lists every play of the range, checked against the plays table', async () => {
    await t.dbh.query('DELETE FROM song_plays');
    await writeSetting(t.app.ctx.db, 'station_timezone', 'America/New_York');
    const song = async (title: string, artist: string, album: string | null) =>
      (
        await rowsOf<{ id: string }>(
          'INSERT INTO songs (title, artist, album) VALUES ($1, $2, $3) RETURNING id',
          [title, artist, album],
        )
      )[0].id;
    const tricky = await song('Commas, "Quotes"\nand lines', '=HYPERLINK("http://evil")', '+Plus');
    const plain = await song('Plain Song', '@handle', null);
    const known = await song('Known Length', '-Dash', 'Album');
    const [track] = await rowsOf<{ id: string }>(
      `INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, duration_ms, isrc)
       VALUES ($1, 'k/known.mp3', 'hash-known', 'known.mp3', 'mp3', 1000, 'Known Length', '-Dash', 180400, 'USXYZ2600123')
       RETURNING id`,
      [known],
    );
    const play = (songId: string, at: string, extra: Record<string, unknown> = {}) =>
      t.dbh.query(
        `INSERT INTO song_plays (song_id, play_source, played_at, listeners, playlist_name, show_title, media_track_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          songId,
          extra.source ?? 'autodj',
          at,
          extra.listeners ?? null,
          extra.playlist ?? null,
          extra.show ?? null,
          extra.track ?? null,
        ],
      );
    await play(plain, '2026-06-30T23:59:00Z', { listeners: 1 }); // before the range
    await play(known, '2026-07-01T03:00:00Z', { listeners: 12, playlist: 'Night, "Owls"', track: track.id });
    await play(tricky, '2026-07-01T03:10:00Z', { listeners: 15, source: 'live', show: 'The Late Show' }); // 10 min later: capped at the known length
    await play(plain, '2026-07-01T03:13:30Z', { listeners: 0, playlist: 'Day' });
    await play(known, '2026-07-01T06:00:00Z', { track: track.id }); // the next play is after the range
    await play(plain, '2026-07-02T00:00:00Z'); // at `to`: excluded, but ends the play before
    await play(tricky, '2026-07-02T01:00:00Z', { source: 'live' }); // the last play of all, length unknown
    const res = await t.admin.get(url('2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="onair-plays-2026-07-01-to-2026-07-02.csv"',
    );
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([...PLAYS_CSV_COLUMNS]);
    const table = await rowsOf<Record<string, unknown>>(
      `SELECT sp.played_at, sp.play_source, s.title, s.artist, s.album, mt.isrc, mt.duration_ms,
              sp.playlist_name, sp.show_title, sp.listeners
         FROM song_plays sp JOIN songs s ON s.id = sp.song_id LEFT JOIN media_tracks mt ON mt.id = sp.media_track_id
        WHERE sp.played_at >= '2026-07-01T00:00:00Z' AND sp.played_at < '2026-07-02T00:00:00Z'
        ORDER BY sp.played_at`,
    );
    expect(lines).toHaveLength(table.length);
    const text = (v: unknown) => (v === null ? '' : String(v)).replace(/^([=+\-@])/, "'$1");
    lines.forEach((line, i) => {
      const p = table[i];
      const start = new Date(p.played_at as string);
      expect(Object.fromEntries(header.map((h, j) => [h, line[j]]))).toEqual({
        start_utc: start.toISOString(),
        start_station_time: stationTime(start, 'America/New_York'),
        station_time_zone: 'America/New_York',
        duration_seconds: line[3], // checked below
        title: text(p.title),
        artist: text(p.artist),
        album: text(p.album),
        isrc: text(p.isrc),
        source: p.play_source,
        playlist: text(p.playlist_name),
        live_show: text(p.show_title),
        listeners_at_start: p.listeners === null ? '' : String(p.listeners),
      });
    });
    expect(lines.map((l) => l[1])).toEqual([
      '2026-06-30T23:00:00-04:00',
      '2026-06-30T23:10:00-04:00',
      '2026-06-30T23:13:30-04:00',
      '2026-07-01T02:00:00-04:00',
    ]);
    // Until the next play; capped at the track's length (180.4 s); else at 2 h.
    expect(lines.map((l) => l[3])).toEqual(['180', '210', '7200', '180']);
    expect(lines[1].slice(4, 7)).toEqual([
      'Commas, "Quotes"\nand lines',
      `'=HYPERLINK("http://evil")`,
      "'+Plus",
    ]);
    expect(lines[0][7]).toBe('USXYZ2600123');
    expect(lines[0][9]).toBe('Night, "Owls"');
    expect(lines[1][10]).toBe('The Late Show');
    // The last play of all: its length when known, else empty.
    const last = parseCsv((await t.admin.get(url('2026-07-02T00:30:00Z', '2026-07-03T00:00:00Z'))).body);
    expect(last).toHaveLength(2);
    expect(last[1][3]).toBe('');
    await writeSetting(t.app.ctx.db, 'station_timezone', 'Europe/London');
  });

  it('streams a long history page by page, every play once', async () => {
    await t.dbh.query('DELETE FROM song_plays');
    const [s] = await rowsOf<{ id: string }>(
      `INSERT INTO songs (title, artist) VALUES ('Many', 'Times') RETURNING id`,
    );
    // 4,500 plays, several sharing a start to the microsecond: pages must neither skip nor repeat.
    await t.dbh.query(
      `INSERT INTO song_plays (song_id, played_at, listeners)
       SELECT $1, timestamptz '2026-08-01T00:00:00.123456Z' + (g / 3) * interval '1 minute', g
         FROM generate_series(0, 4499) g`,
      [s.id],
    );
    const res = await t.admin.get(
      '/api/admin/reports/plays.csv?from=2026-08-01T00:00:00Z&to=2026-08-31T00:00:00Z',
    );
    const lines = parseCsv(res.body).slice(1);
    expect(lines).toHaveLength(4500);
    expect(new Set(lines.map((l) => l[11])).size).toBe(4500);
  });
});

describe('a plays CSV that fails once it has started', () => {
  it('ends without the closing chunk, so the download is seen as failed, not as a short report', async () => {
    // The plays table gone (a failing database) once the header row has been sent.
    await t.dbh.query('ALTER TABLE song_plays RENAME TO song_plays_away');
    onTestFinished(() => t.dbh.query('ALTER TABLE song_plays_away RENAME TO song_plays').then(() => {}));
    // Seen as failed: an error status, or a body that breaks off (no closing chunk); never a 200 whose
    // body reads to its end as a report with no plays.
    const outcome = await fetch(`${t.base}/api/admin/reports/plays.csv?from=2026-07-01&to=2026-07-02`, {
      headers: { cookie: t.admin.cookie },
    }).then(
      (res) =>
        res.status >= 500
          ? 'failed'
          : res.text().then(
              () => `complete (${res.status})`,
              () => 'failed',
            ),
      () => 'failed',
    );
    expect(outcome).toBe('failed');
  });
});

describe('the OpenAPI document', () => {
  it('describes both reports and the audience analytics', async () => {
    const doc = (await new Client(t.app).get('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[]; produces?: string[] } }>;
    };
    for (const path of ['/api/admin/reports/plays.csv', '/api/admin/reports/listeners']) {
      expect(doc.paths[path]?.get?.parameters?.map((p) => p.name).sort(), path).toEqual(['from', 'to']);
    }
    expect(doc.paths['/api/admin/analytics/audience']?.get).toBeDefined();
    expect(doc.paths['/api/admin/analytics/audience.csv']?.get).toBeDefined();
  });
});

describe('CSV cells', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    // Opened with ';' or tab as the separator, a bare `x;=1+1` would be two cells, the second a formula.
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('x\t@SUM(A1)')).toBe('"x\t@SUM(A1)"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});

import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { parseFile } from 'music-metadata';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import type { ObjectStore } from '../../infra/storage/object-store';
import { profiles } from '../accounts/accounts.table';
import { liveSessions, presenterStreamingAccounts, stationStreamers } from '../station/station.table';
import { recordings } from './recordings.table';

const run = promisify(execFile);

/**
 * Recordings shorter than this are discarded, file and all: a DJ's encoder that connects and drops at
 * once (a wrong setting, a test of the connection) leaves no empty show behind.
 */
export const MIN_RECORDING_SECONDS = 5;

/** Liquidsoap names each file by its start in UTC and the DJ's user name: 20261126-201500_presenter-1234.mp3. */
const FILE_NAME = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})_([A-Za-z0-9_-]*)\.mp3$/;

/** Live sessions this far from a recording's start and end still count as its session. */
const SESSION_SLACK_MS = 30_000;

export interface RecordingFileName {
  startedAt: Date;
  streamer: string;
}

export function parseRecordingFileName(name: string): RecordingFileName | null {
  const m = FILE_NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, streamer] = m;
  const startedAt = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  if (Number.isNaN(startedAt.getTime())) return null;
  return { startedAt, streamer };
}

/** Where a recording file is kept in the "recordings" area: YYYY/MM/<file name>. */
export const recordingStorageKey = (name: string) => `${name.slice(0, 4)}/${name.slice(4, 6)}/${name}`;

export type IngestOutcome =
  | { kind: 'stored'; id: string; durationSeconds: number; byteSize: number; storageKey: string }
  | { kind: 'discarded'; reason: 'too-short' | 'unreadable'; durationSeconds: number }
  | { kind: 'skipped'; reason: 'not-a-recording' | 'gone' | 'already-stored' };

export interface IngestPlace {
  /** The folder Liquidsoap writes into: only files directly inside it are taken. */
  recordingsDir: string;
  /** The object store's "recordings" area. */
  store: ObjectStore;
}

type Ctx = Pick<AppContext, 'db' | 'log' | 'realtime'>;

/** Who was on air, and under which show name, for a recording from `startedAt` to `endedAt`. */
async function whoWasOnAir(ctx: Ctx, streamer: string, startedAt: Date, endedAt: Date) {
  const from = new Date(startedAt.getTime() - SESSION_SLACK_MS);
  const to = new Date(endedAt.getTime() + SESSION_SLACK_MS);
  const sessions = await ctx.db
    .select()
    .from(liveSessions)
    .where(
      and(
        lte(liveSessions.startedAt, to),
        or(isNull(liveSessions.endedAt), gte(liveSessions.endedAt, from)),
        streamer ? eq(liveSessions.streamerUsername, streamer) : undefined,
      ),
    );
  // The session that overlaps the recording most.
  const overlap = (s: (typeof sessions)[number]) =>
    Math.min(s.endedAt?.getTime() ?? endedAt.getTime(), endedAt.getTime()) -
    Math.max(s.startedAt.getTime(), startedAt.getTime());
  const session = sessions.sort((a, b) => overlap(b) - overlap(a))[0] ?? null;

  let presenterId = session?.presenterId ?? null;
  if (!presenterId && streamer) {
    const [account] = await ctx.db
      .select({ userId: presenterStreamingAccounts.userId })
      .from(presenterStreamingAccounts)
      .where(eq(presenterStreamingAccounts.username, streamer))
      .limit(1);
    presenterId = account?.userId ?? null;
  }
  const [profile] = presenterId
    ? await ctx.db
        .select({ fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, presenterId))
        .limit(1)
    : [];
  const [account] = streamer
    ? await ctx.db
        .select({ displayName: stationStreamers.displayName })
        .from(stationStreamers)
        .where(eq(stationStreamers.username, streamer))
        .limit(1)
    : [];
  const presenterName =
    profile?.fullName?.trim() || account?.displayName?.trim() || streamer || 'Unknown presenter';
  return {
    liveSessionId: session?.id ?? null,
    presenterId: profile ? presenterId : null,
    showTitle: session?.showTitle?.trim() || 'Live show',
    presenterName,
  };
}

/** Measures an MP3's length by reading every frame (music-metadata), in seconds. */
export async function measureSeconds(file: string): Promise<number> {
  const meta = await parseFile(file, { duration: true, skipCovers: true });
  return meta.format.duration ?? 0;
}

/**
 * Takes one closed recording out of Liquidsoap's folder: tagged (ID3 title, artist, album, date), its
 * length measured, stored in the "recordings" area, a row written, linked to the live session it
 * belongs to; then the file is removed from the folder. Taking a file twice stores it once.
 */
export async function ingestRecording(ctx: Ctx, place: IngestPlace, file: string): Promise<IngestOutcome> {
  const dir = path.resolve(place.recordingsDir);
  const full = path.resolve(file);
  const name = path.basename(full);
  const parsed = parseRecordingFileName(name);
  if (path.dirname(full) !== dir || !parsed) return { kind: 'skipped', reason: 'not-a-recording' };
  const size = await stat(full).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) return { kind: 'skipped', reason: 'gone' };

  const storageKey = recordingStorageKey(name);
  const [existing] = await ctx.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.storageKey, storageKey));
  if (existing) {
    await rm(full, { force: true });
    return { kind: 'skipped', reason: 'already-stored' };
  }

  const raw = size > 0 ? await measureSeconds(full).catch(() => 0) : 0;
  if (raw < MIN_RECORDING_SECONDS) {
    await rm(full, { force: true });
    ctx.log.info({ file: full, seconds: raw }, 'recordings: discarded a recording shorter than 5 s');
    return { kind: 'discarded', reason: raw > 0 ? 'too-short' : 'unreadable', durationSeconds: raw };
  }

  const who = await whoWasOnAir(
    ctx,
    parsed.streamer,
    parsed.startedAt,
    new Date(parsed.startedAt.getTime() + raw * 1000),
  );
  const date = parsed.startedAt.toISOString().slice(0, 10);
  const tagged = path.join(dir, `.tagging-${name}.part`);
  try {
    // Stream copy (no re-encoding): only the tags change, and a Xing header gives players the length.
    await run('ffmpeg', [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', full],
      ...['-map', '0:a', '-c', 'copy', '-map_metadata', '-1', '-id3v2_version', '3', '-write_xing', '1'],
      ...['-metadata', `title=${who.showTitle} (${date})`, '-metadata', `artist=${who.presenterName}`],
      ...['-metadata', `album=${who.showTitle}`, '-metadata', `date=${date}`, '-metadata', 'genre=Radio'],
      ...['-f', 'mp3', tagged],
    ]);
    const durationSeconds = await measureSeconds(tagged);
    const byteSize = (await stat(tagged)).size;
    const info = await place.store.put(storageKey, createReadStream(tagged), { contentType: 'audio/mpeg' });
    const endedAt = new Date(parsed.startedAt.getTime() + Math.round(durationSeconds * 1000));
    const [row] = await ctx.db
      .insert(recordings)
      .values({
        liveSessionId: who.liveSessionId,
        presenterId: who.presenterId,
        showTitle: who.showTitle,
        presenterName: who.presenterName,
        startedAt: parsed.startedAt,
        endedAt,
        durationSeconds,
        byteSize: info.size ?? byteSize,
        storageKey,
        mimeType: 'audio/mpeg',
      })
      .onConflictDoNothing({ target: recordings.storageKey })
      .returning({ id: recordings.id });
    await rm(full, { force: true });
    if (!row) return { kind: 'skipped', reason: 'already-stored' };
    await ctx.realtime.publish(topics.public, EVENT_TYPES.recordingsChanged, { id: row.id });
    ctx.log.info(
      { recordingId: row.id, storageKey, durationSeconds, byteSize, show: who.showTitle },
      'recordings: stored a live show',
    );
    return { kind: 'stored', id: row.id, durationSeconds, byteSize: info.size ?? byteSize, storageKey };
  } finally {
    await rm(tagged, { force: true });
  }
}

import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { MediaTrack, TrackCueInput, TrackPeaks } from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import { SOUND_TEXTS } from '../../../../shared/texts/media-sound';
import type { AppContext } from '../../../context';
import { createSlots } from '../../../infra/concurrency';
import { AppError, badRequest, conflict, notFound } from '../../../infra/http/errors';
import { mediaTracks } from '../media.table';
import { localAudioFile } from './track-files';
import { presentTracks } from './tracks.service';

/**
 * A track's cue and fade (docs/product/media-library-and-autodj.md, cue and fade), and the waveform the
 * cue editor draws them on.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** "3:05.2": a length as staff read it in a refusal. */
const clock = (s: number) => {
  const m = Math.floor(s / 60);
  const rest = (s - m * 60).toFixed(1).padStart(4, '0');
  return `${m}:${rest}`;
};

async function trackRow(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(mediaTracks).where(eq(mediaTracks.id, id));
  if (!row) throw notFound(MEDIA_TEXTS.trackNotFound);
  return row;
}

/**
 * Sets the cue points and fades: 0 <= cue in < cue out <= the track's length, each fade shorter than the
 * length between the cues. A refusal names the field and changes nothing. 0 (or null) cue in and fades,
 * and a null cue out, mean none.
 */
export async function setTrackCue(ctx: Ctx, id: string, input: TrackCueInput): Promise<MediaTrack> {
  const row = await trackRow(ctx, id);
  // The list shows lengths to the tenth of a second: a cue out at the shown end is the end.
  const length = Math.ceil(row.durationMs / 100) / 10;
  const cueIn = input.cueIn ?? 0;
  const cueOut = input.cueOut ?? length;
  const refuse = (field: keyof TrackCueInput, message: string) => {
    throw badRequest(message, { [field]: message });
  };
  if (cueIn >= length) refuse('cueIn', SOUND_TEXTS.cue.cueInPastEnd(clock(length)));
  if (cueOut > length) refuse('cueOut', SOUND_TEXTS.cue.cueOutPastEnd(clock(length)));
  if (cueIn >= cueOut) refuse('cueIn', SOUND_TEXTS.cue.cueInPastOut);
  const cued = cueOut - cueIn;
  if ((input.fadeIn ?? 0) >= cued) refuse('fadeIn', SOUND_TEXTS.cue.fadeInTooLong(clock(cued)));
  if ((input.fadeOut ?? 0) >= cued) refuse('fadeOut', SOUND_TEXTS.cue.fadeOutTooLong(clock(cued)));
  const none = (v: number | null) => (v ? v : null);
  const [updated] = await ctx.db
    .update(mediaTracks)
    .set({
      cueInSeconds: none(input.cueIn),
      cueOutSeconds: input.cueOut === null || input.cueOut >= row.durationMs / 1000 ? null : input.cueOut,
      fadeInSeconds: none(input.fadeIn),
      fadeOutSeconds: none(input.fadeOut),
      updatedAt: new Date(),
    })
    .where(eq(mediaTracks.id, id))
    .returning();
  if (!updated) throw notFound(MEDIA_TEXTS.trackNotFound);
  const [track] = await presentTracks(ctx.db, [updated]);
  return track;
}

/** How many slices the waveform has, whatever the track's length. */
export const PEAK_COUNT = 800;
const PEAK_RATE = 4000;

/** Waveforms already computed, by file content (a re-tagged track keeps its waveform). */
const cache = new Map<string, TrackPeaks>();
const CACHE_SIZE = 200;
/** One decode at a time per process; a burst of editors opening waits its turn. */
const slots = createSlots({ max: 1, maxWaiting: 50, waitMs: 60_000 });

/** The waveform of a track: the loudest sample of each of PEAK_COUNT slices, from ffmpeg. */
export async function trackPeaks(ctx: Ctx, id: string): Promise<TrackPeaks> {
  const row = await trackRow(ctx, id);
  const known = cache.get(row.contentHash);
  if (known) return known;
  const release = await slots.acquire();
  if (!release) throw new AppError('UNAVAILABLE', SOUND_TEXTS.cue.peaksUnreadable);
  try {
    const peaks = await decodePeaks(await localAudioFile(ctx, row.path), row.durationMs / 1000);
    const result = { durationSeconds: Math.round(row.durationMs / 100) / 10, peaks };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(row.contentHash, result);
    return result;
  } catch {
    throw conflict(SOUND_TEXTS.cue.peaksUnreadable);
  } finally {
    release();
  }
}

function decodePeaks(file: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const perSlice = Math.max(1, Math.ceil((Math.max(seconds, 0.1) * PEAK_RATE) / PEAK_COUNT));
    const peaks: number[] = [];
    let current = 0;
    let inSlice = 0;
    let carry: Buffer | null = null;
    const child = spawn(
      'ffmpeg',
      [
        ...['-nostdin', '-hide_banner', '-v', 'error', '-i', file, '-map', '0:a:0', '-vn'],
        ...['-ac', '1', '-ar', String(PEAK_RATE), '-f', 's16le', '-'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      carry = whole < data.length ? data.subarray(whole) : null;
      for (let i = 0; i < whole; i += 2) {
        const v = Math.abs(data.readInt16LE(i)) / 32768;
        if (v > current) current = v;
        if (++inSlice === perSlice) {
          peaks.push(Math.round(current * 1000) / 1000);
          current = 0;
          inSlice = 0;
        }
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}`));
      if (inSlice > 0) peaks.push(Math.round(current * 1000) / 1000);
      resolve(peaks.slice(0, PEAK_COUNT));
    });
  });
}

import { z } from 'zod';
import type { BackendSink, LiveState, TrackChange } from '../types';
import type { EngineLogger } from './supervisor';

/**
 * What Liquidsoap sends the app (station/radio.liq.tmpl): the routes validate with these schemas and
 * hand the bodies to the BuiltinBackend. Every call carries the `x-engine-token` header.
 */

/** POST /api/station/engine/auth: may this DJ go on air? Answer 200 with EngineAuthReply. */
export const EngineAuthRequest = z.object({
  user: z.string().max(200),
  password: z.string().max(200),
  address: z.string().max(200).optional(),
});
export type EngineAuthRequest = z.infer<typeof EngineAuthRequest>;

/** `user`: the account that goes on air (a `source` login names it in its password). */
export const EngineAuthReply = z.object({ allowed: z.boolean(), user: z.string() });
export type EngineAuthReply = z.infer<typeof EngineAuthReply>;

const text = z.string().max(1000);
/** The sequence grows with every report, across restarts of the engine (start time in ms + a counter). */
const seq = z.number().int().nonnegative();

export const EngineTrackEvent = z.object({
  type: z.literal('track'),
  seq,
  title: text,
  artist: text,
  album: text.nullable().optional(),
  source: z.enum(['live', 'autodj']),
  streamer: z.string().max(200).nullable().optional(),
  /** The library track, playlist and queue entry of a track the app chose (its annotations); a malformed id counts as none. */
  trackId: z.uuid().nullable().optional().catch(null),
  playlistId: z.uuid().nullable().optional().catch(null),
  queueItemId: z.uuid().nullable().optional().catch(null),
});

/** A request header as the harbor passed it on (an over-long or odd value counts as none). */
const header = z.string().max(300).nullable().optional().catch(null);

export const EngineLiveEvent = z.object({
  type: z.literal('live'),
  seq,
  connected: z.boolean(),
  streamer: z.string().max(200).nullable().optional(),
  /** The DJ software's request headers on connect: Content-Type, ice-audio-info, ice-bitrate. */
  contentType: header,
  audioInfo: header,
  iceBitrate: header,
});

/** A plausible audio bitrate in kbps (8 to 1,411: telephone to CD), else null. */
function kbps(value: string | undefined | null): number | null {
  if (!value || !/^\s*\d{1,7}\s*$/.test(value)) return null;
  let n = Number(value);
  // Some encoders say bits per second (128000) where most say kbps (128).
  if (n >= 8000) n = Math.round(n / 1000);
  return n >= 8 && n <= 1411 ? n : null;
}

/**
 * The format and bitrate a DJ's software announced: the MIME type of its Content-Type (audio/mpeg,
 * audio/ogg, audio/aac…), and the bitrate of `ice-audio-info` (`ice-bitrate=128;…` or libshout's
 * `bitrate=128;…`) or else of `ice-bitrate`. Anything missing or implausible is null.
 */
export function djAudioOf(headers: {
  contentType?: string | null;
  audioInfo?: string | null;
  iceBitrate?: string | null;
}): { format: string | null; bitrate: number | null } {
  const mime = headers.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const format = /^[a-z]+\/[a-z0-9.+-]{1,60}$/.test(mime) ? mime : null;
  let bitrate: number | null = null;
  for (const pair of (headers.audioInfo ?? '').split(';')) {
    const [key, value] = pair.split('=');
    const k = key?.trim().toLowerCase();
    if (k === 'ice-bitrate' || k === 'bitrate') bitrate = kbps(value);
    if (bitrate !== null) break;
  }
  return { format, bitrate: bitrate ?? kbps(headers.iceBitrate) };
}

/** A recording of a live show was closed (the DJ left, recording was stopped, or the script ended). */
export const EngineRecordingEvent = z.object({
  type: z.literal('recording'),
  seq,
  path: z.string().min(1).max(4000),
});

/** POST /api/station/engine/event: a track change, a DJ connecting/disconnecting, a recording closed. */
export const EngineEvent = z.discriminatedUnion('type', [
  EngineTrackEvent,
  EngineLiveEvent,
  EngineRecordingEvent,
]);
export type EngineEvent = z.infer<typeof EngineEvent>;

/** Raised for a body that is not an engine event; Fastify answers it with a 400. */
export class InvalidEngineEvent extends Error {
  readonly statusCode = 400;
}

/**
 * Applies engine reports to the sink in order. Liquidsoap posts from threads and retries, so the same
 * report can come twice and a late one can overtake a newer one: anything not newer (by `seq`) than the
 * last applied report of its kind is dropped. Tracks and live changes are ordered separately, so a late
 * "DJ connected" still counts after the DJ's first track.
 */
export class EngineEventReceiver {
  private lastTrackSeq = -1;
  private lastLiveSeq = -1;
  /** The queue entry of the last AutoDJ track passed on (what AutoDJ was playing before a live show). */
  private lastAutoDjEntry: string | null = null;
  live: LiveState = { isLive: false, streamerName: null };
  current: TrackChange | null = null;

  constructor(
    private readonly sink: () => BackendSink | null,
    private readonly log: EngineLogger,
    /** Told of each recording Liquidsoap closed (its path). */
    private readonly recordingClosed: (path: string) => void = () => {},
  ) {}

  /** Returns true when the report was applied, false when it was a duplicate, a late one, or had no sink. */
  async receive(body: unknown): Promise<boolean> {
    const parsed = EngineEvent.safeParse(body);
    if (!parsed.success) {
      this.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'engine: ignored a malformed report');
      throw new InvalidEngineEvent(`Not an engine event: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    const event = parsed.data;
    if (event.type === 'recording') {
      // Each file is reported once per close; the ingest itself ignores a file already taken.
      this.recordingClosed(event.path);
      return true;
    }
    const sink = this.sink();
    if (!sink) return false;
    if (event.type === 'track') {
      if (event.seq <= this.lastTrackSeq) return this.dropped(event);
      this.lastTrackSeq = event.seq;
      // One play per airing (docs/product/media-library-and-autodj.md#after-a-live-show): the AutoDJ
      // entry already reported, heard again after a live show, is that airing going on, not a new play.
      if (event.source === 'autodj' && event.queueItemId) {
        if (event.queueItemId === this.lastAutoDjEntry) return this.dropped(event);
        this.lastAutoDjEntry = event.queueItemId;
      }
      const change: TrackChange = {
        title: event.title,
        artist: event.artist,
        album: event.album ? event.album : null,
        art: null,
        source: event.source,
        startedAt: new Date(),
        sequence: event.seq,
        streamerName: event.source === 'live' ? (event.streamer ?? null) : null,
        mediaTrackId: event.source === 'autodj' ? (event.trackId ?? null) : null,
        playlistId: event.source === 'autodj' ? (event.playlistId ?? null) : null,
      };
      this.current = change;
      await sink.trackChanged(change);
      return true;
    }
    if (event.seq <= this.lastLiveSeq) return this.dropped(event);
    this.lastLiveSeq = event.seq;
    await this.setLive(
      event.connected
        ? { isLive: true, streamerName: event.streamer ?? null, ...djAudioOf(event) }
        : { isLive: false, streamerName: null },
    );
    return true;
  }

  /** The engine went away without saying so (restart, crash): a DJ who was on is off. */
  async engineLost() {
    if (this.live.isLive) await this.setLive({ isLive: false, streamerName: null });
  }

  private async setLive(state: LiveState) {
    this.live = state;
    await this.sink()?.liveChanged(state);
  }

  private dropped(event: EngineEvent) {
    this.log.debug({ type: event.type, seq: event.seq }, 'engine: dropped a duplicate or late report');
    return false;
  }
}

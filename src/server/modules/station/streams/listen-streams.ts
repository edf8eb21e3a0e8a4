import type { NowPlaying } from '../../../../shared/contracts/station';
import type { RadioBackend } from '../../../integrations/radio/types';

/**
 * Every way to listen: the relayed qualities of the built-in engine (/stream, /stream/64), or the one
 * stream URL known (the admin's listen URL wins), then HLS.
 */
export function listenStreams(opts: {
  backend: RadioBackend;
  /** Listeners play the app's own /stream relay. */
  relay: boolean;
  /** The admin's listen URL, or null. */
  streamUrlOverride: string | null;
  /** What listeners play when no listen URL is set. */
  defaultStreamUrl: string | null;
}): NowPlaying['station']['streams'] {
  const { backend, relay, streamUrlOverride } = opts;
  const out: NowPlaying['station']['streams'] = [];
  const qualities = backend.qualities ?? [];
  if (!streamUrlOverride && relay && qualities.length > 0) {
    for (const [i, q] of qualities.entries()) {
      const url = i === 0 ? '/stream' : `/stream/${q.kbps}`;
      out.push({ name: q.name, url, format: 'mp3', bitrate: q.kbps });
    }
  } else {
    const url = streamUrlOverride ?? opts.defaultStreamUrl;
    if (url) out.push({ name: 'Standard', url, format: formatOf(url), bitrate: null });
  }
  const hls = backend.hlsUrl;
  if (hls) out.push({ name: 'Adaptive (HLS)', url: hls, format: 'hls', bitrate: null });
  return out;
}

/** The audio format a listen URL names by its extension (MP3 unless it says otherwise). */
function formatOf(url: string): 'mp3' | 'aac' | 'ogg' | 'other' {
  const file = url.split(/[?#]/)[0]!.toLowerCase();
  if (/\.(aac|m4a)$/.test(file)) return 'aac';
  if (/\.(ogg|oga|opus)$/.test(file)) return 'ogg';
  if (/\.mp3$/.test(file) || !/\.[a-z0-9]+$/.test(file.split('/').pop() ?? '')) return 'mp3';
  return 'other';
}

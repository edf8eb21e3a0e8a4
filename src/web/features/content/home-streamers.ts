import type { RecognisedStreamer } from '@shared/contracts/streamers';

/** The home strip: up to `n` streamers, the live ones first, otherwise in display order. */
export function homeStreamers(list: RecognisedStreamer[], n: number): RecognisedStreamer[] {
  return list
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(b.s.isLive) - Number(a.s.isLive) || a.i - b.i)
    .slice(0, n)
    .map(({ s }) => s);
}

import type { NowPlaying } from '@shared/contracts/station';

/** A fresh built-in station with nothing on air, as /api/now-playing answers it (for web tests). */
export const OFF_AIR: NowPlaying = {
  station: {
    name: 'OnAir Radio',
    backend: 'builtin',
    configured: true,
    streamUrl: '/stream',
    hlsUrl: null,
    streams: [],
    defaultArt: '/station-art.svg',
  },
  nowPlaying: null,
  live: { isLive: false, streamerName: null, presenter: null, show: null },
  listeners: { total: 0 },
  history: [],
  updatedAt: new Date().toISOString(),
};

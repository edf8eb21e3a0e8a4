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

/** The same station with the AutoDJ playing a song (Neon Rain by Kora). */
export const AUTODJ_ON_AIR: NowPlaying = {
  ...OFF_AIR,
  nowPlaying: {
    song: { id: 's1', title: 'Neon Rain', artist: 'Kora', album: null, art: '/a.png' },
    playedAt: new Date().toISOString(),
    source: 'autodj',
  },
};

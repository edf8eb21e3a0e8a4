import { useNowPlaying } from '@web/features/station/now-playing';

/** What the players show: the song (or the station while none is known), live state and listeners. */
export function useNowPlayingView() {
  const { data, isPending } = useNowPlaying();
  const song = data?.nowPlaying?.song ?? null;
  const stationName = data?.station.name ?? '';
  return {
    isPending,
    song,
    title: song?.title ?? stationName,
    artist: song?.artist ?? (data?.station.configured ? 'Live radio' : ''),
    album: song?.album ?? null,
    art: song?.art ?? data?.station.defaultArt ?? null,
    defaultArt: data?.station.defaultArt ?? '/station-art.svg',
    configured: data ? data.station.configured : null,
    isLive: Boolean(data?.live.isLive),
    source: data?.nowPlaying?.source ?? null,
    listeners: data?.listeners.total ?? 0,
    live: data?.live ?? null,
    history: data?.history ?? [],
  };
}

import { useNowPlaying } from '@web/features/station/now-playing';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { TrackAnnouncer } from './components/track-announcer';
import { type PlayerSnapshot, RadioPlayer } from './radio-player';
import { pickStreamSource, QUALITY_STORAGE_KEY, qualityOptions, storedQuality } from './stream-source';
import { useMediaSession } from './use-media-session';

const PlayerContext = createContext<RadioPlayer | null>(null);

/** The listener's stream quality: the choices the station offers and the one in use (kbps). */
export interface QualityApi {
  options: { name: string; bitrate: number }[];
  /** The quality playing (or that would play); null when the station offers no choice. */
  selected: number | null;
  /** False where the player uses HLS, which adapts by itself (iOS). */
  choosable: boolean;
  choose: (kbps: number) => void;
}
const QualityContext = createContext<QualityApi | null>(null);

function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Owns the app's single <audio> element and radio player. Mounted once around the router, so playback
 * carries on across page changes. The element exposes its state for tests:
 * `data-testid="radio-audio"` and `data-state="idle|loading|playing|error|reconnecting"`.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [player] = useState(() => new RadioPlayer(browserStorage()));
  const { data } = useNowPlaying();
  const station = data?.station ?? null;
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot);

  const audioRef = useCallback(
    (el: HTMLAudioElement | null) => {
      if (!el) return;
      player.attach(el);
      return () => player.detach();
    },
    [player],
  );

  const configured = station?.configured ?? false;
  const streamUrl = station?.streamUrl ?? null;
  const hlsUrl = station?.hlsUrl ?? null;
  const streams = station?.streams;
  const [preferred, setPreferred] = useState(() => storedQuality(browserStorage()));
  const [usesMp3, setUsesMp3] = useState(true);
  useEffect(() => {
    const probe = document.createElement('audio');
    const source = pickStreamSource(
      { configured, streamUrl, hlsUrl, streams },
      (t) => probe.canPlayType(t),
      preferred,
    );
    setUsesMp3(source?.kind !== 'native-hls' && source?.kind !== 'hls.js');
    player.setSource(source);
  }, [player, configured, streamUrl, hlsUrl, streams, preferred]);
  const options = qualityOptions(station).map((s) => ({ name: s.name, bitrate: s.bitrate as number }));
  const quality: QualityApi = {
    options,
    selected: options.find((o) => o.bitrate === preferred)?.bitrate ?? options[0]?.bitrate ?? null,
    choosable: usesMp3 && options.length > 1,
    choose: (kbps) => {
      try {
        browserStorage()?.setItem(QUALITY_STORAGE_KEY, String(kbps));
      } catch {
        // Storage blocked: the choice still applies to this visit.
      }
      setPreferred(kbps);
    },
  };

  useMediaSession(player, data?.nowPlaying?.song ?? null, snapshot.state, station);

  return (
    <PlayerContext value={player}>
      <QualityContext value={quality}>{children}</QualityContext>
      <TrackAnnouncer song={data?.nowPlaying?.song ?? null} state={snapshot.state} />
      {/* biome-ignore lint/a11y/useMediaCaption: a live radio stream has no captions */}
      <audio ref={audioRef} data-testid="radio-audio" data-state={snapshot.state} hidden />
    </PlayerContext>
  );
}

export interface PlayerApi extends PlayerSnapshot {
  play: () => void;
  pause: () => void;
  toggle: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
}

/** The player's state and controls, for any component under PlayerProvider. */
export function usePlayer(): PlayerApi {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs <PlayerProvider>');
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot);
  return {
    ...snapshot,
    play: () => player.play(),
    pause: () => player.pause(),
    toggle: () => player.toggle(),
    setVolume: (v) => player.setVolume(v),
    toggleMute: () => player.toggleMute(),
  };
}

/** The stream quality menu's state (see QualityMenu). */
export function useStreamQuality(): QualityApi {
  const quality = useContext(QualityContext);
  if (!quality) throw new Error('useStreamQuality needs <PlayerProvider>');
  return quality;
}

/** The one <audio> element, for features that listen to the sound (the bar visualiser). */
export function useMediaElement(): () => HTMLAudioElement | null {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('useMediaElement needs <PlayerProvider>');
  return useCallback(() => player.mediaElement, [player]);
}

import type { Recording } from '@shared/contracts/recordings';
import { usePlayer } from '@web/features/player/player-context';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface RecordingAudio {
  /** The callback ref of the page's one <audio> element for recordings. */
  ref: (el: HTMLAudioElement | null) => void;
  currentId: string | null;
  playing: boolean;
  position: number;
  duration: number;
  play: (rec: Recording) => void;
  pause: () => void;
  seek: (seconds: number) => void;
}

/**
 * Plays recordings in one <audio> element of the page, beside the live radio's own: starting a recording
 * pauses the live stream, and starting the live stream pauses the recording, so the two never talk over
 * each other.
 */
export function useRecordingAudio(): RecordingAudio {
  const live = usePlayer();
  const el = useRef<HTMLAudioElement | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);

  const ref = useCallback((audio: HTMLAudioElement | null) => {
    el.current = audio;
    if (!audio) return;
    const onTime = () => setPosition(audio.currentTime);
    const onDuration = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
    };
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      ['timeupdate', onTime],
      ['seeked', onTime],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
    ];
    for (const [event, listener] of listeners) audio.addEventListener(event, listener);
    return () => {
      audio.pause();
      for (const [event, listener] of listeners) audio.removeEventListener(event, listener);
    };
  }, []);

  // The live stream started (or is starting): the recording stands aside.
  const liveState = live.state;
  useEffect(() => {
    if ((liveState === 'playing' || liveState === 'loading') && el.current && !el.current.paused) {
      el.current.pause();
    }
  }, [liveState]);

  const { pause: pauseLive, state: liveNow } = live;
  const play = useCallback(
    (rec: Recording) => {
      const audio = el.current;
      if (!audio) return;
      if (liveNow !== 'idle' && liveNow !== 'error') pauseLive();
      if (currentId !== rec.id) {
        audio.src = rec.audioUrl;
        setCurrentId(rec.id);
        setPosition(0);
        setDuration(rec.durationSeconds);
      }
      void audio.play().catch(() => setPlaying(false));
    },
    [currentId, liveNow, pauseLive],
  );

  const pause = useCallback(() => el.current?.pause(), []);
  const seek = useCallback((seconds: number) => {
    const audio = el.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setPosition(seconds);
  }, []);

  return { ref, currentId, playing, position, duration, play, pause, seek };
}

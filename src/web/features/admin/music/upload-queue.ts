import type { UploadResult } from '@shared/contracts/media';
import { MEDIA_TEXTS } from '@shared/texts/media';

/** One file of an upload batch, as its row in the list shows it. */
export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  state: 'waiting' | 'sending' | 'checking' | 'done' | 'refused';
  message: string | null;
  trackId: string | null;
}

let next = 0;
export const newItem = (f: { name: string; size: number }): UploadItem => ({
  key: `u${++next}`,
  name: f.name,
  size: f.size,
  progress: 0,
  state: 'waiting',
  message: null,
  trackId: null,
});

/** Sent bytes: once all are sent the server checks the audio (tags, a full decode), which takes a moment. */
export const withProgress = (item: UploadItem, fraction: number): UploadItem => ({
  ...item,
  progress: Math.max(item.progress, Math.min(1, fraction)),
  state: fraction >= 1 ? 'checking' : 'sending',
});

/** The answer for one file: its track, or the refusal the server gave. */
export function withResult(item: UploadItem, result: UploadResult): UploadItem {
  const track = result.tracks[0];
  if (track)
    return {
      ...item,
      progress: 1,
      state: 'done',
      message: `${MEDIA_TEXTS.panel.uploaded}: ${track.artist} – ${track.title}`,
      trackId: track.id,
    };
  return { ...item, progress: 1, state: 'refused', message: result.refused[0]?.message ?? null };
}

export const withError = (item: UploadItem, message: string): UploadItem => ({
  ...item,
  state: 'refused',
  message,
});

const AUDIO = /\.(mp3|m4a|aac|mp4|ogg|oga|opus|flac|wav)$/i;
/** Files the picker or a drop offers that look like audio (the server decides for sure). */
export const looksLikeAudio = (f: { name: string; type: string }) =>
  f.type.startsWith('audio/') || AUDIO.test(f.name);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}

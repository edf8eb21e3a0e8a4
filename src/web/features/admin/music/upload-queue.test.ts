import { describe, expect, it } from 'vitest';
import { withAdded } from './music-api';
import { musicBackendView } from './music-backend';
import { formatDuration, looksLikeAudio, newItem, withError, withProgress, withResult } from './upload-queue';

const station = (backend: 'builtin' | 'azuracast' | 'icecast' | 'none', streamUrl: string | null = null) => ({
  name: 'R',
  backend,
  configured: backend !== 'none',
  streamUrl,
  hlsUrl: null,
  streams: [],
  defaultArt: '/a.svg',
});

describe('an upload row', () => {
  it('moves from sending to checking to its result, its bar never going back', () => {
    let i = newItem({ name: 'a.mp3', size: 10 });
    expect(i.state).toBe('waiting');
    i = withProgress(i, 0.5);
    expect(i).toMatchObject({ state: 'sending', progress: 0.5 });
    i = withProgress(i, 0.3);
    expect(i.progress).toBe(0.5);
    i = withProgress(i, 1);
    expect(i.state).toBe('checking');
    const done = withResult(i, {
      tracks: [{ id: 't1', title: 'Song', artist: 'Band', album: null, durationSeconds: 3, hasArt: false }],
      refused: [],
    });
    expect(done).toMatchObject({ state: 'done', trackId: 't1', message: 'Added: Band – Song' });
    const refused = withResult(i, {
      tracks: [],
      refused: [{ file: 'a.mp3', message: 'a.mp3: the file is empty' }],
    });
    expect(refused).toMatchObject({ state: 'refused', message: 'a.mp3: the file is empty' });
    expect(withError(i, 'a.mp3: larger than the limit')).toMatchObject({ state: 'refused' });
  });

  it('offers audio files only, by type or name', () => {
    expect(looksLikeAudio({ name: 'x.FLAC', type: '' })).toBe(true);
    expect(looksLikeAudio({ name: 'x', type: 'audio/mpeg' })).toBe(true);
    expect(looksLikeAudio({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });

  it('shows lengths as m:ss or h:mm:ss', () => {
    expect(formatDuration(3.4)).toBe('0:03');
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('adding to a playlist', () => {
  it('keeps the playlist order and appends only the new tracks, once', () => {
    expect(withAdded(['a', 'b'], ['b', 'c', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the Music tab per backend', () => {
  it('shows the library for the built-in engine, AzuraCast’s site for AzuraCast, else how to turn it on', () => {
    expect(musicBackendView(station('builtin'))).toEqual({ kind: 'library' });
    expect(musicBackendView(station('azuracast', 'https://radio.example.org/listen/x/radio.mp3'))).toEqual({
      kind: 'azuracast',
      url: 'https://radio.example.org',
    });
    expect(musicBackendView(station('none'))).toEqual({ kind: 'none' });
  });
});

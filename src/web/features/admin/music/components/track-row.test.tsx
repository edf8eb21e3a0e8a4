import type { MediaTrack } from '@shared/contracts/media';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BulkEdit } from './bulk-edit';
import { formatIsrc, formatLoudness, TrackRow } from './track-row';

const track = (over: Partial<MediaTrack> = {}): MediaTrack => ({
  id: 't1',
  songId: 's1',
  title: 'Blue Monday',
  artist: 'New Order',
  album: 'Power, Corruption & Lies',
  durationSeconds: 448,
  hasArt: false,
  fileName: 'blue-monday.mp3',
  origin: 'upload',
  format: 'mp3',
  sizeBytes: 1000,
  year: 1983,
  genre: 'Synth-pop',
  isrc: 'GBAAA8300001',
  artUrl: null,
  loudnessLufs: -9.84,
  removeAfterAir: false,
  cue: { cueIn: null, cueOut: null, fadeIn: null, fadeOut: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  playlists: [
    { id: 'p1', name: 'Daytime' },
    { id: 'p2', name: 'Late night' },
  ],
  ...over,
});

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a library track row', () => {
  it('shows its loudness, year, genre and ISRC, and the playlists it is in', () => {
    const shown = text(render(<TrackRow track={track()} selected={false} onSelect={() => {}} />));
    expect(shown).toContain('Loudness −9.8 LUFS');
    expect(shown).toContain('Year 1983');
    expect(shown).toContain('Genre Synth-pop');
    expect(shown).toContain('ISRC GB-AAA-83-00001');
    expect(shown).toContain('In Daytime, Late night');
  });

  it('says what it lacks instead of leaving blanks', () => {
    const html = render(
      <TrackRow
        track={track({ year: null, genre: null, isrc: null, loudnessLufs: null, playlists: [] })}
        selected={false}
        onSelect={() => {}}
      />,
    );
    const shown = text(html);
    expect(shown).toContain('In no playlist');
    expect(shown).toContain('Loudness —');
    expect(shown).toContain('ISRC —');
  });

  it('has a named preview button that is not playing yet', () => {
    const html = render(<TrackRow track={track()} selected={false} onSelect={() => {}} />);
    expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*aria-label="Preview Blue Monday"/);
  });

  it('formats loudness and ISRC as people read them', () => {
    expect(formatLoudness(-16.44)).toBe('−16.4 LUFS');
    expect(formatLoudness(null)).toBe('—');
    expect(formatIsrc('USRC17607839')).toBe('US-RC1-76-07839');
  });
});

describe('bulk edit', () => {
  it('offers artist, album and genre for the selected tracks, Apply off until one is filled', () => {
    const html = render(<BulkEdit trackIds={['a', 'b', 'c']} onDone={() => {}} />);
    expect(text(html)).toContain('Edit selected (3 selected)');
    for (const label of ['Artist', 'Album', 'Genre']) expect(html).toContain(`aria-label="${label}"`);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);
  });
});

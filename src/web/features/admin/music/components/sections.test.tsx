import { AUTODJ_TEXTS } from '@shared/texts/autodj';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FolderSkippedList } from './folder-skipped';
import { PlaylistCard } from './playlists-section';
import { QueueRow } from './queue-section';

const noop = () => {};

describe('Music tab sections', () => {
  it('lists the music folder’s skipped files with their reason, and nothing when there are none', () => {
    expect(renderToStaticMarkup(<FolderSkippedList skipped={[]} />)).toBe('');
    const html = renderToStaticMarkup(
      <FolderSkippedList
        skipped={[{ file: 'c-broken.flac', reason: 'c-broken.flac: the audio is damaged or incomplete' }]}
      />,
    );
    expect(html).toContain('1 file in the music folder not imported');
    expect(html).toContain('c-broken.flac: the audio is damaged or incomplete');
  });

  it('a queued track shows its place, title, artist and playlist, with a named Remove', () => {
    const html = renderToStaticMarkup(
      <QueueRow
        index={0}
        onRemove={noop}
        item={{
          id: 'q1',
          trackId: 't1',
          title: 'Blue Monday',
          artist: 'New Order',
          playlist: 'Daytime',
          playlistId: 'p1',
          requested: false,
          held: false,
        }}
      />,
    );
    expect(html).toContain('Blue Monday');
    expect(html).toContain('New Order · Daytime');
    expect(html).toContain('aria-label="Remove Blue Monday from the queue"');
    const request = renderToStaticMarkup(
      <QueueRow
        index={1}
        onRemove={noop}
        item={{
          id: 'q2',
          trackId: 't2',
          title: 'X',
          artist: 'Y',
          playlist: null,
          playlistId: null,
          requested: true,
          held: false,
        }}
      />,
    );
    expect(request).toContain('Y · Request');
    // The track the engine holds airs next: labelled, and not removable.
    const held = renderToStaticMarkup(
      <QueueRow
        index={0}
        onRemove={noop}
        item={{
          id: 'q0',
          trackId: 't0',
          title: 'Held Song',
          artist: 'Z',
          playlist: 'Daytime',
          playlistId: 'p1',
          requested: false,
          held: true,
        }}
      />,
    );
    expect(held).toContain('Held Song');
    expect(held).toContain(AUTODJ_TEXTS.heldLabel);
    expect(held).not.toContain('Remove Held Song');
  });

  it('a playlist row says what it does, its tracks, and whether it is on', () => {
    const html = renderToStaticMarkup(
      <PlaylistCard
        playlist={{
          id: 'p1',
          name: 'Late night',
          kind: 'scheduled',
          weight: 3,
          every: null,
          minute: null,
          schedule: [{ days: [5, 6], start: '23:00', end: '03:00' }],
          showSlotId: null,
          order: 'shuffle',
          enabled: false,
          transition: 'crossfade',
          crossfadeSeconds: null,
          trackCount: 1,
          createdAt: '',
          updatedAt: '',
        }}
        onToggle={noop}
        onEdit={noop}
        onTracks={noop}
        onDelete={noop}
      />,
    );
    expect(html).toContain('Late night');
    expect(html).toContain('Scheduled: Fri, Sat 23:00–03:00 (over midnight) · Shuffled · 1 track');
    expect(html).toContain('aria-checked="false"');
    expect(html).toContain('aria-label="Delete Late night"');
  });
});

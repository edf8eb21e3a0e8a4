import type { Playlist } from '@shared/contracts/media';
import { MEDIA_TEXTS } from '@shared/texts/media';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddToPlaylist } from './add-to-playlist';
import { PlaylistsSection } from './playlists-section';

const playlist = (id: string, name: string): Playlist => ({
  id,
  name,
  kind: 'rotation',
  weight: 3,
  every: null,
  minute: null,
  schedule: [],
  showSlotId: null,
  order: 'shuffle',
  enabled: true,
  transition: 'crossfade',
  crossfadeSeconds: null,
  trackCount: 0,
  createdAt: '',
  updatedAt: '',
});

describe('the library’s bulk Add to playlist', () => {
  it('offers the playlists the Music tab lists, from the same cached read', () => {
    const queryClient = new QueryClient();
    // The Music tab (its Playlists section) read the list first: the library shares that read.
    queryClient.setQueryData(queryKeys.media.playlists, {
      playlists: [playlist('p1', 'Daytime'), playlist('p2', 'Late night')],
    });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <PlaylistsSection />
        <AddToPlaylist trackIds={['t1', 't2']} onDone={() => {}} />
      </QueryClientProvider>,
    );
    expect(html).not.toContain(MEDIA_TEXTS.panel.noPlaylists);
    // A row of the Playlists section and a choice of the library's picker.
    expect(html).toContain('aria-label="Delete Daytime"');
    expect(html).toMatch(/<option[^>]*value="p1"[^>]*>Daytime<\/option>/);
    expect(html).toMatch(/<option[^>]*value="p2"[^>]*>Late night<\/option>/);
  });

  it('cannot read the playlists into the cache in any other shape (a type error)', () => {
    const read = () =>
      useKeyedQuery({
        queryKey: queryKeys.media.playlists,
        // @ts-expect-error the cached list is `{ playlists }`; a bare array under its key does not compile
        queryFn: async () => [playlist('p1', 'Daytime')],
      });
    expect(typeof read).toBe('function');
  });
});

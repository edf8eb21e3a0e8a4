import type { NowPlaying } from '@shared/contracts/station';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nowPlayingQuery } from '../now-playing';
import { OFF_AIR } from '../testing/off-air';
import { OnAirPanel } from './on-air-panel';

const fresh = OFF_AIR;

function panelText(np: NowPlaying) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(nowPlayingQuery.queryKey, np);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OnAirPanel live={np.live} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the home page’s on-air panel', () => {
  it('says off air when nothing plays, not AutoDJ', () => {
    expect(panelText(fresh)).toBe('Off Air Off Air Nothing is on air right now.');
  });

  it('says AutoDJ while the AutoDJ plays', () => {
    const text = panelText({
      ...fresh,
      nowPlaying: {
        song: { id: 's', title: 'Neon Rain', artist: 'Kora', album: null, art: '/a.png' },
        playedAt: new Date().toISOString(),
        source: 'autodj',
      },
    });
    expect(text).toBe('AutoDJ AutoDJ Your drive, your music.');
  });
});

import type { NowPlaying } from '@shared/contracts/station';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ScheduleData } from '@web/app/data/query-data';
import { queryKeys } from '@web/app/data/query-keys';
import { nowPlayingQuery } from '@web/features/station/now-playing';
import { OFF_AIR } from '@web/features/station/testing/off-air';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import SchedulePage from './schedule-page';

const station = OFF_AIR;

/** The schedule page on a day without shows, as a visitor sees it. */
function emptyDay(np: NowPlaying) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(nowPlayingQuery.queryKey, np);
  queryClient.setQueryData(queryKeys.schedule, { timezone: 'UTC', slots: [] } satisfies ScheduleData);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SchedulePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('an empty schedule day', () => {
  it('promises no AutoDJ on a station where none plays', () => {
    const text = emptyDay(station);
    expect(text).toContain('No Shows Scheduled');
    expect(text).toContain('Nothing is booked for this day.');
    expect(text).not.toMatch(/AutoDJ/);
  });

  it('says the AutoDJ plays between shows while it is on air', () => {
    const text = emptyDay({
      ...station,
      nowPlaying: {
        song: { id: 's', title: 'Neon Rain', artist: 'Kora', album: null, art: '/a.png' },
        playedAt: new Date().toISOString(),
        source: 'autodj',
      },
    });
    expect(text).toContain('AutoDJ plays music whenever no show is on.');
    expect(text).toContain('Between shows, our AutoDJ keeps the music going.');
  });
});

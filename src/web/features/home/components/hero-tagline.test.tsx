import type { NowPlaying } from '@shared/contracts/station';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { nowPlayingQuery } from '@web/features/station/now-playing';
import { AUTODJ_ON_AIR, OFF_AIR } from '@web/features/station/testing/off-air';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeroTagline } from './hero-tagline';
import { MobileStats } from './mobile-shortcuts';

/** A built-in station just installed: set up, nothing playing (no music yet), nobody live. */
const fresh: NowPlaying = {
  ...OFF_AIR,
  station: { ...OFF_AIR.station, streams: [{ name: 'High', url: '/stream', format: 'mp3', bitrate: 128 }] },
};
const playing: NowPlaying = { ...fresh, nowPlaying: AUTODJ_ON_AIR.nowPlaying };

function render(np: NowPlaying | null, node: ReactNode) {
  const queryClient = new QueryClient();
  if (np) queryClient.setQueryData(nowPlayingQuery.queryKey, np);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the home page’s line over the heading', () => {
  it('says off air on a fresh station with nothing playing, as the header does (never “on air 24/7”)', () => {
    for (const pill of [false, true]) {
      const text = render(fresh, <HeroTagline siteTitle="OnAir Radio" pill={pill} />);
      expect(text).toBe('OnAir Radio · off air');
      expect(text).not.toContain('24/7');
    }
  });

  it('says on air while the AutoDJ plays, and live while a presenter is on', () => {
    expect(render(playing, <HeroTagline siteTitle="OnAir Radio" />)).toBe('OnAir Radio · on air now');
    const live = { ...playing, live: { ...playing.live, isLive: true, streamerName: 'Jade' } };
    expect(render(live, <HeroTagline siteTitle="OnAir Radio" />)).toBe('OnAir Radio · live now');
  });

  it('shows the name alone until the state is known', () => {
    expect(render(null, <HeroTagline siteTitle="OnAir Radio" />)).toBe('OnAir Radio');
  });
});

describe('the mobile home’s stats', () => {
  it('show what is on air and the stream’s real bitrate, never “24/7” or “HD”', () => {
    const text = render(fresh, <MobileStats listeners={0} />);
    expect(text).toBe('0 Listeners OFF AIR Now 128 kbps');
    expect(text).not.toMatch(/24\/7|HD/);
    expect(render(playing, <MobileStats listeners={2} />)).toBe('2 Listeners AutoDJ Now 128 kbps');
  });

  it('leave the quality out when the stream’s is not known', () => {
    const outside = { ...playing, station: { ...playing.station, streams: [] } };
    expect(render(outside, <MobileStats listeners={1} />)).toBe('1 Listeners AutoDJ Now');
  });
});

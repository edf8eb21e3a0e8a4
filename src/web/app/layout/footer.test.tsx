import type { NowPlaying } from '@shared/contracts/station';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { nowPlayingQuery } from '@web/features/station/now-playing';
import { AUTODJ_ON_AIR, OFF_AIR } from '@web/features/station/testing/off-air';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

const station = (streams: NowPlaying['station']['streams']): NowPlaying => ({
  ...OFF_AIR,
  station: { ...OFF_AIR.station, streams },
});

function footerText(np: NowPlaying) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(nowPlayingQuery.queryKey, np);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the footer', () => {
  it('gives the stream’s real quality (128 kbps MP3), not “HD Audio Quality”, and says off air when it is', () => {
    const text = footerText(
      station([
        { name: 'High', url: '/stream', format: 'mp3', bitrate: 128 },
        { name: 'Low', url: '/stream/64', format: 'mp3', bitrate: 64 },
        { name: 'Adaptive (HLS)', url: '/hls/live.m3u8', format: 'hls', bitrate: null },
      ]),
    );
    expect(text).toContain(' 128 kbps MP3 ');
    expect(text).toContain(' Off air right now ');
    expect(text).not.toMatch(/HD Audio|24\/7/);
  });

  it('says what is on air now, and “Adaptive quality” or “Stream quality” when no bitrate is known', () => {
    const playing = (np: NowPlaying): NowPlaying => ({ ...np, nowPlaying: AUTODJ_ON_AIR.nowPlaying });
    const hlsOnly = footerText(
      playing(station([{ name: 'Adaptive (HLS)', url: '/hls/live.m3u8', format: 'hls', bitrate: null }])),
    );
    expect(hlsOnly).toContain(' AutoDJ on air now ');
    expect(hlsOnly).toContain(' Adaptive quality ');
    const outside = footerText(
      playing(
        station([{ name: 'Standard', url: 'https://radio.example/live', format: 'other', bitrate: null }]),
      ),
    );
    expect(outside).toContain(' Stream quality ');
  });
});

import type { CarouselImage } from '@shared/contracts/carousel';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '@web/app/data/query-keys';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HomeCarousel } from './home-carousel';

const image = (id: string, imageUrl: string, title: string): CarouselImage =>
  ({ id, imageUrl, title, linkUrl: null, displayOrder: 0, isActive: true }) as CarouselImage;

/** The carousel as the home page renders it, and how often some words appear as visible text (not alt). */
function render(images: CarouselImage[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.carousel.active, { images });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <HomeCarousel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const visibleText = html.replace(/<[^>]+>/g, ' ');
  return { html, printed: (words: string) => visibleText.split(words).length - 1 };
}

describe('the home carousel’s captions', () => {
  it('does not print a caption over a built-in picture that already shows the same words', () => {
    const { html, printed } = render([
      image('a', '/carousel/station-1.svg', 'Your drive, your music.'),
      image('b', '/carousel/station-3.svg', 'Request a song'),
    ]);
    expect(printed('Your drive, your music.')).toBe(0);
    expect(printed('Request a song')).toBe(0);
    // The words stay the picture's text alternative.
    expect(html).toContain('alt="Your drive, your music."');
  });

  it('prints the caption of an admin’s own picture', () => {
    const { printed } = render([image('c', 'https://img.example/gig.jpg', 'Summer gig tickets')]);
    expect(printed('Summer gig tickets')).toBe(1);
  });
});

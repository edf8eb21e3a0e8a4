import type { CarouselImage } from '@shared/contracts/carousel';
import { LIMITS } from '@shared/limits';
import { useDocumentVisible } from '@web/app/hooks/use-document-visible';
import { useMediaQuery } from '@web/app/hooks/use-media-query';
import { clsx } from 'clsx';
import { Pause, Play } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCarousel } from '../api';

type Slide = Pick<CarouselImage, 'id' | 'imageUrl' | 'title' | 'linkUrl'>;

/** With no images (or none loaded), the station's three built-in pictures. */
export const BUILT_IN_SLIDES: Slide[] = [
  { id: 'built-in-1', imageUrl: '/carousel/station-1.svg', title: null, linkUrl: null },
  { id: 'built-in-2', imageUrl: '/carousel/station-2.svg', title: null, linkUrl: '/schedule' },
  { id: 'built-in-3', imageUrl: '/carousel/station-3.svg', title: null, linkUrl: '/requests' },
];

/**
 * The station's built-in pictures (public/carousel) carry their words drawn in: their title is the
 * picture's text alternative only, never printed over the same words again.
 */
const wordsDrawnIn = (imageUrl: string) => imageUrl.startsWith('/carousel/');

/** Where a slide's link goes, in words, for a slide whose picture has no title to name it. */
const destinationOf = (url: string) =>
  url.startsWith('/') ? `Open the ${url.slice(1).split(/[/?#]/)[0] || 'home'} page` : `Open ${url}`;

function SlideLink({ slide, children }: { slide: Slide; children: React.ReactNode }) {
  const cls = 'block size-full focus-visible:outline-offset-[-4px]';
  const label = slide.title ? undefined : slide.linkUrl ? destinationOf(slide.linkUrl) : undefined;
  if (!slide.linkUrl) return <>{children}</>;
  if (slide.linkUrl.startsWith('/')) {
    return (
      <Link to={slide.linkUrl} className={cls} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={slide.linkUrl} target="_blank" rel="noopener noreferrer" className={cls} aria-label={label}>
      {children}
    </a>
  );
}

/**
 * The home carousel: active images rotate every 5 s, dots pick one, a click opens its link.
 * Rotation pauses while the pointer or focus is on it, when the tab is hidden, with the pause button,
 * and never starts for visitors who ask for reduced motion. Admin changes arrive live.
 */
export function HomeCarousel({ className }: { className?: string }) {
  const id = useId();
  const carousel = useCarousel();
  const slides = carousel.data?.length ? carousel.data : BUILT_IN_SLIDES;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const visible = useDocumentVisible();
  const current = Math.min(index, slides.length - 1);
  const rotating = slides.length > 1 && !hovered && !focused && !stopped && !reducedMotion && visible;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), LIMITS.carouselIntervalMs);
    return () => clearInterval(timer);
  }, [rotating, slides.length]);

  if (carousel.isPending) {
    return (
      <div
        aria-hidden
        className={clsx('aspect-[8/3] animate-pulse rounded-3xl bg-slate-800/60', className)}
      />
    );
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Station highlights"
      data-testid="home-carousel"
      className={clsx(
        'group relative aspect-[8/3] overflow-hidden rounded-3xl border border-slate-700/80 bg-slate-900',
        className,
      )}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div id={`${id}-slides`} aria-live={rotating ? 'off' : 'polite'} className="size-full">
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a group
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}${slide.title ? `: ${slide.title}` : ''}`}
            aria-hidden={i !== current}
            inert={i !== current}
            data-active={i === current}
            data-testid="carousel-slide"
            className={clsx(
              'absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none',
              i === current ? 'opacity-100' : 'pointer-events-none opacity-0',
            )}
          >
            <SlideLink slide={slide}>
              <img
                src={slide.imageUrl}
                alt={slide.title ?? ''}
                className="size-full object-cover"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              {slide.title && !wordsDrawnIn(slide.imageUrl) ? (
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-4 pt-8 pb-11 font-bold text-base text-white sm:px-8 sm:pt-10 sm:pb-12 sm:text-2xl">
                  {slide.title}
                </span>
              ) : null}
            </SlideLink>
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <div className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-1 sm:bottom-3">
          <button
            type="button"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? 'Start slide show' : 'Pause slide show'}
            className="mr-1 flex size-8 items-center justify-center rounded-full bg-black/40 text-white transition hover:bg-black/60"
          >
            {stopped ? <Play aria-hidden className="size-3.5" /> : <Pause aria-hidden className="size-3.5" />}
          </button>
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              aria-label={`Show slide ${i + 1}`}
              aria-current={i === current}
              aria-controls={`${id}-slides`}
              onClick={() => setIndex(i)}
              className="flex size-8 items-center justify-center"
            >
              <span
                aria-hidden
                className={clsx(
                  'block h-2.5 rounded-full transition-all',
                  i === current ? 'w-6 bg-white' : 'w-2.5 bg-white/50 hover:bg-white/80',
                )}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

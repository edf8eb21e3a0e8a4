import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '../pwa/register-sw';
import { Providers } from './providers';
import { AppRouter } from './router';

/** Draws the app into #root (the static 'Loading...' shell until then) and registers the service worker. */
export function boot(root: HTMLElement) {
  // The first render is a transition: React renders it in slices of a few milliseconds and lets the
  // browser breathe in between (input, paint), instead of one long task on a slow phone.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });
  registerServiceWorker(
    () => document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content ?? 'OnAir',
  );
}

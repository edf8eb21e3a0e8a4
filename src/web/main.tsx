import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { captureEarlyKeys } from './app/early-keys';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { captureInstallOffer } from './pwa/install-event';
import { registerServiceWorker } from './pwa/register-sw';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

captureInstallOffer();
captureEarlyKeys();

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

import './styles.css';
import { captureEarlyKeys } from './app/triggers/early-keys';
import { captureInstallOffer } from './pwa/install-event';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

captureInstallOffer();
captureEarlyKeys();

/**
 * The app's code runs in two tasks instead of one: React and react-dom first, then (after the browser has
 * had a turn: input, paint) the app's own modules and its first render. Evaluating all of it at once was
 * the page's longest task on a phone (see bench/RESULTS.md, Lighthouse). The chunks are fetched together
 * from the start: the page preloads them (the `onair-preload-boot` build step in vite.config.ts).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/boot'))
  .then(({ boot }) => boot(root))
  .catch(() => {
    // The app's code could not be fetched (the connection dropped mid-load): say so instead of 'Loading...'.
    const status = root.querySelector('[role="status"] p');
    if (status)
      status.textContent = 'The station cannot be reached. Check your connection, then reload the page.';
  });

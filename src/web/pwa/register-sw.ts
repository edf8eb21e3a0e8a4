import { toast } from '@web/app/toast/toast';

/**
 * Registers the service worker (production builds only) and offers a new version when one is deployed:
 * the new worker waits until the listener accepts, then takes over and the page reloads once.
 */
export function registerServiceWorker(siteTitle: () => string) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Reload only when the listener accepted an update (the first install also changes the controller).
  let accepted = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!accepted) return;
    accepted = false;
    window.location.reload();
  });
  const offer = (worker: ServiceWorker) => {
    toast(`A new version of ${siteTitle()} is ready.`, {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Update',
        onClick: () => {
          accepted = true;
          worker.postMessage('skip-waiting');
        },
      },
    });
  };
  const register = async () => {
    try {
      const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const next = reg.installing;
        next?.addEventListener('statechange', () => {
          // The first install has no controller yet: nothing to update from.
          if (next.state === 'installed' && navigator.serviceWorker.controller) offer(next);
        });
      });
    } catch {
      /* no service worker (private mode, an old browser): the site works as a plain page */
    }
  };
  // Registered once the page has loaded (the worker's downloads never compete with the page's own). The app
  // itself often starts after that (main.tsx imports it in turn), so an already loaded page registers now.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

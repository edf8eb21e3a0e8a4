/* OnAir's service worker. Built by the Vite plugin in vite.config.ts, which fills in the version and the
 * shell files of the build. It caches the built shell and static assets only: never the API, the event
 * stream, the audio stream or uploads. A page that cannot reach the station gets the offline page. */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const SHELL = `onair-shell-${VERSION}`;
const ASSETS = 'onair-assets';
const OFFLINE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('onair-shell-') && k !== SHELL).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page asks the new version to take over when the listener accepts the update prompt.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

function neverCached(url, request) {
  return (
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/stream') ||
    url.pathname.startsWith('/uploads/') ||
    url.pathname === '/metrics' ||
    url.pathname === '/healthz' ||
    url.pathname === '/sw.js' ||
    request.destination === 'audio' ||
    (request.headers.get('accept') || '').includes('text/event-stream')
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url, request)) return;

  if (request.mode === 'navigate') {
    // Pages always come from the station (they carry what is on air); the offline page when it is gone.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE, { cacheName: SHELL })));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    // Hashed build files never change: cache first, kept as they are used.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(ASSETS).then((cache) => cache.put(request, copy));
            }
            return res;
          }),
      ),
    );
  }
});

// Keeps the app available offline: past sessions (in IndexedDB) open and every view works without a
// network after one visit. At install it precaches the whole build (scripts/build.sh writes the list
// and the cache name below: the page, the CSS, the JS glue and every wasm part, named per build), so
// views loaded on demand work offline even if they were never opened. Requests are network first, so
// a new release is never hidden behind a stale cache; the cache is only the fallback. Only
// same-origin GETs are touched: calls to model providers (other origins, POST, keys in headers) pass
// straight through and are never stored.
const PRECACHE = [];
const CACHE = 'consilium-dev';

self.addEventListener('install', (event) =>
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting())),
);
// A deploy's worker drops the caches of earlier deploys (their parts are never asked for again once
// the page reloads).
self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('consilium-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  ),
);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        // Never stored: an address with a query. The app's own files have none; the sign-in's
        // return does (`?code=...`, a one-time secret), and so may anything else not ours.
        if (response.ok && !url.search) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.match(request, { ignoreSearch: true }).then((hit) => {
          if (hit) return hit;
          // Any route of the app is its one page; anything else not cached fails as a network error
          // would (a missing wasm part then shows its Retry message).
          return request.mode === 'navigate' ? caches.match(new URL('./', self.location).href) : Response.error();
        }),
      ),
  );
});

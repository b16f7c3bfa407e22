// Keeps the app shell available offline so past sessions (in local storage) can be reviewed without a
// network. Network first, so a new release is never hidden behind a stale cache; the cache is only the
// fallback. Only same-origin GETs are touched: calls to model providers (other origins, POST, keys in
// headers) pass straight through and are never stored.
const CACHE = 'consilium-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.match(request, { ignoreSearch: true }).then((hit) => hit || caches.match(new URL('./', self.location).href)),
      ),
  );
});

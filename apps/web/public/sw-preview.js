// Issue #29: imported first by the service worker (build/pwa.ts): a console preview's API calls
// (header X-Moxa-Preview) go to the network as they are, never answered from or written to a cache.
self.addEventListener('fetch', (event) => {
  if (event.request.headers.has('x-moxa-preview')) event.stopImmediatePropagation();
});

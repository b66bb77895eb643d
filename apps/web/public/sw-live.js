// Issue #29 (decision 039): content is published while the app runs. Imported first by the service
// worker (build/pwa.ts), so these listeners run before Workbox's:
// - a console preview's API calls (header X-Moxa-Preview) go to the network as they are, never
//   answered from or written to a cache;
// - the acupoint reference the build precaches is asked from the network first, the precached copy
//   answering only offline (it holds the content of the build).
var PRECACHED_READS = ['/api/v8/acupoints', '/api/v8/meridians', '/api/v8/charts'];
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.headers.has('x-moxa-preview')) return event.stopImmediatePropagation();
  var url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.search || PRECACHED_READS.indexOf(url.pathname) < 0) return;
  event.stopImmediatePropagation();
  event.respondWith(
    fetch(request).catch(function () {
      return caches.match(url.pathname, { ignoreSearch: true }).then(function (cached) {
        return cached || Response.error();
      });
    }),
  );
});

import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contentRevision, REVISION_FILE } from './content-revision.ts';

/**
 * Workbox service worker (issue #6): precache the built app and the acupoint reference (list,
 * meridians, chart views) with a content revision, so search over the points works offline and a
 * deploy replaces everything at once; runtime-cache the point and meridian details and chart
 * figures people visit, and the glossary their terms are explained from (issue #26). Personal data
 * (records, login) is never cached. Content reads go to the network first (issue #29: published while
 * the app runs); the caches answer offline.
 */
export function pwa(): Plugin[] {
  const revision = contentRevision();
  // The build records the content revision it was made from; `npm start` rebuilds when it differs.
  const record: Plugin = {
    name: 'moxa:content-revision',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: REVISION_FILE, source: revision });
    },
  };
  return [
    record,
    ...VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['index.html', 'assets/**/*.{js,css}', 'logo.svg', 'manifest.webmanifest'],
        additionalManifestEntries: ['/api/v8/acupoints', '/api/v8/meridians', '/api/v8/charts'].map((url) => ({ url, revision })),
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/aysdmp\//, /^\/media\//, /^\/console(\/|$)/],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Issue #29: runs before Workbox's own fetch handler: previews bypass every cache, and the
        // precached reads are asked from the network first (public/sw-live.js).
        importScripts: ['/sw-live.js'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) =>
              /^\/api\/v8\/(acupoints|meridians)\/[^/]+$/.test(url.pathname) ||
              url.pathname === '/api/v8/glossary' ||
              url.pathname.startsWith('/media/charts/'),
            // Issue #29: content is published while the app runs, so the network answers first; the
            // cached copy answers offline or when the network is slow.
            handler: 'NetworkFirst',
            options: { cacheName: `content-${revision}`, networkTimeoutSeconds: 4, expiration: { maxEntries: 600 } },
          },
        ],
      },
    }),
  ];
}

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';

const CONTENT = new URL('../../../content/', import.meta.url).pathname;

/** A revision for the precached API reads: changes whenever a content file changes. */
function contentRevision(dir = CONTENT): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(name).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Workbox service worker (issue #6): precache the built app and the acupoint reference (list,
 * meridians, chart views) with a content revision, so search over the points works offline and a
 * deploy replaces everything at once; runtime-cache the point and meridian details and chart
 * figures people visit. Personal data (records, login) is never cached.
 */
export function pwa() {
  const revision = contentRevision();
  return VitePWA({
    injectRegister: null,
    registerType: 'autoUpdate',
    manifest: false,
    workbox: {
      globPatterns: ['index.html', 'assets/**/*.{js,css}', 'logo.svg', 'manifest.webmanifest'],
      additionalManifestEntries: ['/api/v8/acupoints', '/api/v8/meridians', '/api/v8/charts'].map((url) => ({ url, revision })),
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/aysdmp\//, /^\/media\//],
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url }) =>
            /^\/api\/v8\/(acupoints|meridians)\/[^/]+$/.test(url.pathname) || url.pathname.startsWith('/media/charts/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: `content-${revision}`, expiration: { maxEntries: 600 } },
        },
      ],
    },
  });
}

/**
 * Offline support (issue #6): the Workbox service worker built by vite-plugin-pwa precaches the
 * app and the acupoint reference, so visited acupoint and meridian pages and point search work
 * with no network. Production builds only.
 *
 * Decision 054: the worker is registered once the page has loaded and then been left to itself for
 * a few seconds, not at `load`. Its install downloads ≈ 480 KB (gzip) of precache plus the acupoint
 * lists — seconds of a Slow 4G link — and writes them to Cache Storage, which on a first visit took
 * the network and the CPU from the screen's own pictures, data and first taps.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterPageSettles(() =>
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* an enhancement: the app works without it */
    }),
  );
}

/** How long after `load` a page is left alone before background work of its own starts (decision 054). */
export const SETTLE_MS = 5000;

type Host = Pick<Window, 'addEventListener' | 'setTimeout'> & { requestIdleCallback?: Window['requestIdleCallback'] };

/**
 * Runs `fn` once: `SETTLE_MS` after `load` (counted from now where the page has already loaded, as a
 * prerendered page that starts its app after the first paint often has, decision 046), then at the
 * browser's next idle moment where it can tell one (not in iOS WebViews).
 */
export function afterPageSettles(fn: () => void, doc: Pick<Document, 'readyState'> = document, win: Host = window): void {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(fn, { timeout: 2000 }) : fn());
  const wait = () => win.setTimeout(idle, SETTLE_MS);
  if (doc.readyState === 'complete') wait();
  else win.addEventListener('load', wait, { once: true });
}

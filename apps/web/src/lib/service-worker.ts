/**
 * Offline support (issue #6): the Workbox service worker built by vite-plugin-pwa precaches the
 * app and the acupoint reference, so visited acupoint and meridian pages and point search work
 * with no network. Production builds only; registered after load so it never competes with the
 * first paint.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* an enhancement: the app works without it */
    });
  // A prerendered page starts the app after its first paint (decision 046), often after `load`.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

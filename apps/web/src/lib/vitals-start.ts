/**
 * Issue #33 item 5 (decision 034): a sampled share of visits reports its Core Web Vitals. Only the
 * draw is made here, in the entry; the collector (lib/vitals.ts, with the web-vitals library) loads
 * for the visits drawn, once the first screen is on the page and the browser is idle. The share is
 * VITE_VITALS_SAMPLE_RATE at build time (0–1; unset: 10 %); `?vitals=1` in the address reports the
 * visit whatever the draw (tests, and an editor checking that numbers arrive).
 */
export function startVitals(landing: string): void {
  const forced = new URLSearchParams(window.location.search).get('vitals') === '1';
  if (!forced && !(Math.random() < Number(import.meta.env.VITE_VITALS_SAMPLE_RATE ?? 0.1))) return;
  const load = () =>
    void import('./vitals.ts').then(
      (m) => m.collectVitals(landing),
      () => undefined,
    );
  if (window.requestIdleCallback) window.requestIdleCallback(load, { timeout: 5000 });
  else window.setTimeout(load, 300);
}

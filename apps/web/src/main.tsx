import { holdEarlyTaps } from './app/early-taps.ts';
import { preloadScreen } from './app/screens.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { startVitals } from './lib/vitals-start.ts';
import './styles/global.css';

// Issue #2: when a screen's chunk fails to load Vite raises vite:preloadError; no listener cancels
// it, so the error reaches the route error boundary (app/route-error.tsx), which retries.

// 长辈版 (issue #18) is set before the first paint by the inline script in <head>
// (apps/web/build/elder-boot.ts), so the entry carries none of lib/elder-mode.ts.

// Prerendered entry pages (issue #6) carry #moxa-data (read by lib/query-client.ts).
const prerendered = document.getElementById('moxa-data') !== null;
// Their buttons show before the app can answer them: taps until then are replayed (app/early-taps.ts).
const replayEarlyTaps = prerendered ? holdEarlyTaps(document.getElementById('root')!) : () => undefined;

// Start-up runs as a few short tasks rather than one long one, so a tap is never kept waiting
// (TBT, issue #6): this script's evaluation, the screen's requests, react-dom's, react-dom's
// evaluation, then the first render.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // Issue #33 item 5: reports name the page the visit landed on.
  const landing = window.location.pathname;
  await nextTask();
  // The first screen's chunk and data, and react-dom, download together; the app renders once both
  // are in, so prerendered markup stays on screen meanwhile. A screen that failed to load is asked
  // for again while rendering, and then reaches the error boundary.
  const screen = preloadScreen(window.location.pathname).catch(() => undefined);
  await nextTask();
  const [{ mount }] = await Promise.all([import('./app/mount.tsx'), screen]);
  await nextTask();
  // Once the app has taken the page over: marks it alive (tests wait for it), answers early taps, and
  // (sampled) starts measuring the visit's page speed.
  mount(prerendered, () => {
    document.documentElement.dataset.app = 'ready';
    replayEarlyTaps();
    startVitals(landing);
  });
}
void start();
registerServiceWorker();
// Issue #30: inside WeChat, pages without a share card of their own share the brand's defaults.
if (/MicroMessenger/i.test(navigator.userAgent)) void import('./lib/wechat-share.ts').then((m) => m.applyDefaultCard());

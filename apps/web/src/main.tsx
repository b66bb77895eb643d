import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setNavigator } from './lib/navigation.ts';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

// Issue #2: when a screen's chunk fails to load Vite raises vite:preloadError; no listener cancels
// it, so the error is rethrown to the route error boundary (app/route-error.tsx), which retries.

// Prerendered entry pages (issue #6) carry #moxa-data (read by lib/query-client.ts).
const prerendered = document.getElementById('moxa-data') !== null;

const router = createRouter();
setNavigator((to, opts) => void router.navigate(to, opts));

// Render once the first screen's chunk is in, so prerendered markup stays on screen meanwhile.
// Prerendered pages are hydrated: React adopts the markup on screen instead of painting it again
// (the largest paint stays the HTML's). Other pages render in a transition, in small slices, so
// taking over never blocks taps (TBT, issue #6).
function start() {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}
if (router.state.initialized) start();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
}
registerServiceWorker();

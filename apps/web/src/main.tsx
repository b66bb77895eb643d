import { dehydrate, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { setNavigator } from './lib/navigation.ts';
import { queryClient } from './lib/query-client.ts';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

// Design §8: antd-mobile's Toast/Dialog render nothing on React 19 until a renderer is registered.
unstableSetRender((node, container) => {
  const el = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  el._reactRoot ??= createRoot(el);
  const root = el._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

// Issue #2: when a screen's chunk fails to load Vite raises vite:preloadError; no listener cancels
// it, so the error is rethrown to the route error boundary (app/route-error.tsx), which retries.

// Prerendered entry pages (issue #6) carry the data they were rendered with: seed the cache so the
// first render matches the HTML already on screen. scripts/prerender.ts reads it back through
// __MOXA_DEHYDRATE__.
const seeded = document.getElementById('moxa-data')?.textContent;
if (seeded) hydrate(queryClient, JSON.parse(seeded) as Parameters<typeof hydrate>[1]);
(window as unknown as { __MOXA_DEHYDRATE__: () => unknown }).__MOXA_DEHYDRATE__ = () => dehydrate(queryClient);

const router = createRouter();
setNavigator((to, opts) => void router.navigate(to, opts));

// Render once the first screen's chunk is in, so prerendered markup stays on screen until React
// replaces it with the same markup (no blank flash, no layout shift).
// Prerendered pages are hydrated: React adopts the markup on screen instead of painting it again
// (the largest paint stays the HTML's). Other pages render in a transition, in small slices, so
// taking over never blocks taps (TBT, issue #6).
function start() {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (seeded) startTransition(() => void hydrateRoot(container, app));
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

import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { setNavigator } from './lib/navigation.ts';
import { queryClient } from './lib/query-client.ts';
import { createRouter } from './app/router.tsx';
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

const router = createRouter();
setNavigator((to, opts) => void router.navigate(to, opts));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

import { use, useSyncExternalStore, type ComponentType } from 'react';
import { useParams, type Params } from 'react-router';
import { MODULES_WITHOUT_QUERY, type RouteDef } from '../config/routes.ts';
import { prefetch } from '../lib/prefetch.ts';
import { matchRouteDef } from '../lib/use-route-def.ts';
import { RequireLogin } from '../components/require-login.tsx';

/**
 * Every screen is its own chunk (spec §2 "every screen loads on demand"). Vite needs literal import
 * paths, so the module names of config/routes.ts map to loaders here.
 */
const modules: Record<string, () => Promise<{ Component: ComponentType }>> = {
  home: () => import('./routes/home.tsx'),
  acupoint: () => import('./routes/acupoint.tsx'),
  'acupoint-detail': () => import('./routes/acupoint-detail.tsx'),
  'meridian-detail': () => import('./routes/meridian-detail.tsx'),
  'acupoint-search': () => import('./routes/acupoint-search.tsx'),
  'video-home': () => import('./routes/video-home.tsx'),
  login: () => import('./routes/login.tsx'),
  physical: () => import('./routes/physical.tsx'),
  'physical-question': () => import('./routes/physical-question.tsx'),
  'physical-record': () => import('./routes/physical-record.tsx'),
  'physical-detail': () => import('./routes/physical-detail.tsx'),
  'physical-computing': () => import('./routes/physical-computing.tsx'),
  'physical-scheme': () => import('./routes/physical-scheme.tsx'),
  authorize: () => import('./routes/authorize.tsx'),
  'test-page': () => import('./routes/test-page.tsx'),
  coming: () => import('./routes/coming.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
};

/** Public content each screen reads first, fetched while its chunk loads (issue #6). */
const ROUTE_DATA: Record<string, (params: Params) => string[]> = {
  'acupoint-detail': (p) => [`/api/v8/acupoints/${encodeURIComponent(p.id ?? '')}`, '/api/v8/charts'],
  'meridian-detail': (p) => [`/api/v8/meridians/${encodeURIComponent(p.id ?? '')}`, '/api/v8/charts'],
};

const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();
const failed = new Set<string>();

/** Called by the route error boundary once it shows a failure: later visits load afresh. */
export function forgetFailedScreens(): void {
  for (const module of failed) loading.delete(module);
  failed.clear();
}

// Screens whose chunks are on their way, for the progress bar of the root layout.
let inFlight = 0;
const listeners = new Set<() => void>();
// Loads start while a screen renders: tell the subscribers after that render, not during it.
const setInFlight = (n: number) => {
  inFlight = n;
  queueMicrotask(() => listeners.forEach((l) => l()));
};
export const useScreenLoading = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => inFlight > 0,
    () => false,
  );

/**
 * Loads a screen's chunk (with the TanStack Query provider when it fetches), and starts the public
 * data it reads first so the two download together. A failed load stays failed (rendering it
 * throws to the route error boundary) until the boundary has shown it; the next visit asks again.
 */
function loadScreen(module: string, params: Params): Promise<ComponentType> {
  let pending = loading.get(module);
  if (pending) return pending;
  const load = modules[module];
  if (!load) throw new Error(`no module for ${module}`);
  ROUTE_DATA[module]?.(params).forEach(prefetch);
  setInFlight(inFlight + 1);
  pending = Promise.all([load(), MODULES_WITHOUT_QUERY.has(module) ? null : import('../components/with-query.tsx')]).then(
    ([{ Component: Screen }, query]) => {
      const Component = query
        ? () => (
            <query.WithQuery>
              <Screen />
            </query.WithQuery>
          )
        : Screen;
      loaded.set(module, Component);
      return Component;
    },
  );
  pending.then(
    () => setInFlight(inFlight - 1),
    () => {
      setInFlight(inFlight - 1);
      failed.add(module);
    },
  );
  loading.set(module, pending);
  return pending;
}

/** Starts the first screen before React is on the page, so the app renders it without waiting. */
export function preloadScreen(pathname: string): Promise<unknown> {
  const { def, params } = matchRouteDef(pathname);
  return loadScreen(def.module, params);
}

/** One route's screen: rendered at once when its chunk is in, else suspended until it is. */
export function ScreenRoute({ def }: { def: RouteDef }) {
  const params = useParams();
  const Screen = loaded.get(def.module) ?? use(loadScreen(def.module, params));
  return def.guard ? (
    <RequireLogin>
      <Screen />
    </RequireLogin>
  ) : (
    <Screen />
  );
}

import { use, useSyncExternalStore, type ComponentType } from 'react';
import { useParams, type Params } from 'react-router';
import { MODULES_WITHOUT_QUERY, type RouteData, type RouteDef, type ScreenModule } from '../config/routes.ts';
import { ACUPOINT_ROUTE_DATA } from '../features/acupoints/api/paths.ts';
import { DISEASE_ROUTE_DATA } from '../features/diseases/api/paths.ts';
import { GLOSSARY_ROUTE_DATA } from '../features/glossary/api/paths.ts';
import { NOTICE_ROUTE_DATA } from '../features/notices/api/paths.ts';
import { PROBLEM_ROUTE_DATA } from '../features/problems/api/paths.ts';
import { PRODUCT_ROUTE_DATA } from '../features/products/api/paths.ts';
import { VIDEO_ROUTE_DATA } from '../features/videos/api/paths.ts';
import { prefetch } from '../lib/prefetch.ts';
import { matchRouteDef } from '../lib/use-route-def.ts';
import { RequireLogin } from '../components/require-login.tsx';

/**
 * Every screen is its own chunk (spec §2 "every screen loads on demand"). Vite needs literal import
 * paths, so the module names of config/routes.ts map to loaders here.
 */
const modules: Record<ScreenModule, () => Promise<{ Component: ComponentType }>> = {
  home: () => import('./routes/home.tsx'),
  acupoint: () => import('./routes/acupoint.tsx'),
  'acupoint-detail': () => import('./routes/acupoint-detail.tsx'),
  'meridian-detail': () => import('./routes/meridian-detail.tsx'),
  'acupoint-search': () => import('./routes/acupoint-search.tsx'),
  'video-center': () => import('./routes/video-center.tsx'),
  'video-home': () => import('./routes/video-home.tsx'),
  'video-detail': () => import('./routes/video-detail.tsx'),
  consultation: () => import('./routes/consultation.tsx'),
  'case-detail': () => import('./routes/case-detail.tsx'),
  'advisor-queue': () => import('./routes/advisor-queue.tsx'),
  'advisor-case': () => import('./routes/advisor-case.tsx'),
  'product-home': () => import('./routes/product-home.tsx'),
  'product-list': () => import('./routes/product-list.tsx'),
  'product-detail': () => import('./routes/product-detail.tsx'),
  'product-marketing': () => import('./routes/product-marketing.tsx'),
  'disease-types': () => import('./routes/disease-types.tsx'),
  'disease-list': () => import('./routes/disease-list.tsx'),
  'disease-detail': () => import('./routes/disease-detail.tsx'),
  'notice-home': () => import('./routes/notice-home.tsx'),
  'notice-list': () => import('./routes/notice-list.tsx'),
  'notice-detail': () => import('./routes/notice-detail.tsx'),
  problems: () => import('./routes/problems.tsx'),
  'problem-detail': () => import('./routes/problem-detail.tsx'),
  search: () => import('./routes/search.tsx'),
  login: () => import('./routes/login.tsx'),
  physical: () => import('./routes/physical.tsx'),
  'physical-question': () => import('./routes/physical-question.tsx'),
  'physical-record': () => import('./routes/physical-record.tsx'),
  'physical-detail': () => import('./routes/physical-detail.tsx'),
  'physical-computing': () => import('./routes/physical-computing.tsx'),
  'physical-scheme': () => import('./routes/physical-scheme.tsx'),
  authorize: () => import('./routes/authorize.tsx'),
  'moxa-session': () => import('./routes/moxa-session.tsx'),
  'moxa-log': () => import('./routes/moxa-log.tsx'),
  'test-page': () => import('./routes/test-page.tsx'),
  mine: () => import('./routes/mine.tsx'),
  reminders: () => import('./routes/reminders.tsx'),
  glossary: () => import('./routes/glossary.tsx'),
  legal: () => import('./routes/legal.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
};

/** Public content each screen reads first, fetched while its chunk loads (issue #6); each feature owns its paths. */
const ROUTE_DATA: RouteData = {
  ...ACUPOINT_ROUTE_DATA,
  ...DISEASE_ROUTE_DATA,
  ...GLOSSARY_ROUTE_DATA,
  ...NOTICE_ROUTE_DATA,
  ...PROBLEM_ROUTE_DATA,
  ...PRODUCT_ROUTE_DATA,
  ...VIDEO_ROUTE_DATA,
};

const loaded = new Map<ScreenModule, ComponentType>();
const loading = new Map<ScreenModule, Promise<ComponentType>>();
const failed = new Set<ScreenModule>();

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
function loadScreen(module: ScreenModule, params: Params): Promise<ComponentType> {
  let pending = loading.get(module);
  if (pending) return pending;
  const load = modules[module];
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
  const { defs, params } = matchRouteDef(pathname);
  return Promise.all(defs.map((def) => loadScreen(def.module, params)));
}

/** The role guard is only for staff screens: loaded with the first of them, never with the entry (issue #6 budgets). */
let roleGuard: Promise<typeof import('../components/require-role.tsx')> | null = null;
const loadRoleGuard = () => (roleGuard ??= import('../components/require-role.tsx'));

/**
 * One route's screen: rendered at once when its chunk is in, else suspended until it is. A layout's
 * screen renders its matched child through <Outlet/>; a layout's guard covers its children.
 */
export function ScreenRoute({ def }: { def: RouteDef }) {
  const params = useParams();
  const Screen = loaded.get(def.module) ?? use(loadScreen(def.module, params));
  if (def.roles) {
    const { RequireRole } = use(loadRoleGuard());
    return (
      <RequireLogin>
        <RequireRole roles={def.roles}>
          <Screen />
        </RequireRole>
      </RequireLogin>
    );
  }
  return def.guard ? (
    <RequireLogin>
      <Screen />
    </RequireLogin>
  ) : (
    <Screen />
  );
}

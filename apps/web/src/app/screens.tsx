import { use, type ComponentType } from 'react';
import { useParams, type Params } from 'react-router';
// Every screen module a route row names, each its own chunk loaded on first visit (spec §2), and the
// public reads each starts with: generated from the route table at build time (build/screens.ts,
// decision 031), so a row is the only place a screen is registered.
import { ROUTE_DATA, SCREENS } from 'virtual:screens';
import { screenComponent, screenModule, type RouteDef, type ScreenRef } from '../config/routes.ts';
import { useExternalStore } from '../lib/hydration.ts';
import { prefetch } from '../lib/prefetch.ts';
import { isFulfilled, track } from '../lib/thenable.ts';
import { matchRouteDef } from '../lib/use-route-def.ts';

const loaded = new Map<ScreenRef, ComponentType>();
const loading = new Map<ScreenRef, Promise<ComponentType>>();
const failed = new Set<ScreenRef>();

/** Called by the route error boundary once it shows a failure: later visits load afresh. */
export function forgetFailedScreens(): void {
  for (const screen of failed) loading.delete(screen);
  failed.clear();
  loadLoginGuard.forgetFailure();
  loadRoleGuard.forgetFailure();
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
  useExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => inFlight > 0,
    () => false,
  );

/**
 * Loads a screen's chunk (with the TanStack Query provider when it fetches), and starts the public
 * data it reads first so the two download together. A failed load stays failed (rendering it
 * throws to the route error boundary) until the boundary has shown it; the next visit asks again.
 */
function loadScreen({ screen, query, guard, roles }: RouteDef, params: Params): Promise<ComponentType> {
  let pending = loading.get(screen);
  if (pending) return pending;
  const name = screenComponent(screen);
  ROUTE_DATA[name]?.(params).forEach(prefetch);
  if (guard || roles) loadLoginGuard().catch(() => undefined);
  setInFlight(inFlight + 1);
  // The build checks that the module is there; config/routes.test.ts that it exports the component.
  pending = track(
    Promise.all([SCREENS[screenModule(screen)]!(), query === false ? null : import('../components/with-query.tsx')]).then(
      ([module, provider]) => {
        const Screen = module[name]!;
        const Component = provider
          ? () => (
              <provider.WithQuery>
                <Screen />
              </provider.WithQuery>
            )
          : Screen;
        loaded.set(screen, Component);
        return Component;
      },
    ),
  );
  pending.then(
    () => setInFlight(inFlight - 1),
    () => {
      setInFlight(inFlight - 1);
      failed.add(screen);
    },
  );
  loading.set(screen, pending);
  return pending;
}

/** What a location renders: for each route level its screen and, behind a guard, the guard's module. */
function routeParts(pathname: string): Promise<unknown>[] {
  const { defs, params } = matchRouteDef(pathname);
  return defs.flatMap((def) => [
    loadScreen(def, params),
    ...(def.roles ? [loadRoleGuard()] : []),
    ...(def.guard || def.roles ? [loadLoginGuard()] : []),
  ]);
}

/**
 * Starts everything a location renders (its screens' chunks and data, the guards' modules): before
 * the UI library is on the page for the first screen (main.tsx), and on each navigation until the
 * app shell shows the new location (app/root-layout.tsx). Rejects when a part failed to load.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  return Promise.all(routeParts(pathname));
}

/**
 * Whether a location renders without suspending: every part is in. The app shell keeps showing the
 * previous location until then (decision 044: no transitions to rely on under Preact).
 */
export function isScreenReady(pathname: string): boolean {
  const { defs } = matchRouteDef(pathname);
  return defs.every(
    (def) =>
      loaded.has(def.screen) &&
      (!def.roles || isFulfilled(loadRoleGuard())) &&
      (!(def.guard || def.roles) || isFulfilled(loadLoginGuard())),
  );
}

/**
 * A lazy import, kept once loaded. A failure stays (rendering throws it to the route error boundary)
 * until the boundary has shown it (forgetFailedScreens); the next call then asks again.
 */
function retrying<T>(load: () => Promise<T>): (() => Promise<T>) & { forgetFailure(): void } {
  let pending: Promise<T> | null = null;
  let failedLoad: Promise<T> | null = null;
  const get = () => {
    if (pending) return pending;
    const p = track(load());
    p.then(undefined, () => {
      failedLoad = p;
    });
    return (pending = p);
  };
  return Object.assign(get, {
    forgetFailure() {
      if (failedLoad && pending === failedLoad) pending = null;
      failedLoad = null;
    },
  });
}

/**
 * The login check and the role check are only for the screens behind them: loaded with the first of
 * those (alongside its chunk), never with the entry (issue #6 budgets).
 */
const loadLoginGuard = retrying(() => import('../components/require-login.tsx'));
const loadRoleGuard = retrying(() => import('../components/require-role.tsx'));

/**
 * One route's screen: rendered at once when its chunk is in (the app shell waits for it), else
 * suspended until it is; a part that failed to load throws to the route error boundary. A layout's
 * screen renders its matched child through <Outlet/>; a layout's guard covers its children.
 */
export function ScreenRoute({ def }: { def: RouteDef }) {
  const params = useParams();
  const Screen = loaded.get(def.screen) ?? use(loadScreen(def, params));
  // Staff screens: the role check inside the login check.
  let screen = <Screen />;
  if (def.roles) {
    const { RequireRole } = use(loadRoleGuard());
    screen = <RequireRole roles={def.roles}>{screen}</RequireRole>;
  }
  if (def.guard || def.roles) {
    const { RequireLogin } = use(loadLoginGuard());
    screen = <RequireLogin title={def.title}>{screen}</RequireLogin>;
  }
  return screen;
}

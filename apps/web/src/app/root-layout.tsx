import { memo, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, useRoutes, type Location, type NavigationType, type RouteObject } from 'react-router';
import { APP_NAME } from '../config/app.ts';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';
import { TabBar } from '../components/tab-bar.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { matchRouteDef, routesFor } from '../lib/use-route-def.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { isScreenReady, preloadScreen, ScreenRoute, useScreenLoading } from './screens.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';

/**
 * The app shell: one route per row of the spec §2 table, each screen in its own chunk. Sets
 * document.title from the route's title after each navigation (spec §2), restores scroll on
 * back/forward and starts new navigations at the top, and shows a thin progress bar while the next
 * screen's chunk loads (the current screen stays until then).
 */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { shown, waiting } = useShownLocation(location, navigationType);
  const { pathname } = shown.location;
  const def = useMemo(() => matchRouteDef(pathname).def, [pathname]);
  const loading = useScreenLoading() || waiting;
  const navigate = useNavigate();
  useLayoutEffect(() => setNavigator((to, opts) => void navigate(to, opts)), [navigate]);
  useScrollRestoration(shown.location, shown.navigationType);
  useEffect(() => {
    if (def.title) document.title = def.title;
    else if (!document.title) document.title = APP_NAME;
  }, [def]);
  return (
    <>
      {loading && <div className="route-progress" role="progressbar" aria-label="加载中" />}
      {/* Issue #32 item 8: 首页 / 穴位 / 艾灸方法 / 我的 at the foot of top-level screens. */}
      <TabBar pathname={pathname} />
      <RouteErrorBoundary pathname={pathname}>
        {/* No <Suspense> here: the routes render the shown location, whose screens are in (a
            boundary would need markers that prerendered HTML does not carry: hydration would fail). */}
        <AppRoutes location={shown.location} />
      </RouteErrorBoundary>
    </>
  );
}

type Shown = { location: Location; navigationType: NavigationType };

/**
 * The location the screens render: the router's, once everything it renders is in (its screens'
 * chunks, the guards' modules: app/screens.tsx); until then the one shown before, so the current
 * screen stays while the next loads. Decision 044: this does what React's transitions did for
 * BrowserRouter, on Preact too (which has none). A location whose parts fail to load is shown
 * anyway: rendering it throws to the route error boundary (页面加载失败 or a reload after a deploy).
 */
function useShownLocation(location: Location, navigationType: NavigationType): { shown: Shown; waiting: boolean } {
  const [state, setState] = useState<Shown>(() => ({ location, navigationType }));
  let shown = state;
  if (state.location !== location && isScreenReady(location.pathname)) {
    // Adjusting state while rendering (as React documents it): the new location shows in this render.
    shown = { location, navigationType };
    setState(shown);
  }
  const waiting = shown.location !== location;
  // Started while rendering, as the screens' own loads were: settles either way, never rejects.
  const settled = useMemo(
    () =>
      waiting
        ? preloadScreen(location.pathname).then(
            () => undefined,
            () => undefined,
          )
        : null,
    [waiting, location.pathname],
  );
  useEffect(() => {
    if (!settled) return;
    let live = true;
    void settled.then(() => live && setState({ location, navigationType }));
    return () => {
      live = false;
    };
  }, [settled, location, navigationType]);
  return { shown, waiting };
}

// Built once: matching runs when the location changes, not on every render of the shell (the
// progress bar, scroll restoration), and the table is not rebuilt from elements each time (issue #6).
const toRouteObject = (r: RouteDef): RouteObject => ({
  path: r.path,
  element: <ScreenRoute def={r} />,
  ...(r.children ? { children: r.children.map(toRouteObject) } : {}),
});
const ROUTE_OBJECTS: RouteObject[] = [...ROUTES.map(toRouteObject), { path: '*', element: <ScreenRoute def={NOT_FOUND_ROUTE} /> }];
// The rows that can match a location, not the whole table (lib/use-route-def.ts: the same answer, cheaper).
const routeObjectsFor = routesFor(ROUTE_OBJECTS);
const AppRoutes = memo(function AppRoutes({ location }: { location: Location }) {
  return useRoutes(routeObjectsFor(location.pathname), location);
});

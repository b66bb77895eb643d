import { memo, useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { APP_NAME } from '../config/app.ts';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';
import { TabBar } from '../components/tab-bar.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { useRouteDef } from '../lib/use-route-def.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { ScreenRoute, useScreenLoading } from './screens.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';

/**
 * The app shell: one route per row of the spec §2 table, each screen in its own chunk. Sets
 * document.title from the route's title after each navigation (spec §2), restores scroll on
 * back/forward and starts new navigations at the top, and shows a thin progress bar while the next
 * screen's chunk loads (navigations are transitions: the current screen stays until then).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const def = useRouteDef();
  const loading = useScreenLoading();
  const navigate = useNavigate();
  useLayoutEffect(() => setNavigator((to, opts) => void navigate(to, opts)), [navigate]);
  useScrollRestoration();
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
        {/* No <Suspense> here: every location change is a transition (BrowserRouter), so React keeps
            the current screen while the next one's chunk loads; and a boundary would need markers
            that prerendered HTML does not carry (hydration would fail). */}
        <AppRoutes />
      </RouteErrorBoundary>
    </>
  );
}

// Built once: matching runs when the location changes, not on every render of the shell (the
// progress bar, scroll restoration), and the table is not rebuilt from elements each time (issue #6).
const toRouteObject = (r: RouteDef): RouteObject => ({
  path: r.path,
  element: <ScreenRoute def={r} />,
  ...(r.children ? { children: r.children.map(toRouteObject) } : {}),
});
const ROUTE_OBJECTS: RouteObject[] = [...ROUTES.map(toRouteObject), { path: '*', element: <ScreenRoute def={NOT_FOUND_ROUTE} /> }];
const AppRoutes = memo(function AppRoutes() {
  return useRoutes(ROUTE_OBJECTS);
});

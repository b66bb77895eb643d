import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { APP_NAME } from '../config/app.ts';
import type { RouteHandle } from '../config/routes.ts';
import { RequireLogin } from '../components/require-login.tsx';

/**
 * Sets document.title from the route's title after each navigation (spec §2), restores scroll on
 * back/forward and starts new navigations at the top (<ScrollRestoration>), and runs the login
 * check on guarded screens.
 */
export function RootLayout() {
  const matches = useMatches();
  const navigation = useNavigation();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  useEffect(() => {
    if (handle?.title) document.title = handle.title;
    else if (handle && handle.title === null && !document.title) document.title = APP_NAME;
  }, [handle]);
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="加载中" />}
      {handle?.guard ? (
        <RequireLogin>
          <Outlet />
        </RequireLogin>
      ) : (
        <Outlet />
      )}
      <ScrollRestoration />
    </>
  );
}

import { useMemo } from 'react';
import { matchRoutes, useLocation, type Params } from 'react-router';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';

/** The spec §2 route table entry of a path (its title, guard and screen) and its parameters. */
export function matchRouteDef(pathname: string): { def: RouteDef; params: Params } {
  const match = matchRoutes(ROUTES, pathname)?.at(-1);
  return match ? { def: match.route, params: match.params } : { def: NOT_FOUND_ROUTE, params: {} };
}

/** The route table entry of the current path. */
export function useRouteDef(): RouteDef {
  const { pathname } = useLocation();
  return useMemo(() => matchRouteDef(pathname).def, [pathname]);
}

import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';

/** The spec §2 route table entry of the current path (its title, guard and screen). */
export function useRouteDef(): RouteDef {
  const { pathname } = useLocation();
  return useMemo(() => matchRoutes(ROUTES, pathname)?.at(-1)?.route ?? NOT_FOUND_ROUTE, [pathname]);
}

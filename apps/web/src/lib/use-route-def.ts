import { matchRoutes, type Params } from 'react-router';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';

type RouteMatch = { def: RouteDef; defs: RouteDef[]; params: Params };

// React Router flattens and ranks the whole table on every match; the app asks for the same path
// several times as a screen starts (its chunk, the shell, the guard): issue #33 item 3.
const cache = new Map<string, RouteMatch>();
const CACHE_SIZE = 64;

/**
 * The spec §2 route table entry of a path (its title, guard and screen), the chain of entries from
 * the outermost layout down to it, and its parameters. A layout's guard and roles hold for the
 * entries below it, so the returned `def` carries them.
 */
export function matchRouteDef(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteMatch {
  if (routes !== ROUTES) return match(pathname, routes);
  let hit = cache.get(pathname);
  if (!hit) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(pathname, (hit = match(pathname, routes)));
  }
  return hit;
}

function match(pathname: string, routes: readonly RouteDef[]): RouteMatch {
  const matches = matchRoutes<RouteDef>(routes as RouteDef[], pathname);
  if (!matches?.length) return { def: NOT_FOUND_ROUTE, defs: [NOT_FOUND_ROUTE], params: {} };
  const defs = matches.map((m) => m.route);
  const leaf = defs.at(-1)!;
  const roles = defs.find((d) => d.roles)?.roles;
  const guard = defs.some((d) => d.guard) || roles !== undefined;
  return { def: { ...leaf, guard, ...(roles ? { roles } : {}) }, defs, params: matches.at(-1)!.params };
}

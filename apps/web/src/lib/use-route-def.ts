import { matchRoutes, type Params } from 'react-router';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';

type RouteMatch = { def: RouteDef; defs: RouteDef[]; params: Params };

/** A route table as React Router reads it: the app's RouteDef rows, or the shell's route objects. */
type RouteRow = { path?: string; children?: readonly RouteRow[] };

const firstSegment = (path: string) => {
  const seg = path.split('/')[1] ?? '';
  try {
    return decodeURIComponent(seg).toLowerCase();
  } catch {
    return seg.toLowerCase();
  }
};

/**
 * The rows of a table that can match a path: those whose first segment is the path's (React Router
 * matches case-insensitively), with the rows that start with a parameter or a splat (the not-found
 * row) in every group. Every row of the app's table starts with a fixed segment, so this answers
 * exactly what matching the whole table would, while React Router flattens and ranks a handful of
 * rows instead of all 60-odd on each match: issue #33 item 3, that was a fifth of a page's start
 * (the matcher runs cold, once from the screen loader and once from the shell's routes).
 */
export function routesFor<T extends RouteRow>(routes: readonly T[]): (pathname: string) => T[] {
  const groups = new Map<string, T[]>();
  const anywhere: T[] = [];
  for (const row of routes) {
    const seg = row.path === undefined ? '*' : firstSegment(row.path.startsWith('/') ? row.path : `/${row.path}`);
    if (seg.startsWith(':') || seg.startsWith('*')) anywhere.push(row);
    else groups.set(seg, [...(groups.get(seg) ?? []), row]);
  }
  // Each group keeps the table's order, with the rows for any path after it.
  for (const [seg, rows] of groups) groups.set(seg, [...rows, ...anywhere]);
  return (pathname) => groups.get(firstSegment(pathname)) ?? anywhere;
}

const appRoutesFor = routesFor(ROUTES);

// React Router flattens and ranks the rows on every match; the app asks for the same path several
// times as a screen starts (its chunk, the shell, the guard): issue #33 item 3.
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
    cache.set(pathname, (hit = match(pathname, appRoutesFor(pathname))));
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

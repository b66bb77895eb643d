import { matchRoutes, type Params } from 'react-router';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../config/routes.ts';

/**
 * The spec §2 route table entry of a path (its title, guard and screen), the chain of entries from
 * the outermost layout down to it, and its parameters. A layout's guard and roles hold for the
 * entries below it, so the returned `def` carries them.
 */
export function matchRouteDef(pathname: string, routes: readonly RouteDef[] = ROUTES): { def: RouteDef; defs: RouteDef[]; params: Params } {
  const matches = matchRoutes<RouteDef>(routes as RouteDef[], pathname);
  if (!matches?.length) return { def: NOT_FOUND_ROUTE, defs: [NOT_FOUND_ROUTE], params: {} };
  const defs = matches.map((m) => m.route);
  const leaf = defs.at(-1)!;
  const roles = defs.find((d) => d.roles)?.roles;
  const guard = defs.some((d) => d.guard) || roles !== undefined;
  return { def: { ...leaf, guard, ...(roles ? { roles } : {}) }, defs, params: matches.at(-1)!.params };
}

import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS, ROUTE_READS, type RouteDataScreen } from '@moxa/core/http/route-data';
import { ROUTES, screenComponent, type RouteDef } from '../config/routes.ts';
import { matchRouteDef } from './use-route-def.ts';

/** Every path of the route table, layouts' children joined to their parents. */
const allPaths = (routes: readonly RouteDef[], base = ''): { path: string; screen: string }[] =>
  routes.flatMap((r) => {
    const path = r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
    return [{ path, screen: screenComponent(r.screen) }, ...allPaths(r.children ?? [], path)];
  });

/**
 * Issue #33 item 1: the server finds a screen's reads by the route patterns in core; they must be the
 * web route table's, or the HTML would preload another screen's data (or none).
 */
describe('route reads shared with the server', () => {
  const screens = Object.keys(ROUTE_READS) as RouteDataScreen[];

  it.each(screens)('%s: its patterns are the route table’s', (screen) => {
    const table = allPaths(ROUTES)
      .filter((r) => r.screen === screen)
      .map((r) => r.path);
    expect([...ROUTE_PATTERNS[screen]].sort()).toEqual(table.sort());
    for (const pattern of ROUTE_PATTERNS[screen]) {
      const sample = pattern.replace(/:(\w+)/g, 'x1');
      expect(screenComponent(matchRouteDef(sample).def.screen)).toBe(screen);
      // Only public screens: the server never preloads what needs a login.
      expect(matchRouteDef(sample).def.guard).toBe(false);
    }
  });
});

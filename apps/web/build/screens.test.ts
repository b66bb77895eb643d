import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../src/config/routes.ts';
import { routeModules } from './screens.ts';

const SRC = join(new URL('..', import.meta.url).pathname, 'src');

/** Issue #33: the table the server names each route's chunks from (route-preload.ts). */
describe('route → modules table for the server', () => {
  const rows = routeModules(SRC, [...ROUTES, NOT_FOUND_ROUTE]);
  const row = (path: string) => rows.find((r) => r.path === path)?.modules;

  it('lists every route with its screen module as the manifest keys it, and behind a login the guards', () => {
    expect(rows).toHaveLength(ROUTES.length + 1);
    expect(row('/about')).toEqual(['src/features/legal/components/about-screen.tsx']);
    expect(row('/mine/notifications')).toEqual([
      'src/features/notifications/components/notification-preferences-screen.tsx',
      'src/components/require-login.tsx',
    ]);
    expect(row('/advisor')).toEqual([
      'src/features/advisor/components/advisor-queue-screen.tsx',
      'src/components/require-login.tsx',
      'src/components/require-role.tsx',
    ]);
    expect(row('*')).toEqual(['src/features/misc/components/not-found-screen.tsx']);
  });

  it('gives a layout’s child its full path, the layout’s screen and the inherited guard', () => {
    const layout: RouteDef = {
      path: '/mine',
      screen: 'mine/mine-screen',
      guard: true,
      children: [{ path: 'favorites', screen: 'mine/mine-screens#FavoritesScreen' }],
    };
    expect(routeModules(SRC, [layout])).toEqual([
      { path: '/mine', modules: ['src/features/mine/components/mine-screen.tsx', 'src/components/require-login.tsx'] },
      {
        path: '/mine/favorites',
        modules: [
          'src/features/mine/components/mine-screen.tsx',
          'src/features/mine/components/mine-screens.tsx',
          'src/components/require-login.tsx',
        ],
      },
    ]);
  });
});

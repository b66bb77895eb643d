import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { screenFile, screenModules, screensSource, withoutSamples } from '../../build/screens.ts';
import { matchRouteDef } from '../lib/use-route-def.ts';
import { NOT_FOUND_ROUTE, ROUTES, allRoutes, screenComponent, screenModule, type RouteData, type RouteDef } from './routes.ts';

const SRC = join(import.meta.dirname, '..');
const FEATURES = join(SRC, 'features');
const routes = allRoutes();
/** The rows as written, children included. */
const rows = (defs: readonly RouteDef[]): RouteDef[] => defs.flatMap((d) => [d, ...rows(d.children ?? [])]);
/** The full path of a matched chain of rows, as `allRoutes` spells it. */
const fullPath = (defs: readonly RouteDef[]) =>
  defs.reduce((p, d) => (/^[/*]/.test(d.path) ? d.path : `${p.replace(/\/$/, '')}/${d.path}`), '');
const feature = (module: string) => module.slice(0, module.indexOf('/'));

/**
 * Decision 031: a route row is the only place a screen is registered, so forgetting or misspelling
 * something fails here, in the unit tests, not only in Chromium.
 */
describe('the route table (decision 031)', () => {
  it('names, on every row, a screen module that is there and exports the component it names', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const file = screenFile(SRC, screenModule(route.screen));
      if (!file) {
        problems.push(`${route.path}: no src/features/${screenModule(route.screen)}.tsx`);
        continue;
      }
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      if (typeof module[screenComponent(route.screen)] !== 'function')
        problems.push(`${route.path}: ${relative(SRC, file)} exports no component ${screenComponent(route.screen)}`);
    }
    expect(problems).toEqual([]);
  });

  it('finds a screen module under components/ or at the top of its feature, and names its component from the file', () => {
    expect(screenFile(SRC, 'acupoints/acupoint-home-screen')).toBe(join(FEATURES, 'acupoints/components/acupoint-home-screen.tsx'));
    expect(screenFile(SRC, 'home/home-screen')).toBe(join(FEATURES, 'home/home-screen.tsx'));
    expect(screenFile(SRC, 'acupoints/acupoint-homes-screen')).toBeUndefined();
    expect(screenComponent('physical/detail-screen')).toBe('DetailScreen');
    expect(screenComponent('mine/my-data-screen')).toBe('MyDataScreen');
    expect(screenComponent('notices/notice-screens#NoticeListScreen')).toBe('NoticeListScreen');
    expect(screenModule('notices/notice-screens#NoticeListScreen')).toBe('notices/notice-screens');
  });

  it('gives the build one loader per screen module, keyed as the rows spell it', () => {
    const modules = screenModules(routes);
    expect(modules).toContain('misc/not-found-screen');
    expect(new Set(modules).size).toBe(modules.length);
    const source = screensSource(new Map(modules.map((m) => [m, screenFile(SRC, m)!])), [join(FEATURES, 'videos/api/paths.ts')]);
    for (const m of modules) expect(source).toContain(`${JSON.stringify(m)}: () => import(${JSON.stringify(screenFile(SRC, m))})`);
    expect(source).toContain(`import { ROUTE_DATA as d0 } from ${JSON.stringify(join(FEATURES, 'videos/api/paths.ts'))};`);
    expect(source).toContain('export const ROUTE_DATA = { ...d0 };');
  });

  it('tells whether a screen fetches through TanStack Query the same way on every row that shows it', () => {
    const byScreen = new Map<string, Set<boolean>>();
    for (const r of routes) (byScreen.get(r.screen) ?? byScreen.set(r.screen, new Set()).get(r.screen)!).add(r.query !== false);
    expect([...byScreen].filter(([, q]) => q.size > 1).map(([s]) => s)).toEqual([]);
  });

  // Moved here from the accessibility sweep (e2e/a11y.test.ts), which opens every route at its sample.
  it('opens every route at a sample URL that reaches it: its `sample`, else its path', () => {
    const problems: string[] = [];
    // A layout shows through its children, which have their own samples.
    for (const route of routes.filter((r) => !r.children)) {
      const url = route.sample ?? route.path;
      if (/[:*]/.test(url)) {
        problems.push(`${route.path}: has parameters but no sample URL`);
        continue;
      }
      const pathname = new URL(url.replace(/\{(\w+)\}/g, '$1'), 'http://h').pathname;
      if (fullPath(matchRouteDef(pathname).defs) !== route.path) problems.push(`${route.path}: ${url} opens another route`);
    }
    expect(problems).toEqual([]);
  });

  it('lists every route for the sweeps, children with their full path and inherited guard', () => {
    expect(routes.at(-1)).toBe(NOT_FOUND_ROUTE);
    expect(routes.length).toBe(rows(ROUTES).length + 1);
    const nested = allRoutes([
      {
        path: '/staff',
        screen: 'advisor/advisor-queue-screen',
        roles: ['advisor'],
        children: [{ path: 'cases/:id', screen: 'advisor/advisor-case-screen' }],
      },
    ]);
    expect(nested[1]).toMatchObject({ path: '/staff/cases/:id', roles: ['advisor'] });
  });

  it('leaves the sample URLs out of the route table the app is built with', () => {
    const source = readFileSync(join(SRC, 'config/routes.ts'), 'utf8');
    const built = withoutSamples(source, parseAst(source, { lang: 'ts' }));
    expect(source).toContain("sample: '/acupoint_detail/ST36'");
    expect(built).not.toMatch(/\bsample:/);
    expect(built).toContain("{ path: '/acupoint_detail/:id', screen: 'acupoints/acupoint-detail-screen' }");
    expect(built.split('\n').length).toBeGreaterThan(source.split('\n').length - 10);
  });
});

describe('route data: the reads a screen starts while its chunk loads (issue #6)', () => {
  const withData = readdirSync(FEATURES).flatMap((f) => {
    const file = join(FEATURES, f, 'api/paths.ts');
    try {
      return readFileSync(file, 'utf8').includes('export const ROUTE_DATA') ? [{ feature: f, file }] : [];
    } catch {
      return [];
    }
  });

  it("keys each feature's ROUTE_DATA by the component of one of its routed screens, no name twice", async () => {
    expect(withData.length).toBeGreaterThan(5);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { feature: f, file } of withData) {
      const { ROUTE_DATA } = (await import(/* @vite-ignore */ file)) as { ROUTE_DATA: RouteData };
      const screens = new Set(routes.filter((r) => feature(r.screen) === f).map((r) => screenComponent(r.screen)));
      for (const name of Object.keys(ROUTE_DATA)) {
        if (!screens.has(name)) problems.push(`${f}: ${name} is not a screen of a route`);
        if (seen.has(name)) problems.push(`${f}: ${name} has route data in two features`);
        seen.add(name);
      }
    }
    expect(problems).toEqual([]);
  });

  it('starts the detail reads of a sample route from its params', async () => {
    const { def, params } = matchRouteDef('/acupoint_detail/ST36');
    const { file } = withData.find((d) => d.feature === feature(def.screen))!;
    const { ROUTE_DATA } = (await import(/* @vite-ignore */ file)) as { ROUTE_DATA: RouteData };
    expect(ROUTE_DATA[screenComponent(def.screen)]?.(params)).toContain('/api/v8/acupoints/ST36');
  });
});

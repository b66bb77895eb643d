import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { screenModule, type RouteDef } from '../src/config/routes.ts';

export const SCREENS_ID = 'virtual:screens';
const RESOLVED_ID = `\0${SCREENS_ID}`;

/** The screen modules the rows name, each once, in row order. */
export const screenModules = (defs: readonly RouteDef[]): string[] => [...new Set(defs.map((d) => screenModule(d.screen)))];

/**
 * The file of a screen module `<feature>/<name>`: `src/features/<feature>/components/<name>.tsx`, or
 * `src/features/<feature>/<name>.tsx` for a feature that keeps its screen at its top. Undefined when
 * there is neither.
 */
export function screenFile(src: string, module: string): string | undefined {
  const slash = module.indexOf('/');
  const [feature, name] = [module.slice(0, slash), module.slice(slash + 1)];
  return [join(src, 'features', feature, 'components', `${name}.tsx`), join(src, 'features', feature, `${name}.tsx`)].find((f) =>
    existsSync(f),
  );
}

/**
 * The source of `virtual:screens` (decision 031): a lazy import for each screen module the route
 * rows name, so each is its own chunk loaded on first visit (spec §2), keyed by the module as the rows
 * spell it; and the `ROUTE_DATA` of their features (`api/paths.ts`) in one table by component name.
 * The entry carries nothing per screen beyond its row and its loader (issue #6 budget).
 */
export function screensSource(modules: ReadonlyMap<string, string>, routeData: readonly string[]): string {
  return [
    ...routeData.map((file, i) => `import { ROUTE_DATA as d${i} } from ${JSON.stringify(file)};`),
    `export const SCREENS = {\n${[...modules].map(([m, file]) => `  ${JSON.stringify(m)}: () => import(${JSON.stringify(file)}),`).join('\n')}\n};`,
    `export const ROUTE_DATA = { ${routeData.map((_, i) => `...d${i}`).join(', ')} };`,
  ].join('\n');
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The route table's code without its `sample` properties (with their commas), found in its syntax tree. */
export function withoutSamples(code: string, program: unknown): string {
  const cuts: [number, number][] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    const key = n.key as { name?: string; value?: string } | undefined;
    if (n.type === 'Property' && (key?.name ?? key?.value) === 'sample') {
      // With the comma before it, or for a first property the comma after it.
      const before = /,\s*$/.exec(code.slice(0, n.start))?.[0].length ?? 0;
      const after = before ? 0 : (/^\s*,\s*/.exec(code.slice(n.end))?.[0].length ?? 0);
      cuts.push([n.start - before, n.end + after]);
      return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'type' && typeof v === 'object') visit(v);
  };
  visit(program);
  return cuts.sort((a, b) => a[0] - b[0]).reduceRight((out, [start, end]) => out.slice(0, start) + out.slice(end), code);
}

/** Where the build writes each route's modules for the server (`.vite/routes.json` in the web's dist). */
export const ROUTE_MODULES_FILE = '.vite/routes.json';

/**
 * Each route of the table (layouts' children with their full path) with the source modules its first
 * render loads — its screens (a layout's and its own) and, behind a login, the guards' modules (the
 * login guard, the role guard inside it) — as the Vite manifest keys them. The server reads the file to
 * name those chunks in a page's HTML (issue #33: no waterfall; apps/server/src/plugins/route-preload.ts),
 * so it needs no copy of the route table. Not the 请先登录 dialog (spec §4): signed out, the guard paints
 * its own page first and the dialog follows it; signed in — most visits — it is never needed, and its
 * nine files would take bandwidth from the screen (decision 049).
 */
export function routeModules(src: string, defs: readonly RouteDef[]): { path: string; modules: string[] }[] {
  const rel = (file: string) => file.slice(src.length - 'src'.length);
  const out: { path: string; modules: string[] }[] = [];
  const walk = (rows: readonly RouteDef[], prefix: string, above: string[], guarded: Pick<RouteDef, 'guard' | 'roles'>) => {
    for (const def of rows) {
      const path = def.path.startsWith('/') || def.path === '*' ? def.path : `${prefix.replace(/\/$/, '')}/${def.path}`;
      const own = { guard: def.guard ?? guarded.guard, roles: def.roles ?? guarded.roles };
      const file = screenFile(src, screenModule(def.screen));
      const screens = [...above, ...(file ? [rel(file)] : [])];
      const guard =
        own.guard || own.roles ? ['src/components/require-login.tsx', ...(own.roles ? ['src/components/require-role.tsx'] : [])] : [];
      out.push({ path, modules: [...new Set([...screens, ...guard])] });
      if (def.children) walk(def.children, path, screens, own);
    }
  };
  walk(defs, '', [], {});
  return out;
}

/** Imports a TypeScript module of the app afresh (Node strips the types), so edits reach the dev server. */
const importFresh = (file: string): Promise<Record<string, unknown>> =>
  import(`${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`) as Promise<Record<string, unknown>>;

/**
 * Provides `virtual:screens` from the route table (config/routes.ts): a row naming a module that is
 * not there fails the build. `isScreen` tells the other build steps (compile hints) which modules are
 * screens.
 */
export function screens(webRoot: string) {
  const src = join(webRoot, 'src');
  const routesFile = join(src, 'config', 'routes.ts');
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'moxa:screens',
    resolveId: (id) => (id === SCREENS_ID ? RESOLVED_ID : null),
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      this.addWatchFile(routesFile);
      const table = (await importFresh(routesFile)) as { allRoutes: () => RouteDef[] };
      const modules = new Map(screenModules(table.allRoutes()).map((m) => [m, screenFile(src, m) ?? '']));
      const missing = [...modules].filter(([, file]) => !file).map(([m]) => m);
      if (missing.length) this.error(`config/routes.ts names screen modules that are not in src/features: ${missing.join(', ')}`);
      files.clear();
      for (const file of modules.values()) files.add(file);
      const routeData: string[] = [];
      for (const feature of [...new Set([...modules.keys()].map((m) => m.slice(0, m.indexOf('/'))))].sort()) {
        const paths = join(src, 'features', feature, 'api', 'paths.ts');
        if (!existsSync(paths)) continue;
        this.addWatchFile(paths);
        if ('ROUTE_DATA' in (await importFresh(paths))) routeData.push(paths);
      }
      return screensSource(modules, routeData);
    },
    // The route → modules table for the server (routeModules above).
    async generateBundle() {
      const table = (await importFresh(routesFile)) as { ROUTES: RouteDef[]; NOT_FOUND_ROUTE: RouteDef };
      const rows = routeModules(src, [...table.ROUTES, table.NOT_FOUND_ROUTE]);
      this.emitFile({ type: 'asset', fileName: ROUTE_MODULES_FILE, source: JSON.stringify(rows) });
    },
    // The rows' sample URLs are for the tests: the app does not carry them.
    transform: {
      order: 'post',
      async handler(code, id) {
        if (id !== routesFile) return null;
        // Issue #28 item 4: the simple kinds' rows as literals, so the kinds table stays out of the entry.
        const table = (await importFresh(routesFile)) as { simpleKindRows: () => RouteDef[] };
        const rows = JSON.stringify(table.simpleKindRows().map(({ sample: _, ...row }) => row));
        // …and without its import: the table module has top-level calls, so an unused import keeps it.
        const inlined = code
          .replace(/\bsimpleKindRows\(\)(?=,?\s*\])/, rows)
          .replace(/import\s*\{\s*PUBLIC_KINDS\s*\}\s*from\s*['"]@moxa\/core\/content\/public-kinds['"];?/, 'const PUBLIC_KINDS = {};');
        if (!inlined.includes(rows) || inlined.includes('@moxa/core/content/public-kinds'))
          this.error(
            'config/routes.ts: the call simpleKindRows() in ROUTES or the import of PUBLIC_KINDS is not as build/screens.ts expects',
          );
        return { code: withoutSamples(inlined, this.parse(inlined)), map: null };
      },
    },
  };
  return { plugin, isScreen: (id: string) => files.has(id) };
}

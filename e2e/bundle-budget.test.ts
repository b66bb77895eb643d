import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../apps/web/build/compile-hints.ts';
import { BUDGETS } from '../bench/targets.ts';
import { allRoutes, screenModule } from '../apps/web/src/config/routes.ts';
import { PRERENDERED } from '../scripts/prerender-pages.ts';
import { DIST, ownChunks, queryChunk, readManifest, screenJs, staticClosure } from './lib/bundle.ts';

const routes = allRoutes();
const rowOf = (path: string) => routes.find((r) => r.path === path)!;
/** Each screen module the rows name, and whether its screens fetch through TanStack Query (decision 031). */
const MODULES = new Map(routes.map((r) => [screenModule(r.screen), r.query !== false]));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Issue #6 byte budgets, checked on the production build after every change (sizes, never timings).
 */
describe('bundle budgets (issue #6)', () => {
  const manifest = readManifest();

  it.each(PRERENDERED)('entry page %s: HTML with critical CSS ≤ 14 KB gzip', (path) => {
    const file = join(DIST, path === '/' ? 'index' : path.slice(1), 'index.html');
    expect(existsSync(file), `${file} was not prerendered`).toBe(true);
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    expect(size, kb(size)).toBeLessThanOrEqual(BUDGETS.entryHtmlWithCriticalCss);
  });

  it.each(PRERENDERED)('entry page %s: JavaScript needed within budget', (path) => {
    const row = rowOf(path);
    const { gzip, files } = screenJs(manifest, screenModule(row.screen), row.query !== false);
    expect(gzip, `${kb(gzip)}: ${files.join(', ')}`).toBeLessThanOrEqual(BUDGETS.entryJs);
  });

  // Such screens get no QueryClientProvider (app/screens.tsx): code of theirs that asked for the
  // query client would throw at run time, and pull the library into an entry page.
  it.each([...MODULES].filter(([, query]) => !query).map(([m]) => m))(
    'screen %s, marked as fetching nothing through TanStack Query, does not load it',
    (module) => {
      const { files } = ownChunks(manifest, module);
      const usesQuery = files.filter((f) => readFileSync(join(DIST, f), 'utf8').includes('No QueryClient set'));
      expect(usesQuery).toEqual([]);
    },
  );

  // The rows' sample URLs are for the sweeps: the build leaves them out of the app (build/screens.ts),
  // so naming one costs the entry nothing (decision 031).
  it("carries the route table in the entry, without the rows' sample URLs", () => {
    const entry = [...staticClosure(manifest, 'index.html')].map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    const samples = routes.flatMap((r) => (r.sample ? [r.sample] : []));
    expect(samples.length).toBeGreaterThan(10);
    expect(samples.filter((s) => entry.includes(s))).toEqual([]);
    expect(entry).toContain('/acupoint_detail/:id');
  });

  // Chunk tuning (vite.config.ts) must never copy a stateful module into several files: each copy
  // would have its own state (ApiError would be two classes; two constitution stores would not hear
  // each other). The build reports, from its own module graph, which modules may hold state
  // (build/stateful-modules.ts) and where every module went (issue #14 §9).
  it('bundles every module that may hold state exactly once', () => {
    const report = JSON.parse(readFileSync(join(DIST, '.vite', 'module-state.json'), 'utf8')) as {
      stateful: string[];
      files: Record<string, string[]>;
    };
    // The rule must see the state we know of (a vacuous rule would pass anything).
    for (const known of ['lib/api-client.ts', 'lib/login-info.ts', 'lib/prefetch.ts', 'features/physical/utils/physical-storage.ts'])
      expect(report.stateful).toContain(`apps/web/src/${known}`);
    const copied = report.stateful.filter((m) => (report.files[m]?.length ?? 0) > 1).map((m) => `${m}: ${report.files[m]!.join(', ')}`);
    expect(copied).toEqual([]);
  });

  // Without a preload link for each file the entry imports, the chunk loader adds one per file on
  // the main thread when the first screen loads (issue #6: TBT).
  it.each(PRERENDERED)('entry page %s links every file the entry imports as a preload', (path) => {
    const html = readFileSync(join(DIST, path === '/' ? 'index' : path.slice(1), 'index.html'), 'utf8');
    const entry = manifest['index.html']!;
    const preloaded = [...html.matchAll(/<link [^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
    const imports = [...staticClosure(manifest, 'index.html')].filter((f) => f !== entry.file);
    expect(imports.length).toBeGreaterThan(0);
    expect(preloaded.sort()).toEqual(imports.sort());
  });

  // A screen that fetches loads TanStack Query and our provider as one file (vite.config.ts).
  it('screens that fetch load the query library and provider as one file', () => {
    const query = manifest[queryChunk(manifest)]!.file;
    const js = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const holding = (marker: string) =>
      js.filter((f) => readFileSync(join(DIST, 'assets', f), 'utf8').includes(marker)).map((f) => `assets/${f}`);
    expect(holding('No QueryClient set')).toEqual([query]); // useQueryClient
    expect(holding('__MOXA_DEHYDRATE__')).toEqual([query]); // lib/query-client.ts
    expect(ownChunks(manifest, 'acupoints/acupoint-detail-screen').files.filter((f) => !f.includes('acupoint-detail'))).toEqual([query]);
  });

  // zod (≈ 27 KB gzip) is the contracts' validator: the server checks with it, the web only needs their
  // types and plain values, which live in zod-free core modules (acupoints/acupoint-codes.ts,
  // physical/constitution.ts, content/lead-image.ts). One value import of a contract module put zod in
  // front of every page that shows rich text (decision 051).
  it('loads zod on no screen, at start or later', () => {
    const js = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const withZod = js.filter((f) => readFileSync(join(DIST, 'assets', f), 'utf8').includes('._zod.'));
    expect(withZod).toEqual([]);
  });

  // Start-up files are compiled while they stream in, off the main thread (build/compile-hints.ts);
  // what loads on demand is not (it would only cost memory).
  it('marks exactly the files screens run as they start with the compile hint', () => {
    const startup = new Set([...MODULES].flatMap(([m, query]) => screenJs(manifest, m, query).files));
    const js = readdirSync(join(DIST, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`);
    const hinted = js.filter((f) => readFileSync(join(DIST, f), 'utf8').startsWith(COMPILE_HINT));
    expect(hinted.sort()).toEqual([...startup].sort());
    const onDemand = ['country-sheet', 'chart-setup', 'toast', 'dialog'].map((n) => js.find((f) => f.startsWith(`assets/${n}-`)));
    expect(onDemand.every((f) => f && !hinted.includes(f))).toBe(true);
  });

  it.each([...MODULES.keys()])('screen %s: its own chunk ≤ 30 KB gzip', (module) => {
    const { gzip, files } = ownChunks(manifest, module);
    expect(gzip, `${kb(gzip)}: ${files.join(', ')}`).toBeLessThanOrEqual(BUDGETS.screenChunk);
  });
});

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_REGISTRY } from './route-registry.ts';

const FOLDER = new URL('./', import.meta.url);
const ROUTE_FILES = readdirSync(FOLDER)
  .filter((f) => f.endsWith('-routes.ts'))
  .sort();

/** The functions a route module exports under a `…Routes` name: its plugin or plugin factory. */
async function routeExports(file: string): Promise<[string, unknown][]> {
  const mod = (await import(new URL(file, FOLDER).href)) as Record<string, unknown>;
  return Object.entries(mod).filter(([name, value]) => /Routes$/.test(name) && typeof value === 'function');
}

describe('route registry (issue #28 item 3)', () => {
  it('finds the route modules', () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(10);
  });

  // A route file app.ts never registers would leave its API silently missing: each one is in the registry.
  it.each(ROUTE_FILES)('%s is registered', async (file) => {
    const exported = await routeExports(file);
    expect(
      exported.map(([name]) => name),
      `${file} exports no …Routes plugin`,
    ).not.toEqual([]);
    const registered = new Set(ROUTE_REGISTRY.map((e) => e.routes));
    for (const [name, fn] of exported) expect(registered.has(fn as never), `${name} of ${file} is not in ROUTE_REGISTRY`).toBe(true);
  });

  it('registers each module once', () => {
    expect(new Set(ROUTE_REGISTRY.map((e) => e.routes)).size).toBe(ROUTE_REGISTRY.length);
  });
});

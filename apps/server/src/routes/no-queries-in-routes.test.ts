import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROUTES = fileURLToPath(new URL('.', import.meta.url));
/** Kysely query builders, and the database handle itself: routes reach data through repositories. */
const FORBIDDEN = ['.selectFrom(', '.insertInto(', '.updateTable(', '.deleteFrom(', 'ctx.db'];

const routeFiles = readdirSync(ROUTES).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('route files hold no queries (issue #14 §7: repositories)', () => {
  it('finds the route files', () => {
    expect(routeFiles).toContain('physical-routes.ts');
    expect(routeFiles).toContain('wechat-routes.ts');
  });

  it.each(routeFiles)('%s neither builds queries nor touches ctx.db', (file) => {
    const lines = readFileSync(ROUTES + file, 'utf8').split('\n');
    const found = lines.flatMap((line, i) => FORBIDDEN.filter((f) => line.includes(f)).map((f) => `${file}:${i + 1}: ${f}`));
    expect(found).toEqual([]);
  });
});

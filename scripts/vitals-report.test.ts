import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { vitalsRepository } from '../apps/server/src/vitals/vitals-repository.ts';
import { keepVitalsSection, renderVitalsSection, replaceVitalsSection } from './vitals-report.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const REPORT = {
  from: '2026-11-20',
  to: '2026-11-26',
  rows: [
    {
      day: '2026-11-26',
      route: '/disease_detail/:id',
      LCP: { p75: 2900, n: 12 },
      INP: { p75: 120, n: 5 },
      CLS: { p75: 0.0123, n: 12 },
      TTFB: null,
    },
  ],
};

/** Issue #33 item 5: real users' p75 per route and day, written into docs/performance.md. */
describe('vitals report', () => {
  it('renders p75 per route and day with counts, marking values past the good limit', () => {
    const md = renderVitalsSection(REPORT, '2026-11-26');
    expect(md).toContain('| 2026-11-26 | `/disease_detail/:id` | 2.90 s ⚠ (12) | 120 ms (5) | 0.012 (12) | — |');
    expect(md).toContain('(LCP 2.5 s, INP 200 ms, CLS 0.1, TTFB 0.8 s)');
    expect(renderVitalsSection({ ...REPORT, rows: [] }, '2026-11-26')).toContain('No reports in this period.');
  });

  it('replaces its own section and nothing else, and survives a bench rewrite', () => {
    const doc = '# Performance\n\n## Pages\n\nrows\n';
    const once = replaceVitalsSection(doc, renderVitalsSection(REPORT, '2026-11-25'));
    const twice = replaceVitalsSection(once, renderVitalsSection({ ...REPORT, rows: [] }, '2026-11-26'));
    expect(twice.startsWith(doc.trimEnd())).toBe(true);
    expect(twice).toContain('No reports in this period.');
    expect(twice).not.toContain('2.90 s');
    expect(twice.match(/## Real users/g)).toHaveLength(1);
    const rewritten = keepVitalsSection('# Performance\n\n## Pages\n\nnew rows\n', twice);
    expect(rewritten).toContain('new rows');
    expect(rewritten).toContain('No reports in this period.');
    expect(keepVitalsSection('# new', '# old without a section')).toBe('# new');
  });

  it('runs as a script against the server’s database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moxa-vitals-'));
    const sqlitePath = join(dir, 'app.db');
    const db = openDatabase('', sqlitePath);
    await migrate(db);
    const vitals = vitalsRepository(db, Date.now);
    for (const value of [1000, 2000, 3000, 4000])
      await vitals.record({ route: '/product', device: 'high', network: 'wifi', metrics: [{ name: 'LCP', value }] });
    await db.destroy();
    const out = join(dir, 'performance.md');
    writeFileSync(out, '# Performance\n\n## Pages\n');
    const run = spawnSync(process.execPath, ['scripts/vitals-report.ts', '--days', '3', '--out', out], {
      cwd: ROOT,
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const doc = readFileSync(out, 'utf8');
    expect(doc).toMatch(/^# Performance\n\n## Pages\n/);
    expect(doc).toMatch(/\| `\/product` \| 3\.00 s ⚠ \(4\) \| — \| — \| — \|/);
  });
});

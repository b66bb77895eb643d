/**
 * `node scripts/vitals-report.ts [--days N] [--out FILE]` (issue #33 item 5, decision 034): what real
 * phones see, for the record beside the bench (the console's 页面速度 shows the same live). Reads the sampled Core Web Vitals from the database the
 * server uses (DATABASE_URL, else SQLITE_PATH — the same environment as `npm start`) and writes the
 * 75th percentile per route and day (China time) of the last N days (default 7) into the section
 * "Real users" of docs/performance.md, which `npm run bench` keeps when it rewrites the rest.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { VitalP75, VitalsReport } from '../packages/core/src/vitals/vitals-contract.ts';
import {
  VITAL_GOOD,
  VITAL_METRICS,
  VITAL_UNIT,
  vitalLimit,
  vitalValue,
  type VitalMetric,
} from '../packages/core/src/vitals/vitals-names.ts';

const START = '<!-- vitals-report: start -->';
const END = '<!-- vitals-report: end -->';
export const PERFORMANCE_DOC = new URL('../docs/performance.md', import.meta.url).pathname;

const unit = (metric: VitalMetric) => (VITAL_UNIT[metric] ? ` ${VITAL_UNIT[metric]}` : '');
const reading = (metric: VitalMetric, value: number) => `${vitalValue(metric, value)}${unit(metric)}`;
const cell = (v: VitalP75 | null, metric: VitalMetric) =>
  v ? `${reading(metric, v.p75)}${v.p75 > VITAL_GOOD[metric] ? ' ⚠' : ''} (${v.n})` : '—';

/** The Markdown section for a report, between its markers. */
export function renderVitalsSection(report: VitalsReport, generatedOn: string): string {
  const lines = [
    START,
    '## Real users (Core Web Vitals, sampled)',
    '',
    `Written by \`node scripts/vitals-report.ts\` on ${generatedOn} (China time) from the reports of ${report.from} to ${report.to}: the 75th percentile per page and day, with the number of reports in brackets; ⚠ marks a value above Google's "good" limit (${VITAL_METRICS.map((m) => `${m} ${vitalLimit(m)}${unit(m)}`).join(', ')}). A sampled share of visits reports (decision 034).`,
    '',
  ];
  if (report.rows.length === 0) lines.push('No reports in this period.');
  else
    lines.push(
      '| day | page | LCP | INP | CLS | TTFB |',
      '|---|---|---|---|---|---|',
      ...report.rows.map(
        (r) =>
          `| ${r.day} | \`${r.route}\` | ${cell(r.LCP, 'LCP')} | ${cell(r.INP, 'INP')} | ${cell(r.CLS, 'CLS')} | ${cell(r.TTFB, 'TTFB')} |`,
      ),
    );
  lines.push(END);
  return lines.join('\n');
}

/** The document with `section` in place of its old one, or added at its end. */
export function replaceVitalsSection(doc: string, section: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start >= 0 && end > start) return doc.slice(0, start) + section + doc.slice(end + END.length);
  return `${doc.replace(/\n*$/, '')}\n\n${section}\n`;
}

/** For `npm run bench`, which rewrites the document: the section it had, kept at the end of the new one. */
export function keepVitalsSection(newDoc: string, oldDoc: string): string {
  const start = oldDoc.indexOf(START);
  const end = oldDoc.indexOf(END);
  return start >= 0 && end > start ? replaceVitalsSection(newDoc, oldDoc.slice(start, end + END.length)) : newDoc;
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const days = Number(arg('--days') ?? 7);
  if (!Number.isInteger(days) || days < 1 || days > 90) {
    process.stderr.write('--days must be a whole number from 1 to 90\n');
    process.exit(1);
  }
  const out = arg('--out') ?? PERFORMANCE_DOC;
  const { loadEnv } = await import('../apps/server/src/env.ts');
  const { openDatabase } = await import('../apps/server/src/db/database.ts');
  const { chinaDay, vitalsRepository } = await import('../apps/server/src/vitals/vitals-repository.ts');
  const env = loadEnv();
  const db = openDatabase(env.DATABASE_URL, env.SQLITE_PATH);
  try {
    const report = await vitalsRepository(db, Date.now)
      .report(days)
      .catch((err: unknown) => {
        throw new Error(`could not read the reports (has the server run once on this database, so it is migrated?): ${String(err)}`);
      });
    const section = renderVitalsSection(report, chinaDay(Date.now()));
    writeFileSync(out, replaceVitalsSection(existsSync(out) ? readFileSync(out, 'utf8') : '# Performance\n', section));
    process.stdout.write(`${section}\n\nwritten to ${out}\n`);
  } finally {
    await db.destroy();
  }
}

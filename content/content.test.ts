import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, type ContentFinding } from '@moxa/core/content/checks/index';
import { acupointKind, meridianKind } from '../apps/server/src/acupoints/acupoint-kinds.ts';
import type { ContentKind } from '../apps/server/src/content/content-kind.ts';
import { constitutionKind, type ConstitutionDocs } from '../apps/server/src/physical/constitution-kind.ts';

/**
 * The content as a whole (issue #4, #5, #14): the automated checks of core content/checks (issue
 * #29, the same the console runs on every draft) find nothing blocking anywhere, and the reference
 * sets are complete (GB/T 12346 point counts, the nine constitution types).
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
const read = <T>(kind: ContentKind<T>) => kind.read(DIR).map((item) => item.data);

function readTree(dir: string, sub = ''): [string, string][] {
  return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e): [string, string][] => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'media' ? [] : readTree(dir, rel);
    return e.name.endsWith('.test.ts') ? [] : [[rel, readFileSync(join(dir, rel), 'utf8')]];
  });
}
const show = (f: ContentFinding) => `${f.file} ${f.itemId ?? ''} ${f.field} [${f.rule}] ${f.message}`;

/** GB/T 12346-2021 point counts per meridian (印堂 is GV29). */
const COUNTS: Record<string, number> = {
  LU: 11,
  LI: 20,
  ST: 45,
  SP: 21,
  HT: 9,
  SI: 19,
  BL: 67,
  KI: 27,
  PC: 9,
  TE: 23,
  GB: 44,
  LR: 14,
  GV: 29,
  CV: 24,
};

describe('the automated checks over the whole content (issue #29)', () => {
  it('find nothing blocking in any file', () => {
    const findings = checkContent(new Map(readTree(DIR)));
    expect(findings.filter((f) => f.blocking).map(show)).toEqual([]);
  });
});

describe('acupoint content (issue #4, GB/T 12346)', () => {
  const points = read(acupointKind);
  const meridians = read(meridianKind);

  it('has all 362 meridian points with the standard count per meridian, numbered 1…n in order', () => {
    for (const [code, n] of Object.entries(COUNTS)) {
      const list = points.filter((p) => p.meridian === code).map((p) => p.code);
      expect(list, code).toEqual(Array.from({ length: n }, (_, i) => `${code}${i + 1}`));
    }
    expect(points.filter((p) => p.meridian !== 'EX')).toHaveLength(362);
    expect(points.find((p) => p.code === 'GV29')?.name).toBe('印堂');
  });

  it('has at least 40 extra points with EX- codes', () => {
    expect(points.filter((p) => p.meridian === 'EX').length).toBeGreaterThanOrEqual(40);
  });

  it('charts every point', () => {
    for (const p of points) expect(p.chart, p.code).not.toBeNull();
  });

  it('describes the 14 meridians with the standard counts and flow hours', () => {
    expect(meridians.map((m) => `${m.code}${m.pointCount}`)).toEqual(Object.entries(COUNTS).map(([c, n]) => `${c}${n}`));
    expect(meridians.find((m) => m.code === 'LU')!.flowHour).toMatch(/寅/);
    expect(meridians.find((m) => m.code === 'GB')!.flowHour).toMatch(/子/);
    expect(meridians.find((m) => m.code === 'GV')!.flowHour).toBeNull();
  });
});

describe('constitution content (issue #5)', () => {
  const { questionnaire, types, schemes } = Object.fromEntries(read(constitutionKind).map((d) => [d.doc, d.value])) as ConstitutionDocs;

  it('names the standard and its answer scale', () => {
    expect(questionnaire.version).toBe('ZYYXH/T157-2009');
    expect(questionnaire.questions.length).toBeGreaterThan(0);
    expect(questionnaire.options.map((o) => o.label)).toEqual(['没有', '很少', '有时', '经常', '总是']);
  });

  it('has a description and a scheme for each of the nine types', () => {
    expect(types.map((t) => t.type)).toEqual(['pinghe', 'qixu', 'yangxu', 'yinxu', 'tanshi', 'shire', 'xueyu', 'qiyu', 'tebing']);
    expect(schemes.map((s) => s.type).sort()).toEqual(types.map((t) => t.type).sort());
  });
});

describe('content files', () => {
  it('include the chart views', () => {
    expect(existsSync(join(DIR, 'charts/views.json'))).toBe(true);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acupointKind, chartViewKind, meridianKind } from '../apps/server/src/acupoints/acupoint-kinds.ts';
import type { ContentKind } from '../apps/server/src/content/content-kind.ts';
import { constitutionKind, type ConstitutionDocs } from '../apps/server/src/physical/constitution-kind.ts';
import { FACE_FRONT_NECK_POINTS } from '@moxa/core/safety/safety-facts';

const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
const read = <T>(kind: ContentKind<T>) => kind.read(DIR).map((item) => item.data);
const readAcupoints = () => read(acupointKind);
const readConstitution = () => Object.fromEntries(read(constitutionKind).map((d) => [d.doc, d.value])) as ConstitutionDocs;

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

describe('acupoint content (issue #4, GB/T 12346)', () => {
  const points = readAcupoints();
  const meridians = read(meridianKind);
  const views = read(chartViewKind);

  it('has all 362 meridian points with the standard count per meridian, numbered 1…n in order', () => {
    for (const [code, n] of Object.entries(COUNTS)) {
      const list = points.filter((p) => p.meridian === code).map((p) => p.code);
      expect(list, code).toEqual(Array.from({ length: n }, (_, i) => `${code}${i + 1}`));
    }
    expect(points.filter((p) => p.meridian !== 'EX')).toHaveLength(362);
    expect(points.find((p) => p.code === 'GV29')?.name).toBe('印堂');
  });

  it('has at least 40 extra points with EX- codes, and no EX-HN3 (now GV29)', () => {
    const ex = points.filter((p) => p.meridian === 'EX');
    expect(ex.length).toBeGreaterThanOrEqual(40);
    for (const p of ex) expect(p.code).toMatch(/^EX-(HN|CA|B|UE|LE)\d+$/);
    expect(ex.map((p) => p.code)).not.toContain('EX-HN3');
  });

  it('has unique codes and unique names', () => {
    expect(new Set(points.map((p) => p.code)).size).toBe(points.length);
    expect(new Set(points.map((p) => p.name)).size).toBe(points.length);
  });

  it('gives every point its location, way to find it, indications, moxibustion guidance and cautions', () => {
    for (const p of points) {
      expect(p.location, p.code).toMatch(/[\u4e00-\u9fff]/);
      expect(p.findMethod.length, p.code).toBeGreaterThan(4);
      expect(p.indications.length, p.code).toBeGreaterThan(0);
      expect(p.cautions.length, p.code).toBeGreaterThan(0);
      expect(p.pinyin.split(' '), p.code).toHaveLength([...p.name].length);
      // Issue #26: face and front-of-neck points have no home method or time, whatever their level.
      if (p.moxa.level === 'forbidden' || FACE_FRONT_NECK_POINTS.has(p.code)) expect(p.moxa.methods, p.code).toEqual([]);
      else {
        expect(p.moxa.methods.length, p.code).toBeGreaterThan(0);
        expect(p.moxa.minutes, p.code).toMatch(/分钟/);
      }
    }
  });

  it('marks the classical and modern no-moxa points and pregnancy cautions', () => {
    const level = (code: string) => points.find((p) => p.code === code)?.moxa.level;
    for (const code of ['BL1', 'ST1', 'ST9', 'LU8', 'ST17', 'GV26', 'TE23']) expect(level(code), code).toBe('forbidden');
    const cautions = (code: string) => points.find((p) => p.code === code)!.cautions.join('');
    for (const code of ['LI4', 'SP6', 'CV4']) expect(cautions(code), code).toMatch(/孕/);
  });

  it('gets the special-point categories right for well-known cases', () => {
    const cats = (code: string) => points.find((p) => p.code === code)!.categories;
    expect(cats('ST36')).toEqual(expect.arrayContaining(['合穴', '下合穴']));
    expect(cats('LU7')).toEqual(expect.arrayContaining(['络穴', '八脉交会穴']));
    expect(cats('CV12')).toEqual(expect.arrayContaining(['募穴', '八会穴']));
    expect(cats('BL23')).toContain('背俞穴');
    expect(cats('LI4')).toContain('原穴');
    expect(cats('PC6')).toEqual(expect.arrayContaining(['络穴', '八脉交会穴']));
  });

  it('charts every point on an existing view, inside the figure', () => {
    const byId = new Map(views.map((v) => [v.id, v]));
    for (const p of points) {
      expect(p.chart, p.code).not.toBeNull();
      const view = byId.get(p.chart!.view);
      expect(view, `${p.code} on ${p.chart!.view}`).toBeDefined();
      expect(p.chart!.x).toBeLessThanOrEqual(view!.width);
      expect(p.chart!.y).toBeLessThanOrEqual(view!.height);
    }
    for (const v of views) {
      expect(v.svg).toMatch(/^<svg[^>]*viewBox="0 0 [\d.]+ [\d.]+"/);
      expect(v.svg).not.toMatch(/<script|href="http|on[a-z]+=/i);
    }
  });

  it('describes the 14 meridians with the standard counts and flow hours', () => {
    expect(meridians.map((m) => `${m.code}${m.pointCount}`)).toEqual(Object.entries(COUNTS).map(([c, n]) => `${c}${n}`));
    expect(meridians.find((m) => m.code === 'LU')!.flowHour).toMatch(/寅/);
    expect(meridians.find((m) => m.code === 'GB')!.flowHour).toMatch(/子/);
    expect(meridians.find((m) => m.code === 'GV')!.flowHour).toBeNull();
  });
});

describe('constitution content (issue #5)', () => {
  const { questionnaire, types, schemes } = readConstitution();
  const codes = new Set(readAcupoints().map((p) => p.code));

  it('words every question as a question and names the standard', () => {
    expect(questionnaire.version).toBe('ZYYXH/T157-2009');
    for (const q of questionnaire.questions) expect(q.text).toMatch(/[吗？?]$/);
    expect(questionnaire.options.map((o) => o.label)).toEqual(['没有', '很少', '有时', '经常', '总是']);
  });

  it('has a description and a scheme for each of the nine types, linking real acupoints, with safety cautions', () => {
    expect(types.map((t) => t.type)).toEqual(['pinghe', 'qixu', 'yangxu', 'yinxu', 'tanshi', 'shire', 'xueyu', 'qiyu', 'tebing']);
    for (const s of schemes) {
      for (const p of s.moxibustion.points) expect(codes.has(p.code), `${s.type} ${p.code}`).toBe(true);
      expect(s.cautions.join(''), s.type).toMatch(/孕/);
      expect(s.cautions.join(''), s.type).toMatch(/就医/);
    }
  });
});

describe('content files', () => {
  it('are written in Chinese full-width punctuation (no ASCII commas in Chinese prose)', () => {
    for (const f of ['acupoints/ST.json', 'meridians.json', 'constitution/schemes.json']) {
      const text = readFileSync(join(DIR, f), 'utf8');
      expect(text, f).not.toMatch(/[\u4e00-\u9fff],[\u4e00-\u9fff]/);
    }
    expect(existsSync(join(DIR, 'charts/views.json'))).toBe(true);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acupointSearchDoc } from '@moxa/core/acupoints/acupoint-search';
import {
  CLASSICAL_NO_MOXA,
  EYE_POINTS,
  FORBIDDEN_POINTS,
  KNOWN_CATEGORIES,
  LUMBOSACRAL_POINTS,
} from '@moxa/core/content/checks/acupoint-rules';
import { checkContent, type ContentFinding } from '@moxa/core/content/checks/index';
import { FACE_FRONT_NECK_POINTS, FOOT_ANKLE_POINTS, PREGNANCY_BANNED_POINTS } from '@moxa/core/safety/safety-facts';
import { buildSearchIndex, searchIndex } from '@moxa/core/search/text-search';

/**
 * Safety checks over the acupoint, meridian and scheme content (issue #15, corrections after a
 * review against GB/T 12346-2021; issue #26 declared facts). The rules themselves live in core
 * (content/checks, issue #29): the console runs the same ones on every draft. Here they run on the
 * files as written, and the points the rules name must exist, so no rule can pass by finding nothing.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;

/** The content folder as the checks take it: path → text, media and tests aside. */
function readTree(dir: string, sub = ''): [string, string][] {
  return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e): [string, string][] => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'media' ? [] : readTree(dir, rel);
    return e.name.endsWith('.test.ts') ? [] : [[rel, readFileSync(join(dir, rel), 'utf8')]];
  });
}
const tree = new Map(readTree(DIR));
const findings = checkContent(tree);
const show = (f: ContentFinding) => `${f.file} ${f.itemId ?? ''} ${f.field} [${f.rule}] ${f.message}`;
const blockingIn = (files: RegExp) => findings.filter((f) => f.blocking && files.test(f.file)).map(show);

type Point = {
  code: string;
  name: string;
  pinyin: string;
  indications: string[];
  common: boolean;
  aliases?: { name: string; pinyin: string }[];
};
const points: Point[] = [...tree].filter(([f]) => f.startsWith('acupoints/')).flatMap(([, text]) => JSON.parse(text) as Point[]);
const codes = new Set(points.map((p) => p.code));

describe('acupoint, meridian and scheme pages pass the safety checks (issue #15, #26, #29)', () => {
  it('have no blocking finding', () => {
    expect(blockingIn(/^(acupoints\/|meridians\.json|constitution\/|charts\/)/)).toEqual([]);
  });

  it('contain every point the rules name (eye, classical, lumbosacral, pregnancy, face and neck, feet)', () => {
    const named = [
      ...EYE_POINTS,
      ...FORBIDDEN_POINTS,
      ...CLASSICAL_NO_MOXA,
      ...LUMBOSACRAL_POINTS,
      ...KNOWN_CATEGORIES.map(([c]) => c),
      ...PREGNANCY_BANNED_POINTS,
      ...FACE_FRONT_NECK_POINTS,
      ...FOOT_ANKLE_POINTS,
      ...['EX-HN9', 'EX-HN10', 'EX-HN11', 'EX-HN12', 'EX-HN13', 'BL12', 'BL13', 'GV12', 'GV13', 'GV14', 'HT7', 'SP9', 'LI4', 'SP6', 'CV4'],
    ];
    for (const code of named) expect(codes.has(code), code).toBe(true);
  });

  it('has the schemes of all nine constitution types, so the per-type rules run', () => {
    const schemes = JSON.parse(tree.get('constitution/schemes.json')!) as { type: string }[];
    for (const type of ['shire', 'yinxu', 'tanshi']) expect(schemes.map((s) => s.type)).toContain(type);
  });
});

describe('variant names are found (issue #15)', () => {
  // Both spellings appear in books and on other sites; a reader types whichever they learnt.
  const index = buildSearchIndex(points.map(acupointSearchDoc));
  it.each([
    ['清冷渊', '清泠渊'],
    ['qinglengyuan', '清泠渊'],
    ['qly', '清泠渊'],
    ['瘈脉', '瘛脉'],
    ['chimai', '瘛脉'],
  ])('%s finds %s first', (query, name) => {
    expect(searchIndex(index, query)[0]?.doc.name).toBe(name);
  });
});

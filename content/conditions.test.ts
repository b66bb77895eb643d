import { describe, expect, it } from 'vitest';
import { acupointKind } from '../apps/server/src/acupoints/acupoint-kinds.ts';
import type { ContentKind, ContentRef, MarkdownFields } from '../apps/server/src/content/content-kind.ts';
import { richTextPlain } from '../apps/server/src/content/markdown.ts';
import { diseaseGroupKind, diseaseKind } from '../apps/server/src/diseases/disease-kinds.ts';
import { noticeKind, noticeTypeKind } from '../apps/server/src/notices/notice-kinds.ts';
import { problemKind, problemTopicKind } from '../apps/server/src/problems/problem-kinds.ts';

/**
 * The rules of the field for conditions, notices and Q&A (issue #15; 《广告法》 §9, §17, §19):
 * complete sets, real cross-references, safe prescriptions and lawful wording. Each check names the
 * file it fails on, so an author can fix it.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;

const read = <T>(kind: ContentKind<T>) => kind.read(DIR).map((item) => item.data);
/** Markdown items with the file they came from and their body as plain text. */
const readMarkdown = <T extends MarkdownFields>(kind: ContentKind<T>) =>
  kind.read(DIR).map((item) => ({ ...item.data, file: item.file, text: richTextPlain(item.data.body) }));

const points = new Map(read(acupointKind).map((p) => [p.code, p]));
const diseases = { groups: read(diseaseGroupKind), items: readMarkdown(diseaseKind) };
const notices = { types: read(noticeTypeKind), items: readMarkdown(noticeKind) };
const problems = { topics: read(problemTopicKind), items: readMarkdown(problemKind) };
const ids = {
  acupoint: new Set(points.keys()),
  disease: new Set(diseases.items.map((d) => d.id)),
  notice: new Set(notices.items.map((n) => n.id)),
  problem: new Set(problems.items.map((p) => p.id)),
};

/** Cure promises and absolute terms no health page or product answer may use. */
const CURE_PROMISE = /治愈|根治|痊愈|包治|特效|神效|药到病除|永不复发|立竿见影|无副作用|100%|百分之百|国家级|最佳|行业第一|第一品牌/;
/** Product promotion, kept off condition pages (《广告法》 §17, §19). */
const PROMOTION = /购买|下单|价格|优惠|商城|旗舰店|本品|我们的产品|本店/;
/** Points that are classically avoided in pregnancy, and lower-abdominal and lumbosacral points. */
const PREGNANCY_SENSITIVE =
  /^(LI4|SP6|BL67|GB21|CV[2-9]|CV1[0-4]|KI1[1-6]|ST2[5-9]|ST30|SP1[2-5]|BL2[3-9]|BL3[0-5]|GV[2-4]|EX-CA1|EX-B7|EX-B8)$/;
const SEE_DOCTOR = /就医|医院|急诊|120|医生/;

/** Raw HTML and external links are refused when the file is read (markdown.ts); here every internal link must resolve. */
function checkLinks(file: string, links: ContentRef[]) {
  for (const link of links) {
    const known = ids[link.kind as keyof typeof ids];
    expect(known, `${file}: link kind ${link.kind} is not allowed here`).toBeDefined();
    expect(known!.has(link.id), `${file}: link to ${link.kind}:${link.id}, which does not exist`).toBe(true);
  }
}

describe('conditions (issue #15: /disease_types, /disease_list, /disease_detail)', () => {
  it('has at least 60 conditions, every group with at least 5', () => {
    expect(diseases.items.length).toBeGreaterThanOrEqual(60);
    for (const g of diseases.groups) expect(diseases.items.filter((d) => d.group === g.id).length, g.name).toBeGreaterThanOrEqual(5);
    expect(new Set(diseases.items.map((d) => `${d.group}:${d.position}`)).size, 'positions are unique within a group').toBe(
      diseases.items.length,
    );
  });
  it('has at least 8 groups, and every condition names one of them', () => {
    expect(diseases.groups.length).toBeGreaterThanOrEqual(8);
    expect(new Set(diseases.groups.map((g) => g.id)).size).toBe(diseases.groups.length);
    expect(new Set(diseases.items.map((d) => d.name)).size, 'condition names are unique').toBe(diseases.items.length);
    for (const d of diseases.items)
      expect(
        diseases.groups.some((g) => g.id === d.group),
        `${d.file}: unknown group`,
      ).toBe(true);
  });

  it('prescribes only real points, never a forbidden one, by a method the point allows', () => {
    for (const d of diseases.items) {
      const codes = d.prescription.points.map((p) => p.code);
      expect(new Set(codes).size, `${d.file}: a point is listed twice`).toBe(codes.length);
      for (const p of d.prescription.points) {
        const point = points.get(p.code);
        expect(point, `${d.file}: ${p.code} is not an acupoint`).toBeDefined();
        if (p.method === '按揉') continue;
        expect(point!.moxa.level, `${d.file}: ${p.code} ${point!.name} must not be moxibusted`).not.toBe('forbidden');
        expect(point!.moxa.methods, `${d.file}: ${p.code} ${point!.name} is not done by ${p.method}`).toContain(p.method);
        if (point!.moxa.level === 'caution') expect(p.note, `${d.file}: ${p.code} needs a note on how to take care`).toBeTruthy();
      }
      for (const pattern of d.patterns) {
        for (const code of pattern.addPoints ?? []) {
          expect(points.get(code)?.moxa.level, `${d.file}: pattern point ${code}`).toMatch(/suitable|caution/);
        }
      }
      const total = d.prescription.points.reduce((sum, p) => sum + p.minutes, 0);
      expect(total, `${d.file}: one session is at most 60 minutes in all`).toBeLessThanOrEqual(60);
    }
  });

  it('warns about pregnancy wherever a prescription uses a point to avoid in pregnancy', () => {
    for (const d of diseases.items) {
      if (!d.prescription.points.some((p) => PREGNANCY_SENSITIVE.test(p.code))) continue;
      expect([...d.contraindications, ...d.cautions].join('；'), `${d.file}: say what pregnant women should do`).toMatch(/孕/);
    }
  });

  it('says when to see a doctor, in every red flag', () => {
    for (const d of diseases.items) {
      for (const flag of d.redFlags) expect(flag, `${d.file}: red flag without 就医`).toMatch(SEE_DOCTOR);
    }
  });

  it('promises no cure and promotes no product (《广告法》 §9, §17, §19)', () => {
    for (const d of diseases.items) {
      const text = JSON.stringify(d);
      expect(text, `${d.file}`).not.toMatch(CURE_PROMISE);
      expect(text, `${d.file}`).not.toMatch(PROMOTION);
    }
  });

  it('has an overview body whose links all lead somewhere', () => {
    for (const d of diseases.items) {
      expect(d.text.length, `${d.file}: overview too short`).toBeGreaterThanOrEqual(70);
      checkLinks(d.file, d.links);
    }
  });
});

describe('notices (issue #15: /notice, /notice_list, /notice_detail)', () => {
  it('has at least 25 articles, every type with at least 3', () => {
    expect(notices.items.length).toBeGreaterThanOrEqual(25);
    for (const t of notices.types) expect(notices.items.filter((n) => n.type === t.id).length, t.id).toBeGreaterThanOrEqual(3);
  });
  it('has at least 5 types, and every article names one of them', () => {
    expect(notices.types.length).toBeGreaterThanOrEqual(5);
    for (const n of notices.items)
      expect(
        notices.types.some((t) => t.id === n.type),
        `${n.file}: unknown type`,
      ).toBe(true);
  });

  it('has real articles whose links and related articles exist, with no cure promises', () => {
    for (const n of notices.items) {
      expect(n.text.length, `${n.file}: article too short`).toBeGreaterThanOrEqual(180);
      checkLinks(n.file, n.links);
      for (const r of n.related) expect(ids.notice.has(r) && r !== n.id, `${n.file}: related ${r}`).toBe(true);
      expect(n.text, n.file).not.toMatch(CURE_PROMISE);
    }
  });
});

describe('product Q&A (issue #15: /problems, /problem_detail)', () => {
  it('has at least 30 questions, every topic with at least 3', () => {
    expect(problems.items.length).toBeGreaterThanOrEqual(30);
    for (const t of problems.topics) expect(problems.items.filter((p) => p.topic === t.id).length, t.id).toBeGreaterThanOrEqual(3);
  });
  it('has at least 5 topics, and every question names one of them', () => {
    expect(problems.topics.length).toBeGreaterThanOrEqual(5);
    for (const p of problems.items)
      expect(
        problems.topics.some((t) => t.id === p.topic),
        `${p.file}: unknown topic`,
      ).toBe(true);
  });

  it('answers with links and related questions that exist, and no cure promises', () => {
    for (const p of problems.items) {
      expect(p.text.length, `${p.file}: answer too short`).toBeGreaterThanOrEqual(50);
      checkLinks(p.file, p.links);
      for (const r of p.related) expect(ids.problem.has(r) && r !== p.id, `${p.file}: related ${r}`).toBe(true);
      expect(p.text, p.file).not.toMatch(CURE_PROMISE);
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, type ContentFinding } from '@moxa/core/content/checks/index';
import { diseaseGroupKind, diseaseKind } from '../apps/server/src/diseases/disease-kinds.ts';
import { noticeKind, noticeTypeKind } from '../apps/server/src/notices/notice-kinds.ts';
import { problemKind, problemTopicKind } from '../apps/server/src/problems/problem-kinds.ts';

/**
 * The rules of the field for conditions, notices and Q&A (issue #15; 《广告法》 §9, §17, §19):
 * complete sets, real cross-references, safe prescriptions and lawful wording. The per-item rules
 * (no 禁灸 point prescribed, no cure promise, no product promotion, red flags that send people to a
 * doctor, links that resolve …) live in core content/checks (issue #29), the same the console runs
 * on every draft; here they run on the files, and the sets are checked for completeness.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;

function readTree(dir: string, sub = ''): [string, string][] {
  return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e): [string, string][] => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'media' ? [] : readTree(dir, rel);
    return e.name.endsWith('.test.ts') ? [] : [[rel, readFileSync(join(dir, rel), 'utf8')]];
  });
}
const findings = checkContent(new Map(readTree(DIR)));
const show = (f: ContentFinding) => `${f.file} ${f.itemId ?? ''} ${f.field} [${f.rule}] ${f.message}`;

const diseases = { groups: diseaseGroupKind.read(DIR).map((i) => i.data), items: diseaseKind.read(DIR).map((i) => i.data) };
const notices = { types: noticeTypeKind.read(DIR).map((i) => i.data), items: noticeKind.read(DIR).map((i) => i.data) };
const problems = { topics: problemTopicKind.read(DIR).map((i) => i.data), items: problemKind.read(DIR).map((i) => i.data) };

describe('conditions, notices and Q&A pass the automated checks (issue #15, #29)', () => {
  it('have no blocking finding: safe prescriptions, lawful wording, real references', () => {
    expect(findings.filter((f) => f.blocking && /^(diseases|notices|problems)\//.test(f.file)).map(show)).toEqual([]);
  });
});

describe('conditions (issue #15: /disease_types, /disease_list, /disease_detail)', () => {
  it('has at least 60 conditions, every group with at least 5', () => {
    expect(diseases.items.length).toBeGreaterThanOrEqual(60);
    for (const g of diseases.groups) expect(diseases.items.filter((d) => d.group === g.id).length, g.name).toBeGreaterThanOrEqual(5);
  });
  it('has at least 8 groups with unique ids', () => {
    expect(diseases.groups.length).toBeGreaterThanOrEqual(8);
    expect(new Set(diseases.groups.map((g) => g.id)).size).toBe(diseases.groups.length);
  });
  it('prescribes points in every condition, so the prescription rules run', () => {
    for (const d of diseases.items) expect(d.prescription.points.length, d.id).toBeGreaterThan(0);
  });
});

describe('notices (issue #15: /notice, /notice_list, /notice_detail)', () => {
  it('has at least 25 articles, every type with at least 3', () => {
    expect(notices.items.length).toBeGreaterThanOrEqual(25);
    for (const t of notices.types) expect(notices.items.filter((n) => n.type === t.id).length, t.id).toBeGreaterThanOrEqual(3);
  });
  it('has at least 5 types', () => {
    expect(notices.types.length).toBeGreaterThanOrEqual(5);
  });
});

describe('product Q&A (issue #15: /problems, /problem_detail)', () => {
  it('has at least 30 questions, every topic with at least 3', () => {
    expect(problems.items.length).toBeGreaterThanOrEqual(30);
    for (const t of problems.topics) expect(problems.items.filter((p) => p.topic === t.id).length, t.id).toBeGreaterThanOrEqual(3);
  });
  it('has at least 5 topics', () => {
    expect(problems.topics.length).toBeGreaterThanOrEqual(5);
  });
});

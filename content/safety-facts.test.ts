import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, type ContentFinding } from '@moxa/core/content/checks/index';
import { RESTATEMENTS } from '@moxa/core/content/checks/safety-fact-rules';
import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import { listContentFiles } from '../apps/server/src/content/content-files.ts';

/**
 * Issue #26 "So it cannot drift again": the safety facts live in packages/core/src/safety and every
 * page refers to them. The rules over Markdown and JSON pages — no retyped fact, placeholders that
 * name a declared fact, time caps, and the rules *between* pages (a prescription may not be
 * gentler-worded or longer than the point's own page allows) — live in core content/checks (issue
 * #29), the same the console runs on every draft. Here they run on the files, and on the texts the
 * checks do not see: subtitles, the videos' scene texts and the web's own wording.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
const ROOT = new URL('..', import.meta.url).pathname;

function readTree(dir: string, sub = ''): [string, string][] {
  return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e): [string, string][] => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'media' ? [] : readTree(dir, rel);
    return e.name.endsWith('.test.ts') ? [] : [[rel, readFileSync(join(dir, rel), 'utf8')]];
  });
}
const show = (f: ContentFinding) => `${f.file} ${f.itemId ?? ''} ${f.field} [${f.rule}] ${f.message}`;

/** Texts that cannot hold a placeholder: subtitles and the videos' scene texts. */
function spokenTexts(): { file: string; text: string }[] {
  const subtitles = listContentFiles(DIR)
    .filter((f) => f.endsWith('.vtt'))
    .map((f) => ({ file: `content/${f}`, text: readFileSync(join(DIR, f), 'utf8') }));
  const scenesDir = join(ROOT, 'media-src/videos');
  const scenes = readdirSync(scenesDir).map((v) => ({
    file: `media-src/videos/${v}/scenes.json`,
    text: (JSON.parse(readFileSync(join(scenesDir, v, 'scenes.json'), 'utf8')) as { scenes: { text: string }[] }).scenes
      .map((s) => s.text)
      .join('\n'),
  }));
  return [...subtitles, ...scenes];
}

/** The web's, core's and server's own wording (what the guided session says, reactions …), tests and the fact table aside. */
function codeFiles(): { file: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
    );
  return [...walk('apps/web/src'), ...walk('packages/core/src'), ...walk('apps/server/src')]
    .filter((f) => !f.endsWith('safety/safety-facts.ts') && !f.endsWith('content/checks/safety-fact-rules.ts'))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
}

describe('safety facts are stated once (issue #26)', () => {
  it('no Markdown or JSON page breaks a safety rule: placeholders, retyped facts, caps, rules between pages', () => {
    const findings = checkContent(new Map(readTree(DIR)));
    expect(findings.filter((f) => f.blocking).map(show)).toEqual([]);
  });

  it('subtitles and video scenes, which cannot hold a placeholder, state the declared value and no placeholder', () => {
    const found: string[] = [];
    for (const { file, text } of spokenTexts()) {
      for (const r of RESTATEMENTS)
        for (const m of text.matchAll(r.pattern)) if (!r.same(m[0])) found.push(`${file}: 「${m[0]}」 differs from ${r.fact}`);
      for (const m of text.matchAll(/\{\{safety:([a-z-]+)(?:\.([a-zA-Z]+))?\}\}/g)) {
        const f = (SAFETY_FACTS as Record<string, { values: Record<string, string> }>)[m[1]!];
        if (!f || (m[2] && f.values[m[2]] === undefined)) found.push(`${file}: ${m[0]} is not a declared fact`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no subtitle or scene states a per-point or per-session time above the declared caps', () => {
    const perPoint = Number.parseInt(SAFETY_FACTS['session-caps'].values.perPoint, 10);
    const perSession = Number.parseInt(SAFETY_FACTS['session-caps'].values.perSession, 10);
    for (const { file, text } of spokenTexts()) {
      for (const m of text.matchAll(/(每穴|每个穴位|每处)[^。；\n]{0,8}?(\d+)\s*分钟/g))
        expect(Number(m[2]), `${file}: ${m[0]}`).toBeLessThanOrEqual(perPoint);
      for (const m of text.matchAll(/(一次总|每次总|总时间|总共|总时长)[^。；\n]{0,10}?(\d+)\s*(分钟|小时)/g)) {
        const minutes = Number(m[2]) * (m[3] === '小时' ? 60 : 1);
        expect(minutes, `${file}: ${m[0]}`).toBeLessThanOrEqual(perSession);
      }
    }
  });

  it('the app’s own wording takes the numbers from the facts, never retyped', () => {
    const found: string[] = [];
    for (const { file, text } of codeFiles())
      for (const r of RESTATEMENTS) for (const m of text.matchAll(r.pattern)) found.push(`${file}: 「${m[0]}」 restates ${r.fact}`);
    expect(found).toEqual([]);
  });
});

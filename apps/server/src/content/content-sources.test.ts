import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemSource } from '@moxa/core/console/console-contract';
import { checkContent } from '@moxa/core/content/checks/index';
import { CONTENT_DIR, DIALECTS, useTestDb } from '../../test/support/test-app.ts';
import { acupointKind } from '../acupoints/acupoint-kinds.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import { glossaryKind } from '../glossary/glossary-kinds.ts';
import { productKind } from '../products/product-kinds.ts';
import { ContentError, editableKinds } from './content-kind.ts';
import { contentSources, readSeed, type Compiled, type SourceTree } from './content-sources.ts';
import { loadContentStore } from './content-store.ts';
import { loadContent, readAllKinds } from './load-content.ts';
import { CONTENT_KINDS } from './registry.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ROOT = new URL('../../../../', import.meta.url).pathname;
/** The lines of `b` that differ from `a` (same line count expected for an in-place edit). */
const changedLines = (a: string, b: string) => {
  const x = a.split('\n');
  const y = b.split('\n');
  return y.filter((line, i) => line !== x[i]);
};

/** Issue #29 "Where content lives": the published source tree in the database, content/ as its seed. */
describe('item sources (issue #29)', () => {
  const sources = contentSources(null as never, CONTENT_DIR);
  let tree: SourceTree;
  let compiled: Compiled;
  beforeAll(() => {
    tree = readSeed(CONTENT_DIR);
    compiled = sources.compile(tree);
  });
  const source = (kind: string, id: string) => {
    const found = sources.itemSource(tree, compiled, kind, id);
    expect(found, `${kind} ${id}`).not.toBeNull();
    return found!;
  };

  it('gives every item of every editable kind back byte for byte when its source is unchanged', () => {
    let n = 0;
    for (const kind of editableKinds(CONTENT_KINDS)) {
      for (const item of compiled.get(kind.name)!) {
        const found = sources.itemSource(tree, compiled, kind.name, item.id);
        if (!kind.editable) {
          expect(found).toBeNull();
          continue;
        }
        const next = sources.withItem(tree, compiled, kind.name, item.id, found!.source, false);
        expect(next.get(found!.file), `${kind.name} ${item.id}`).toBe(tree.get(found!.file));
        n++;
      }
    }
    expect(n).toBeGreaterThan(800);
  });

  it('edits a Markdown item: front matter with placeholders as written, only the changed lines move, prettier-clean', async () => {
    const { file, source: src } = source('disease', 'insomnia');
    expect(file).toBe('diseases/insomnia.md');
    if (src.format !== 'markdown') throw new Error('markdown expected');
    // Placeholders stay placeholders: staff never bake a declared fact into a text.
    expect(JSON.stringify(src.fields)).toContain('{{safety:distance.gentle}}');
    expect(src.body).toBe(src.body.trim());
    const fields = structuredClone(src.fields) as { summary: string; aliases: string[] };
    fields.summary = '入睡难、易醒多梦，睡前温和灸帮助放松';
    fields.aliases = [...fields.aliases, '睡不踏实'];
    const next = sources.withItem(
      tree,
      compiled,
      'disease',
      'insomnia',
      { ...src, fields, body: `${src.body}\n\n睡前一小时不看手机。` },
      false,
    );
    const text = next.get(file)!;
    expect(changedLines(tree.get(file)!, text).slice(0, 2)).toEqual([
      'aliases: [睡不着, 入睡困难, 多梦易醒, 睡不踏实]',
      'summary: 入睡难、易醒多梦，睡前温和灸帮助放松',
    ]);
    expect(text.endsWith('睡前一小时不看手机。\n')).toBe(true);
    const path = join(ROOT, file);
    expect(await format(text, { ...(await resolveConfig(path)), filepath: path })).toBe(text);
    const read = sources
      .compile(next)
      .get('disease')!
      .find((d) => d.id === 'insomnia')!.data as { summary: string; aliases: string[] };
    expect(read.summary).toBe(fields.summary);
    expect(read.aliases).toContain('睡不踏实');
  });

  it('edits the everyday names (one item, the shared file) so search has the new word; a word given twice is refused', () => {
    const found = source('everyday-names', 'all');
    expect(found.file).toBe('diseases/everyday-names.json');
    const value = (found.source as Extract<ItemSource, { format: 'json' }>).value as Record<string, string[]>;
    const next = sources.withItem(
      tree,
      compiled,
      'everyday-names',
      'all',
      { format: 'json', value: { ...value, insomnia: [...value.insomnia!, '整夜失眠'] } },
      false,
    );
    // One new line in the file (and a comma after the line before it), every other line as it was.
    const [before, after] = [tree.get(found.file)!.split('\n'), next.get(found.file)!.split('\n')];
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((line) => !before.includes(line))).toEqual(['    "神经衰弱",', '    "整夜失眠"']);
    const insomnia = sources
      .compile(next)
      .get(diseaseKind.name)!
      .find((it) => it.id === 'insomnia')!.data as { everydayNames: string[] };
    expect(insomnia.everydayNames).toContain('整夜失眠');
    const twice = sources.withItem(
      tree,
      compiled,
      'everyday-names',
      'all',
      { format: 'json', value: { ...value, insomnia: [...value.insomnia!, value['air-con-cold']![0]!] } },
      false,
    );
    expect(() => sources.compile(twice)).toThrow(ContentError);
  });

  it('edits a JSON list element (product type, glossary term) in place, other elements keeping their bytes', () => {
    const type = source('product-type', 'moxa-box');
    expect(type.file).toBe('products/types.json');
    if (type.source.format !== 'json') throw new Error('json expected');
    const next = sources.withItem(
      tree,
      compiled,
      'product-type',
      'moxa-box',
      { format: 'json', value: { ...type.source.value, name: '艾灸盒子' } },
      false,
    );
    expect(changedLines(tree.get(type.file)!, next.get(type.file)!)).toEqual([
      '  { "id": "moxa-box", "name": "艾灸盒子", "icon": "box", "summary": "随身灸、多孔灸盒，腰腹背部省心温灸", "position": 1 },',
    ]);

    const term = source('glossary', 'tongshencun');
    if (term.source.format !== 'json') throw new Error('json expected');
    const edited = { ...term.source.value, explanation: '找穴位用的长度单位，按被灸者自己的手指来量。' };
    const after = sources.withItem(tree, compiled, 'glossary', 'tongshencun', { format: 'json', value: edited }, false);
    expect(changedLines(tree.get(term.file)!, after.get(term.file)!)).toEqual([
      `    "explanation": "找穴位用的长度单位，按被灸者自己的手指来量。"`,
    ]);
    expect(
      sources
        .compile(after)
        .get('glossary')!
        .find((t) => t.id === 'tongshencun')!.data,
    ).toMatchObject({ explanation: edited.explanation });
  });

  it('edits an acupoint (found by code in its meridian file) and a marketing page (a JSON file of its own)', () => {
    const point = source('acupoint', 'ST36');
    expect(point.file).toBe('acupoints/ST.json');
    if (point.source.format !== 'json') throw new Error('json expected');
    const next = sources.withItem(
      tree,
      compiled,
      'acupoint',
      'ST36',
      { format: 'json', value: { ...point.source.value, findMethod: '屈膝，膝眼下四横指。' } },
      false,
    );
    expect(changedLines(tree.get(point.file)!, next.get(point.file)!)).toEqual(['    "findMethod": "屈膝，膝眼下四横指。",']);
    const store = sources
      .compile(next)
      .get(acupointKind.name)!
      .find((p) => p.id === 'ST36')!.data as { findMethod: string };
    expect(store.findMethod).toBe('屈膝，膝眼下四横指。');

    const page = source('product-marketing', 'elder-gift-box');
    expect(page.file).toBe('product-marketing/elder-gift-box.json');
    if (page.source.format !== 'json') throw new Error('json expected');
    const edited = sources.withItem(
      tree,
      compiled,
      'product-marketing',
      'elder-gift-box',
      { format: 'json', value: { ...page.source.value, title: '孝心礼盒' } },
      false,
    );
    expect(changedLines(tree.get(page.file)!, edited.get(page.file)!)).toEqual(['  "title": "孝心礼盒",']);
  });

  it('edits a whole-file list (the constitution schemes) keyed 0, 1, …, keeping the file layout', () => {
    const schemes = source('constitution', 'schemes');
    expect(schemes.file).toBe('constitution/schemes.json');
    if (schemes.source.format !== 'json') throw new Error('json expected');
    const items = structuredClone(schemes.source.value) as Record<string, { type: string; principle: string }>;
    expect(Object.keys(items)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    items[0]!.principle = '以保持为主，顺应四时，不必刻意进补。';
    const next = sources.withItem(tree, compiled, 'constitution', 'schemes', { format: 'json', value: items }, false);
    expect(() => sources.withItem(tree, compiled, 'constitution', 'schemes', { format: 'json', value: { a: items[0] } }, false)).toThrow(
      /keyed 0, 1, 2/,
    );
    expect(changedLines(tree.get(schemes.file)!, next.get(schemes.file)!)).toEqual([
      `    "principle": "以保持为主，顺应四时，不必刻意进补。",`,
    ]);
    const doc = sources
      .compile(next)
      .get('constitution')!
      .find((d) => d.id === 'schemes')!.data as { value: { principle: string }[] };
    expect(doc.value[0]!.principle).toBe(items[0]!.principle);
  });

  it('adds new items where the kind keeps them: a Markdown file in its folder, an element at the end of a list', () => {
    const problem: ItemSource = {
      format: 'markdown',
      fields: { id: 'new-question', topic: 'usage', question: '新问题怎么提？', position: 99 },
      body: '答案见[足三里](acupoint:ST36)。',
    };
    let next = sources.withItem(tree, compiled, 'problem', 'new-question', problem, true);
    expect(next.get('problems/new-question.md')).toBe(
      '---\nid: new-question\ntopic: usage\nquestion: 新问题怎么提？\nposition: 99\n---\n\n答案见[足三里](acupoint:ST36)。\n',
    );
    const term = { id: 'xin-ci', term: '新词', aliases: [], category: '取穴', explanation: '一个新加的术语，用来测试后台新增条目。' };
    next = sources.withItem(next, compiled, 'glossary', 'xin-ci', { format: 'json', value: term }, true);
    // Printed like its neighbours (this file is JSON.stringify's layout), after the last element.
    const list = tree.get('glossary/terms.json')!;
    const at = list.lastIndexOf('}') + 1;
    expect(next.get('glossary/terms.json')).toBe(
      `${list.slice(0, at)},\n  ${JSON.stringify(term, null, 2).replace(/\n/g, '\n  ')}${list.slice(at)}`,
    );
    const again = sources.compile(next);
    expect(again.get('problem')!.some((p) => p.id === 'new-question')).toBe(true);
    expect(again.get(glossaryKind.name)!.at(-1)!.id).toBe('xin-ci');
    expect(() => sources.withItem(tree, compiled, 'glossary', 'tongshencun', { format: 'json', value: term }, true)).toThrow(
      /already exists/,
    );
    expect(() => sources.withItem(tree, compiled, 'glossary', 'no-such', { format: 'json', value: term }, false)).toThrow(/does not exist/);
    expect(() => sources.withItem(tree, compiled, 'glossary', 'xin-ci', problem, true)).toThrow(/JSON/);
    expect(() => sources.withItem(tree, compiled, 'chart-view', 'front', { format: 'json', value: {} }, false)).toThrow(ContentError);
    expect(() => sources.withItem(tree, compiled, 'acupoint', 'ST99', { format: 'json', value: {} }, true)).toThrow(/cannot be added/);
    expect(() => sources.withItem(tree, compiled, 'problem', '../escape', problem, true)).toThrow(/not an item id/);
  });

  it('refuses to compile a broken tree with ContentError naming the file', () => {
    const broken = new Map(tree);
    broken.set('diseases/insomnia.md', tree.get('diseases/insomnia.md')!.replace('code: GV20', 'code: ST99'));
    expect(() => sources.compile(broken)).toThrow(ContentError);
    expect(() => sources.compile(broken)).toThrow(/diseases\/insomnia\.md: disease insomnia refers to acupoint ST99/);
    const escaping = new Map(tree);
    escaping.set('../outside.json', '[]');
    expect(() => sources.compile(escaping)).toThrow(/not a content file path/);
  });
});

describe.each(DIALECTS)('content sources on %s (issue #29)', (dialect) => {
  const db = useTestDb(dialect);
  let seed: string;
  beforeAll(() => {
    seed = mkdtempSync(join(tmpdir(), 'moxa-seed-'));
    cpSync(CONTENT_DIR, seed, { recursive: true });
  });
  afterAll(() => rmSync(seed, { recursive: true, force: true }));
  const rows = () => db().selectFrom('content_sources').select(['path', 'text', 'seed_hash']).orderBy('path').execute();

  it('imports the whole seed into an empty database (not media, not tests), and then serves it', async () => {
    await db().deleteFrom('content_sources').execute();
    await db().deleteFrom('content_meta').execute();
    await db().deleteFrom('content_items').execute();
    expect(await loadContent(db(), seed)).toMatchObject({ changed: true });
    const stored = await rows();
    const files = readSeed(seed);
    expect(stored.map((r) => r.path)).toEqual([...files.keys()]);
    expect(stored.some((r) => r.path.startsWith('media/') || r.path.endsWith('.test.ts'))).toBe(false);
    for (const r of stored) {
      expect(r.text).toBe(files.get(r.path));
      expect(r.seed_hash).toBe(sha256(r.text));
    }
    expect((await loadContentStore(db())).get(productKind, 'portable-moxa-box')).toBeDefined();
    const s = contentSources(db(), seed);
    expect(await s.syncSeed()).toEqual({ imported: 0, updated: 0, removed: 0, kept: [] });
    expect(await loadContent(db(), seed)).toEqual({ changed: false, counts: {} });
  });

  it('publishes a tree: source rows, content_items and the hash in one go', async () => {
    const s = contentSources(db(), seed);
    const tree = await s.publishedTree();
    const compiled = s.compile(tree);
    const found = s.itemSource(tree, compiled, 'disease', 'insomnia')!;
    if (found.source.format !== 'markdown') throw new Error('markdown expected');
    const next = s.withItem(
      tree,
      compiled,
      'disease',
      'insomnia',
      { ...found.source, fields: { ...found.source.fields, name: '失眠（后台）' } },
      false,
    );
    const hash = await s.publish(next, s.compile(next), 1234);
    expect(await db().selectFrom('content_meta').selectAll().where('kind', '=', 'all').executeTakeFirst()).toEqual({
      kind: 'all',
      hash,
      loaded_at: 1234,
    });
    expect((await loadContentStore(db())).get(diseaseKind, 'insomnia')?.name).toBe('失眠（后台）');
    const row = (await rows()).find((r) => r.path === 'diseases/insomnia.md')!;
    expect(row.text).toContain('name: 失眠（后台）');
    // The seed hash stays that of the last import: the next start sees a file staff edited.
    expect(row.seed_hash).toBe(sha256(readFileSync(join(seed, 'diseases/insomnia.md'), 'utf8')));
    expect(await loadContent(db(), seed)).toEqual({ changed: false, counts: {} });
  });

  it("takes a deploy's change to the seed, keeps a file staff edited, and drops a seed file the deploy removed", async () => {
    const edit = (file: string, from: string, to: string) =>
      writeFileSync(join(seed, file), readFileSync(join(seed, file), 'utf8').replace(from, to));
    edit('meridians.json', '"name": "手太阴肺经"', '"name": "手太阴肺经（新版）"');
    edit('diseases/insomnia.md', 'name: 失眠', 'name: 失眠（新版种子）');
    writeFileSync(
      join(seed, 'problems/from-deploy.md'),
      '---\nid: from-deploy\ntopic: usage\nquestion: 新版本带来的问题？\nposition: 98\n---\n\n新版本的答案。\n',
    );
    const logged: string[] = [];
    expect((await loadContent(db(), seed, Date.now(), CONTENT_KINDS, (m) => logged.push(m))).changed).toBe(true);
    const store = await loadContentStore(db());
    expect(store.get(diseaseKind, 'insomnia')?.name).toBe('失眠（后台）');
    expect(logged.join('\n')).toContain('diseases/insomnia.md');
    expect(JSON.stringify(store.list(CONTENT_KINDS.find((k) => k.name === 'meridian')!))).toContain('手太阴肺经（新版）');
    expect((await rows()).some((r) => r.path === 'problems/from-deploy.md')).toBe(true);

    rmSync(join(seed, 'problems/from-deploy.md'));
    expect((await loadContent(db(), seed)).changed).toBe(true);
    expect((await rows()).some((r) => r.path === 'problems/from-deploy.md')).toBe(false);
    // Restore the seed for the export test.
    edit('meridians.json', '"name": "手太阴肺经（新版）"', '"name": "手太阴肺经"');
    edit('diseases/insomnia.md', 'name: 失眠（新版种子）', 'name: 失眠');
    expect((await loadContent(db(), seed)).changed).toBe(true);
  });

  it('refuses a broken seed change as a whole: nothing of it is written', async () => {
    const before = await rows();
    const meta = await db().selectFrom('content_meta').selectAll().execute();
    const file = join(seed, 'notices/mild-moxa.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/^type: .*$/m, 'type: no-such-type'));
    await expect(loadContent(db(), seed)).rejects.toThrow(ContentError);
    expect(await rows()).toEqual(before);
    expect(await db().selectFrom('content_meta').selectAll().execute()).toEqual(meta);
    writeFileSync(file, text);
  });

  it('exports the published state in the seed layout: untouched files byte for byte, the edited one passing the content checks', async () => {
    const out = mkdtempSync(join(tmpdir(), 'moxa-export-'));
    try {
      await contentSources(db(), seed).exportTo(out);
      const exported = readSeed(out);
      const original = readSeed(CONTENT_DIR);
      expect([...exported.keys()]).toEqual([...original.keys()]);
      for (const [path, text] of original) if (path !== 'diseases/insomnia.md') expect(exported.get(path), path).toBe(text);
      expect(exported.get('diseases/insomnia.md')).toContain('name: 失眠（后台）');
      // A copy of content/ (media, tests) with the export on top reads as the server reads it; the
      // full content tests run on it with TEST_CONTENT_DIR=<dir> npx vitest run --project unit content.
      const checkout = mkdtempSync(join(tmpdir(), 'moxa-checkout-'));
      cpSync(CONTENT_DIR, checkout, { recursive: true });
      expect(await contentSources(db(), seed).exportTo(checkout)).toEqual(['diseases/insomnia.md']);
      expect(
        readAllKinds(checkout)
          .get('disease')!
          .find((d) => d.id === 'insomnia')!.data,
      ).toMatchObject({ name: '失眠（后台）' });
      // The automated checks (the content tests' rules, issue #29) find nothing blocking in it.
      expect(checkContent(readSeed(checkout)).filter((f) => f.blocking)).toEqual([]);
      rmSync(checkout, { recursive: true, force: true });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

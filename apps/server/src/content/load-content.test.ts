import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR, DIALECTS, useTestDb } from '../../test/support/test-app.ts';
import { loadContentStore } from './content-store.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import { meridianKind } from '../acupoints/acupoint-kinds.ts';
import { problemKind } from '../problems/problem-kinds.ts';
import { loadContent } from './load-content.ts';
import type { Db } from '../db/database.ts';

/** Issue #14 §1: the generic loader on both databases, over a private copy of content/. */
describe.each(DIALECTS)('content loader on %s (issue #14 §1)', (dialect) => {
  const db = useTestDb(dialect);
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-content-'));
    cpSync(CONTENT_DIR, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const rows = (d: Db) => d.selectFrom('content_items').select(['kind', 'id', 'position', 'data']).orderBy('kind').orderBy('id').execute();
  const edit = (file: string, from: string | RegExp, to: string) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const next = text.replace(from, to);
    expect(next, `${file} contains ${String(from)}`).not.toBe(text);
    writeFileSync(join(dir, file), next);
  };

  it('loads every kind, and loading the same files again changes nothing', async () => {
    // The test database was loaded from the same files: forget that, to load afresh.
    await db().deleteFrom('content_items').execute();
    await db().deleteFrom('content_meta').execute();
    const first = await loadContent(db(), dir);
    expect(first.changed).toBe(true);
    expect(first.counts).toMatchObject({ acupoint: 409, meridian: 14, constitution: 3, 'disease-group': 8 });
    const before = await rows(db());
    expect(await loadContent(db(), dir)).toEqual({ changed: false, counts: {} });
    // Even with the hash forgotten, a reload writes the same rows.
    await db().deleteFrom('content_meta').execute();
    expect((await loadContent(db(), dir)).changed).toBe(true);
    expect(await rows(db())).toEqual(before);
  });

  it('updates the rows of an edited file', async () => {
    edit('meridians.json', '"name": "手太阴肺经"', '"name": "手太阴肺经（修订）"');
    expect((await loadContent(db(), dir)).changed).toBe(true);
    const store = await loadContentStore(db());
    expect(store.get(meridianKind, 'LU')?.name).toBe('手太阴肺经（修订）');
  });

  it('adds a new Markdown item, renders its body safely, and removes it when its file is deleted', async () => {
    const file = join(dir, 'problems', 'loader-test.md');
    writeFileSync(
      file,
      '---\nid: loader-test\ntopic: usage\nquestion: 加载测试的问题是什么？\nposition: 99\n---\n\n正文见[足三里](acupoint:ST36)。\n\n> **注意**：这是提醒。\n',
    );
    await loadContent(db(), dir);
    const added = (await loadContentStore(db())).get(problemKind, 'loader-test');
    expect(added?.question).toBe('加载测试的问题是什么？');
    expect(JSON.stringify(added?.body)).toContain('"href":"/acupoint_detail/ST36"');
    expect(JSON.stringify(added?.body)).toContain('"className":"callout"');
    unlinkSync(file);
    await loadContent(db(), dir);
    expect((await loadContentStore(db())).get(problemKind, 'loader-test')).toBeUndefined();
    expect(await db().selectFrom('content_items').select('id').where('id', '=', 'loader-test').execute()).toEqual([]);
  });

  it('refuses the whole load over a reference to an acupoint that does not exist, naming the file and item, and keeps serving what it had', async () => {
    const before = await rows(db());
    const hash = await db().selectFrom('content_meta').select('hash').executeTakeFirstOrThrow();
    edit('diseases/insomnia.md', 'code: GV20', 'code: ST99');
    // A valid edit elsewhere in the same load must not land either.
    edit('meridians.json', '"name": "手太阴肺经（修订）"', '"name": "手太阴肺经"');
    await expect(loadContent(db(), dir)).rejects.toThrow(
      /diseases\/insomnia\.md: disease insomnia refers to acupoint ST99, which does not exist/,
    );
    expect(await rows(db())).toEqual(before);
    expect(await db().selectFrom('content_meta').select('hash').executeTakeFirstOrThrow()).toEqual(hash);
    const store = await loadContentStore(db());
    expect(store.get(diseaseKind, 'insomnia')?.prescription.points[0]?.code).toBe('GV20');
    expect(store.get(meridianKind, 'LU')?.name).toBe('手太阴肺经（修订）');
  });

  it('refuses raw HTML and links that leave the app, naming the file', async () => {
    edit('diseases/insomnia.md', 'code: ST99', 'code: GV20');
    edit('diseases/insomnia.md', '施灸前请先阅读', '<img src=x onerror=alert(1)>施灸前请先阅读');
    await expect(loadContent(db(), dir)).rejects.toThrow(/diseases\/insomnia\.md: raw HTML is not allowed/);
    edit('diseases/insomnia.md', '<img src=x onerror=alert(1)>', '[点这里](https://example.com)');
    await expect(loadContent(db(), dir)).rejects.toThrow(/diseases\/insomnia\.md: link "https:\/\/example\.com" is not an internal link/);
    edit('diseases/insomnia.md', '[点这里](https://example.com)', '[百会](acupoint:GV20)');
    expect((await loadContent(db(), dir)).changed).toBe(true);
  });
});

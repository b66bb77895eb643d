import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { readSeed } from '../apps/server/src/content/content-sources.ts';
import { CONTENT_DIR } from '../apps/server/test/support/test-app.ts';
import { contentCommand } from './content.ts';

/** `npm run content -- export [dir]` (issue #29) on a SQLite file, as an operator runs it. */
describe('npm run content', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-content-cmd-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = () => loadEnv({ DATABASE_URL: '', SQLITE_PATH: join(dir, 'app.db'), CONTENT_DIR });
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const code = await contentCommand(args, env(), (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };

  it('answers bad arguments with the usage in Chinese and touches nothing', async () => {
    for (const args of [[], ['import'], ['export', 'a', 'b']]) {
      const { code, out } = await run(args);
      expect(code).toBe(2);
      expect(out).toContain('用法：');
    }
    expect((await run(['import'])).out).toContain('未知命令：import');
    writeFileSync(join(dir, 'a-file'), '');
    expect(await run(['export', join(dir, 'a-file')])).toMatchObject({ code: 2, out: expect.stringContaining('不是目录') });
  });

  it('exports a database that never started as the seed, then the published state after an edit', async () => {
    const out = join(dir, 'export');
    const first = await run(['export', out]);
    expect(first.code).toBe(0);
    expect(first.out).toContain('先导入种子');
    expect(readSeed(out)).toEqual(readSeed(CONTENT_DIR));
    expect((await run(['export', out])).out).toContain('没有写入文件');

    const db = openDatabase('', join(dir, 'app.db'));
    await migrate(db);
    const row = await db.selectFrom('content_sources').select('text').where('path', '=', 'notices/mild-moxa.md').executeTakeFirstOrThrow();
    await db
      .updateTable('content_sources')
      .set({ text: row.text.replace(/^title: .*$/m, 'title: 温和灸（后台修改）') })
      .where('path', '=', 'notices/mild-moxa.md')
      .execute();
    await db.destroy();
    const second = await run(['export', out]);
    expect(second.out).toContain('notices/mild-moxa.md');
    expect(readFileSync(join(out, 'notices/mild-moxa.md'), 'utf8')).toContain('title: 温和灸（后台修改）');
  });
});

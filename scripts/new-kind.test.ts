import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindNames } from './new-kind.ts';

const ROOT = join(new URL('../', import.meta.url).pathname);

/** What a small script run inside the copy answers, from an app built on the copy's code and content. */
const PROBE = `
import { createTestApp } from './apps/server/test/support/test-app.ts';
import { renderMarkdown } from './apps/server/src/content/markdown.ts';
import { SimpleKindDetailSchema, SimpleKindSummarySchema } from './packages/core/src/content/simple-kind-contract.ts';
import { envelope } from './packages/core/src/http/envelope.ts';
import { z } from 'zod';
import { ROUTES } from './apps/web/src/config/routes.ts';
const t = await createTestApp('sqlite');
const get = async (url) => { const r = await t.app.inject({ url }); return { status: r.statusCode, etag: r.headers.etag, body: r.json() }; };
const list = await get('/api/v8/kinds/tea');
const detail = await get('/api/v8/kinds/tea/hongzao-guiyuan');
const out = {
  list: { status: list.status, ok: envelope(z.array(SimpleKindSummarySchema)).safeParse(list.body).success, data: list.body.data, etag: Boolean(list.etag) },
  detail: { status: detail.status, ok: envelope(SimpleKindDetailSchema).safeParse(detail.body).success, title: detail.body.data?.title },
  other: (await get('/api/v8/kinds/glossary')).status,
  search: (await get('/api/v8/search?type=all&q=' + encodeURIComponent('红枣桂圆'))).body.data,
  searchTea: (await get('/api/v8/search?type=tea&q=hzgy')).status,
  link: JSON.stringify(renderMarkdown('[红枣桂圆茶](tea:hongzao-guiyuan)')),
  routes: ROUTES.filter((r) => r.screen.startsWith('kinds/')).map((r) => [r.path, r.screen, r.sample]),
};
await t.close();
console.log(JSON.stringify(out));
`;

/**
 * Issue #28 item 4: `npm run new:kind` run on a copy of the repository makes a kind that loads, is
 * searched, linked and served by the generic API, with its screens' routes — touching two existing
 * files, and with typecheck and the content check passing on the copy.
 */
describe('npm run new:kind (issue #28 item 4)', { timeout: 240_000 }, () => {
  let dir: string;
  const run = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`${cmd} ${args.join(' ')}:\n${e.stdout ?? ''}${e.stderr ?? ''}`.slice(0, 4000), { cause: err });
    }
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'new-kind-'));
    // The working tree's files as git sees them (tracked and new, not ignored), in a fresh repository.
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
    execFileSync('tar', ['-c', '--null', '-T', '-', '-f', join(dir, 'src.tar')], { cwd: ROOT, input: files });
    execFileSync('tar', ['-xf', 'src.tar'], { cwd: dir });
    rmSync(join(dir, 'src.tar'));
    // The installed packages, shared; the workspaces (@moxa/*) are the copy's own, so its code sees the new kind.
    mkdirSync(join(dir, 'node_modules/@moxa'), { recursive: true });
    for (const name of readdirSync(join(ROOT, 'node_modules')))
      if (name !== '@moxa') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
    for (const [name, path] of [
      ['core', 'packages/core'],
      ['server', 'apps/server'],
      ['web', 'apps/web'],
    ] as const)
      symlinkSync(join(dir, path), join(dir, 'node_modules/@moxa', name));
    writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
    run('git', ['init', '-q']);
    run('git', ['add', '-A']);
    run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'copy']);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a bad name and changes nothing', () => {
    expect(() => kindNames('Tea')).toThrow(/小写英文复数/);
    expect(() => run('node', ['scripts/new-kind.ts', 'tea'])).toThrow();
    expect(run('git', ['status', '--porcelain'])).toBe('');
  });

  it('makes a kind that needs no further edit, then removes it', () => {
    run('node', ['scripts/new-kind.ts', 'teas', '--label', '茶饮']);
    const changed = run('git', ['status', '--porcelain', '-uall']).trimEnd().split('\n');
    expect(changed.filter((l) => l.startsWith(' M')).sort()).toEqual([
      ' M apps/server/src/content/registry.ts',
      ' M packages/core/src/content/public-kinds.ts',
    ]);
    expect(changed.filter((l) => !l.startsWith(' M')).sort()).toEqual([
      '?? apps/server/src/teas/tea-kinds.ts',
      '?? content/teas/hongzao-guiyuan.md',
    ]);
    expect(() => run('node', ['scripts/new-kind.ts', 'teas']), 'a second time').toThrow();

    expect(run('node', ['scripts/check-content.ts'])).toContain('tea 1');
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    run('node', [tsc, '-p', 'tsconfig.json']);
    run('node', [tsc, '-p', 'apps/web/tsconfig.json']);
    run('node', [
      'node_modules/.bin/prettier',
      '--check',
      'packages/core/src/content/public-kinds.ts',
      'apps/server/src/content/registry.ts',
      'apps/server/src/teas',
      'content/teas',
    ]);

    writeFileSync(join(dir, 'probe.ts'), PROBE);
    const out = JSON.parse(run('node', ['probe.ts']).trim().split('\n').at(-1)!);
    expect(out.list).toMatchObject({ status: 200, ok: true, etag: true });
    expect(out.list.data).toEqual([{ id: 'hongzao-guiyuan', title: '红枣桂圆茶', summary: expect.any(String) }]);
    expect(out.detail).toEqual({ status: 200, ok: true, title: '红枣桂圆茶' });
    expect(out.other, 'a kind with its own routes is not served here').toBe(404);
    expect(JSON.stringify(out.search)).toContain('"kind":"tea"');
    expect(out.searchTea).toBe(200);
    expect(out.link).toContain('/tea_detail/hongzao-guiyuan');
    expect(out.routes).toEqual([
      ['/teas', 'kinds/simple-kind-screens#SimpleKindListScreen', null],
      ['/tea_detail/:id', 'kinds/simple-kind-screens#SimpleKindDetailScreen', '/tea_detail/hongzao-guiyuan'],
    ]);

    run('node', ['scripts/new-kind.ts', '--remove', 'teas']);
    expect(run('git', ['status', '--porcelain', '-uall'])).toBe('?? probe.ts\n');
  });
});

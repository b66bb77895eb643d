/**
 * `npm run content -- export [dir]` (issue #29): writes the published content — kept in the database
 * since the console (docs/decisions/037-content-in-the-database.md) — back to files in content/'s
 * layout, so git can hold a reviewed copy and the content tests run on it:
 * `TEST_CONTENT_DIR=<dir> npx vitest run --project unit content`. Reads the configured database
 * (DATABASE_URL or SQLITE_PATH, as the server does). Media stay in content/media: they are not in the database.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentSources } from '../apps/server/src/content/content-sources.ts';
import { loadContent } from '../apps/server/src/content/load-content.ts';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { loadEnv, type Env } from '../apps/server/src/env.ts';

const USAGE = `用法：
  npm run content -- export [目录]   把数据库里已发布的内容按 content/ 的格式写成文件（默认写回 content/）
说明：读取 DATABASE_URL 或 SQLITE_PATH 指定的数据库；媒体文件不在数据库中，仍以 content/media 为准`;

/** Markdown as prettier writes it, so `npm run format:check` passes on an export; unchanged when prettier is not installed. */
async function prettierFormat(dir: string, seedDir: string, files: readonly string[], out: (line: string) => void): Promise<void> {
  let prettier: typeof import('prettier');
  try {
    prettier = await import('prettier');
  } catch {
    return;
  }
  const { readFileSync, writeFileSync } = await import('node:fs');
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    // A file as the seed holds it is prettier-clean already (format:check runs on content/).
    const seedFile = join(seedDir, file);
    if (existsSync(seedFile) && readFileSync(seedFile, 'utf8') === text) continue;
    // The repository's settings (an export outside it would otherwise get prettier's defaults).
    const options = (await prettier.resolveConfig(join(seedDir, file))) ?? {};
    const formatted = await prettier.format(text, { ...options, filepath: path });
    if (formatted !== text) {
      writeFileSync(path, formatted);
      out(`  已按 prettier 排版：${file}`);
    }
  }
}

/** Runs one command; returns the exit code and writes its answer (Chinese, for the operator) to `out`. */
export async function contentCommand(args: readonly string[], env: Env, out: (line: string) => void): Promise<number> {
  const [command, target, ...rest] = args;
  if (command !== 'export' || rest.length > 0) {
    out(command && command !== 'export' ? `未知命令：${command}\n${USAGE}` : USAGE);
    return 2;
  }
  const dir = resolve(target ?? env.CONTENT_DIR);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    out(`不是目录：${dir}\n${USAGE}`);
    return 2;
  }
  const db = openDatabase(env.DATABASE_URL, env.SQLITE_PATH);
  try {
    await migrate(db);
    const stored = await db.selectFrom('content_sources').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    if (Number(stored.n) === 0) {
      // A database that never started has no published content yet: import the seed as a start would.
      out('数据库里还没有内容，先导入种子（content/）');
      await loadContent(db, env.CONTENT_DIR);
    }
    const written = await contentSources(db, env.CONTENT_DIR).exportTo(dir);
    await prettierFormat(dir, env.CONTENT_DIR, written, out);
    out(
      written.length === 0
        ? `${dir} 与已发布的内容一致，没有写入文件`
        : `已把 ${written.length} 个文件写入 ${dir}：\n  ${written.join('\n  ')}`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  process.exitCode = await contentCommand(process.argv.slice(2), loadEnv(), (line) => process.stdout.write(`${line}\n`));
}

/**
 * `npm run new:kind -- <plural> [--label <中文名>]` (issue #28 item 4): makes a minimal read-only content
 * kind that loads, is searched, can be linked from Markdown (`[红枣桂圆茶](tea:hongzao-guiyuan)`), kept
 * in favourites and history, and has a list and a detail screen — with no further edit.
 * `npm run new:kind -- --remove <plural>` undoes it. See docs/adding-a-content-kind.md.
 *
 * It makes two new files (a sample item, the server declaration) and edits exactly two: the kind's
 * row in packages/core/src/content/public-kinds.ts and its line in apps/server/src/content/registry.ts.
 * The kind is served by the generic API (routes/simple-kind-routes.ts) and shown by the generic screens
 * (apps/web/src/features/kinds), whose routes config/routes.ts derives from the row.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.env.NEW_KIND_ROOT ?? join(new URL('../', import.meta.url).pathname);
const KINDS_FILE = 'packages/core/src/content/public-kinds.ts';
const REGISTRY_FILE = 'apps/server/src/content/registry.ts';
const TABLE_END = '} as const satisfies Record<string, PublicKindRow>;';
const SAMPLE_ID = 'hongzao-guiyuan';

/** The names a kind is made under: `teas` → kind `tea`, folder `teas`, declaration `teaKind`. */
export function kindNames(plural: string) {
  if (!/^[a-z]{2,20}s$/.test(plural)) throw new Error('类别名要用小写英文复数，如 teas（2 到 21 个字母，以 s 结尾）');
  const kind = plural.slice(0, -1);
  return {
    plural,
    kind,
    constName: `${kind}Kind`,
    declarationFile: `apps/server/src/${plural}/${kind}-kinds.ts`,
    contentDir: `content/${plural}`,
    // Spelt as prettier would, so format:check stays clean.
    row: (label: string) =>
      [
        `  ${kind}: {`,
        `    label: '${label}',`,
        `    detailPath: '/${kind}_detail/',`,
        '    searchable: true,',
        '    savable: true,',
        `    screens: { listPath: '/${plural}', title: '${label}', sample: '${SAMPLE_ID}' },`,
        '  },',
      ].join('\n'),
    importLine: `import { ${kind}Kind } from '../${plural}/${kind}-kinds.ts';`,
    entryLine: `  ${kind}Kind,`,
  };
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const write = (file: string, text: string) => {
  mkdirSync(join(ROOT, file, '..'), { recursive: true });
  writeFileSync(join(ROOT, file), text);
};

const SAMPLE = (label: string) => `---
id: ${SAMPLE_ID}
position: 0
name: 红枣桂圆茶
summary: 用红枣和桂圆煮的家常茶饮，味道甘甜（示例条目，请换成真实内容）。
---

这是“${label}”的示例条目，由 \`npm run new:kind\` 生成，请换成真实内容。

红枣桂圆茶是一道家常茶饮：红枣洗净去核，桂圆去壳，一同加水煮开后小火再煮一会儿即可，味道甘甜。

艾灸前后想喝点温热的饮品，可以先看看[灸前须知](notice:before-moxa)。
`;

const DECLARATION = (kind: string, plural: string, label: string) => `import { simpleKind } from '../content/simple-kind.ts';

/** ${label}: a simple read-only kind (content/${plural}/*.md), made by \`npm run new:kind\` (issue #28 item 4). */
export const ${kind}Kind = simpleKind('${kind}', '${plural}');
`;

export function addKind(plural: string, label = '新内容'): string[] {
  const n = kindNames(plural);
  if (!/^[\u4e00-\u9fff]{1,8}$/.test(label)) throw new Error('中文名要用 1 到 8 个汉字，如 --label 茶饮');
  const kinds = read(KINDS_FILE);
  if (new RegExp(`^  ${n.kind}: \\{`, 'm').test(kinds)) throw new Error(`类别 ${n.kind} 已经有了`);
  for (const f of [n.contentDir, n.declarationFile, `apps/server/src/${plural}`])
    if (existsSync(join(ROOT, f))) throw new Error(`${f} 已经存在，没有做任何改动`);
  if (!kinds.includes(TABLE_END)) throw new Error(`${KINDS_FILE} 里找不到表的结尾`);
  const registry = read(REGISTRY_FILE);
  const listEnd = registry.lastIndexOf('];');
  const lastImport = registry.lastIndexOf('\nimport ');
  if (listEnd < 0 || lastImport < 0) throw new Error(`${REGISTRY_FILE} 的格式不认识`);

  write(`${n.contentDir}/${SAMPLE_ID}.md`, SAMPLE(label));
  write(n.declarationFile, DECLARATION(n.kind, plural, label));
  write(KINDS_FILE, kinds.replace(TABLE_END, `${n.row(label)}\n${TABLE_END}`));
  const afterImport = registry.indexOf('\n', lastImport + 1);
  const withImport = registry.slice(0, afterImport + 1) + `${n.importLine}\n` + registry.slice(afterImport + 1);
  const end = withImport.lastIndexOf('];');
  write(REGISTRY_FILE, withImport.slice(0, end) + `${n.entryLine}\n` + withImport.slice(end));
  return [`${n.contentDir}/${SAMPLE_ID}.md`, n.declarationFile, KINDS_FILE, REGISTRY_FILE];
}

export function removeKind(plural: string): void {
  const n = kindNames(plural);
  const drop = (text: string, line: string) =>
    text
      .split('\n')
      .filter((l) => l !== line)
      .join('\n');
  const lines = read(KINDS_FILE).split('\n');
  const start = lines.indexOf(`  ${n.kind}: {`);
  if (start >= 0) lines.splice(start, lines.indexOf('  },', start) - start + 1);
  write(KINDS_FILE, lines.join('\n'));
  write(REGISTRY_FILE, drop(drop(read(REGISTRY_FILE), n.importLine), n.entryLine));
  rmSync(join(ROOT, n.contentDir), { recursive: true, force: true });
  rmSync(join(ROOT, `apps/server/src/${plural}`), { recursive: true, force: true });
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const remove = args.includes('--remove');
  const labelAt = args.indexOf('--label');
  const label = labelAt >= 0 ? args[labelAt + 1] : undefined;
  const name = args.find((a, i) => !a.startsWith('--') && (labelAt < 0 || i !== labelAt + 1));
  try {
    if (!name) throw new Error('用法：npm run new:kind -- <复数英文名> [--label 中文名]，或 npm run new:kind -- --remove <复数英文名>');
    if (remove) {
      removeKind(name);
      console.log(`已删除类别 ${name}`);
    } else {
      const files = addKind(name, label);
      console.log(`已生成类别 ${kindNames(name).kind}：\n${files.map((f) => `  ${f}`).join('\n')}`);
    }
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}

import { parse as parseYaml } from 'yaml';
import { expandSafetyFacts } from '../../safety/safety-facts.ts';
import type { Finding } from '../../console/console-contract.ts';

/**
 * The content source tree as the automated checks see it (issue #29): every file as written, parsed
 * into items with their raw fields (placeholders such as `{{safety:fever}}` not expanded), so a
 * finding can name the file, the item and the field path inside the item's source. Pure: no fs.
 */
export type SourceTree = ReadonlyMap<string, string>;
export type ContentFinding = Finding & { file: string; itemId: string | null };

export type ItemKind =
  | 'acupoint'
  | 'meridian'
  | 'scheme'
  | 'questionnaire'
  | 'disease'
  | 'disease-group'
  | 'notice'
  | 'notice-type'
  | 'problem'
  | 'problem-topic'
  | 'product'
  | 'product-type'
  | 'product-marketing'
  | 'video'
  | 'chart-view'
  | 'glossary'
  // Issue #30: the brand settings (brand.md) and real reviews (reviews/<id>.json).
  | 'brand'
  | 'review';

export type Json = Record<string, unknown>;

export type SourceItem = {
  kind: ItemKind;
  /** The item's own id (a point's code, a scheme's type). */
  id: string;
  file: string;
  /** The id findings carry: the editable item (a list file's element, or the whole file for schemes). */
  itemId: string;
  /** Prepended to field paths: a scheme is one element of the `schemes` item (`3.`). */
  prefix: string;
  data: Json;
  /** The raw Markdown body; null for JSON items. */
  body: string | null;
};

/** One string of an item, where it is, as written and with its safety placeholders rendered. */
export type Leaf = { path: string; raw: string; text: string };

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const list = <T = unknown>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
export const rec = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** Renders the safety placeholders; an unknown one is reported by the placeholder rule, so it stays as written here. */
export function rendered(text: string): string {
  try {
    return expandSafetyFacts(text);
  } catch {
    return text;
  }
}

/** A Markdown body as the reader sees it: link targets, images' sources and markup removed (close to the loader's plain text). */
export function markdownPlain(md: string): string {
  return md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)/gm, '')
    .replace(/[*_`]/g, '')
    .replace(/\s*\n\s*/g, '');
}

/** Every string in a value with its dot path. */
export function stringsOf(value: unknown, path = ''): { path: string; raw: string }[] {
  if (typeof value === 'string') return [{ path, raw: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, path ? `${path}.${i}` : String(i)));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringsOf(v, path ? `${path}.${k}` : k));
  return [];
}

/** The item's strings (front matter or JSON fields, then the body as `body`). */
export function leaves(item: SourceItem, only?: (path: string) => boolean): Leaf[] {
  let all = leafCache.get(item);
  if (!all) {
    const out = stringsOf(item.data);
    if (item.body !== null) out.push({ path: 'body', raw: item.body });
    all = out.map((l) => ({ ...l, text: rendered(l.path === 'body' ? markdownPlain(l.raw) : l.raw) }));
    leafCache.set(item, all);
  }
  return only ? all.filter((l) => only(l.path)) : all;
}
/** Rules ask for the same item's strings many times: they are computed once per item. */
const leafCache = new WeakMap<SourceItem, Leaf[]>();

/** All the item's text joined, as written (for "does it refer to …" questions). */
export const rawText = (item: SourceItem): string =>
  leaves(item)
    .map((l) => l.raw)
    .join('\n');
/** All the item's text joined, placeholders rendered (what the reader sees). */
export const shownText = (item: SourceItem): string =>
  leaves(item)
    .map((l) => l.text)
    .join('\n');

export type ParsedTree = {
  tree: SourceTree;
  items: SourceItem[];
  /** Files that could not be read as JSON or front matter + Markdown. */
  broken: ContentFinding[];
};

const JSON_LISTS: Record<string, { kind: ItemKind; key: string }> = {
  'meridians.json': { kind: 'meridian', key: 'code' },
  'diseases/groups.json': { kind: 'disease-group', key: 'id' },
  'notices/types.json': { kind: 'notice-type', key: 'id' },
  'problems/topics.json': { kind: 'problem-topic', key: 'id' },
  'products/types.json': { kind: 'product-type', key: 'id' },
  'charts/views.json': { kind: 'chart-view', key: 'id' },
  'glossary/terms.json': { kind: 'glossary', key: 'id' },
};
const MARKDOWN_FOLDERS: Record<string, ItemKind> = {
  diseases: 'disease',
  notices: 'notice',
  problems: 'problem',
  products: 'product',
  videos: 'video',
};

function parseJson(file: string, text: string, broken: ContentFinding[]): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    broken.push({
      file,
      itemId: null,
      rule: 'syntax',
      field: '',
      message: `文件格式有误，无法读取（${(err as Error).message.split('\n')[0]}），请检查括号、引号和逗号`,
      blocking: true,
    });
    return undefined;
  }
}

function parseMarkdown(file: string, text: string, broken: ContentFinding[]): { data: Json; body: string } | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  const fail = (why: string) => {
    broken.push({ file, itemId: null, rule: 'syntax', field: '', message: why, blocking: true });
    return null;
  };
  if (!m) return fail('文件开头须是用 --- 包起来的字段区，下面才是正文');
  // The loader renders placeholders before it parses the YAML; here they must survive as written, so
  // each is swapped for a private-use token that YAML reads as plain text, and swapped back after.
  const placeholders: string[] = [];
  const yaml = m[1]!.replace(/\{\{[^{}]*\}\}/g, (p) => `\uE000${placeholders.push(p) - 1}\uE001`);
  const restore = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.replace(/\uE000(\d+)\uE001/g, (_, i: string) => placeholders[Number(i)]!)
      : Array.isArray(v)
        ? v.map(restore)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, restore(x)]))
          : v;
  try {
    return { data: rec(restore(parseYaml(yaml, { strict: true, uniqueKeys: true }))), body: m[2]!.trim() };
  } catch (err) {
    return fail(`字段区格式有误（${(err as Error).message.split('\n')[0]}），请检查缩进和冒号`);
  }
}

/**
 * What one file holds, memoised by its text: the console checks a whole tree on every draft save and
 * only one file differs, so the YAML and JSON of the others are parsed once (items are never mutated).
 */
const parsedFiles = new Map<string, { items: SourceItem[]; broken: ContentFinding[] }>();
const MEMO_LIMIT = 4000;

function parseFile(file: string, text: string): { items: SourceItem[]; broken: ContentFinding[] } {
  const key = `${file}\u0000${text}`;
  const memo = parsedFiles.get(key);
  if (memo) return memo;
  const items: SourceItem[] = [];
  const broken: ContentFinding[] = [];
  const jsonList = (kind: ItemKind, key: string, itemOf?: (id: string, i: number) => { itemId: string; prefix: string }) => {
    const value = parseJson(file, text, broken);
    list(value).forEach((el, i) => {
      const data = rec(el);
      const id = str(data[key]) || String(i);
      const where = itemOf?.(id, i) ?? { itemId: id, prefix: '' };
      items.push({ kind, id, file, data, body: null, ...where });
    });
  };
  const slash = file.lastIndexOf('/');
  const folder = slash < 0 ? '' : file.slice(0, slash);
  const name = file.slice(slash + 1);
  if (folder === 'acupoints' && name.endsWith('.json')) jsonList('acupoint', 'code');
  else if (JSON_LISTS[file]) jsonList(JSON_LISTS[file].kind, JSON_LISTS[file].key);
  else if (file === 'constitution/schemes.json') jsonList('scheme', 'type', (_id, i) => ({ itemId: 'schemes', prefix: `${i}.` }));
  else if (file === 'constitution/questionnaire.json') {
    const value = parseJson(file, text, broken);
    if (value !== undefined)
      items.push({ kind: 'questionnaire', id: 'questionnaire', itemId: 'questionnaire', prefix: '', file, data: rec(value), body: null });
  } else if (folder === 'product-marketing' && name.endsWith('.json')) {
    const value = parseJson(file, text, broken);
    const id = name.slice(0, -'.json'.length);
    if (value !== undefined) items.push({ kind: 'product-marketing', id, itemId: id, prefix: '', file, data: rec(value), body: null });
  } else if (folder === 'reviews' && name.endsWith('.json')) {
    const value = parseJson(file, text, broken);
    const id = name.slice(0, -'.json'.length);
    if (value !== undefined) items.push({ kind: 'review', id, itemId: id, prefix: '', file, data: rec(value), body: null });
  } else if (file === 'brand.md') {
    const parsed = parseMarkdown(file, text, broken);
    if (parsed) items.push({ kind: 'brand', id: 'brand', itemId: 'brand', prefix: '', file, data: parsed.data, body: parsed.body });
  } else if (MARKDOWN_FOLDERS[folder] && name.endsWith('.md')) {
    const parsed = parseMarkdown(file, text, broken);
    const id = name.slice(0, -'.md'.length);
    if (parsed) items.push({ kind: MARKDOWN_FOLDERS[folder], id, itemId: id, prefix: '', file, data: parsed.data, body: parsed.body });
  } else if (name.endsWith('.json')) parseJson(file, text, broken);
  if (parsedFiles.size >= MEMO_LIMIT) parsedFiles.clear();
  const result = { items, broken };
  parsedFiles.set(key, result);
  return result;
}

/** Splits the tree into items; unreadable files become findings instead of throwing. */
export function parseTree(tree: SourceTree): ParsedTree {
  const items: SourceItem[] = [];
  const broken: ContentFinding[] = [];
  for (const file of [...tree.keys()].sort()) {
    const one = parseFile(file, tree.get(file)!);
    items.push(...one.items);
    broken.push(...one.broken);
  }
  return { tree, items, broken };
}

import { isDeepStrictEqual } from 'node:util';
import type { ItemSource } from '@moxa/core/console/console-contract';
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, type Node, type Pair } from 'yaml';
import { ContentError } from './content-kind.ts';

/**
 * One item's editable source inside its file, and the file with a changed source spliced back in
 * (issue #29). The text is as written: placeholders (`{{safety:fever}}`, `{{price}}`) stay placeholders,
 * so staff never bake a declared fact or a price into a text. What staff did not change keeps its bytes:
 * a Markdown file keeps every untouched front-matter key as written, a JSON list keeps every other
 * element, and an unchanged source gives back the file byte for byte.
 */

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
/** Placeholders are expanded before YAML is parsed, so raw front matter may not be YAML as written. */
const PLACEHOLDER = /\{\{[^{}\n]*\}\}/g;

type Tokens = { toToken: Map<string, string>; fromToken: Map<string, string> };
const newTokens = (): Tokens => ({ toToken: new Map(), fromToken: new Map() });
const tokenize = (text: string, t: Tokens) =>
  text.replace(PLACEHOLDER, (ph) => {
    let token = t.toToken.get(ph);
    if (!token) {
      token = `__moxa_placeholder_${t.toToken.size}__`;
      t.toToken.set(ph, token);
      t.fromToken.set(token, ph);
    }
    return token;
  });
const untokenize = (text: string, t: Tokens) => text.replace(/__moxa_placeholder_\d+__/g, (tok) => t.fromToken.get(tok) ?? tok);
const mapStrings = (value: unknown, f: (s: string) => string): unknown => {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
};
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type ParsedMarkdown = { tokenized: string; tokens: Tokens; doc: Document; fields: Record<string, unknown>; body: string };

function parseMarkdown(text: string, file: string): ParsedMarkdown {
  const m = FRONT_MATTER.exec(text);
  if (!m) throw new ContentError(`Invalid content in ${file}: the file must start with front matter between --- lines`);
  const tokens = newTokens();
  const tokenized = tokenize(m[1]!, tokens);
  const doc = parseDocument(tokenized, { uniqueKeys: true });
  if (doc.errors.length > 0)
    throw new ContentError(`Invalid content in ${file}: front matter is not valid YAML (${doc.errors[0]!.message.split('\n')[0]})`);
  const fields = mapStrings(doc.toJS(), (s) => untokenize(s, tokens));
  if (!isRecord(fields)) throw new ContentError(`Invalid content in ${file}: front matter is not a mapping`);
  return { tokenized, tokens, doc, fields, body: m[2]! };
}

/** Copies the old node's look onto a new one: flow or block collections, quoted scalars (so a diff shows only the change). */
function copyStyle(node: unknown, old: unknown) {
  if (isScalar(node)) {
    if (typeof node.value !== 'string') return;
    // A plain scalar may not start with `{`: a text opening with a placeholder is quoted, as content/ writes it.
    if (node.value.startsWith('__moxa_placeholder_')) node.type = Scalar.QUOTE_SINGLE;
    else if (
      isScalar(old) &&
      typeof old.value === 'string' &&
      old.type &&
      old.type !== Scalar.BLOCK_FOLDED &&
      old.type !== Scalar.BLOCK_LITERAL
    )
      node.type = old.type;
    return;
  }
  if (isSeq(node)) {
    if (isSeq(old)) node.flow = Boolean(old.flow);
    node.items.forEach((item, i) => copyStyle(item, isSeq(old) ? (old.items[i] ?? old.items.at(-1)) : undefined));
    return;
  }
  if (isMap(node)) {
    if (isMap(old)) node.flow = Boolean(old.flow);
    for (const pair of node.items as Pair<unknown, unknown>[]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      const oldPair = isMap(old)
        ? (old.items as Pair<unknown, unknown>[]).find((p) => (isScalar(p.key) ? p.key.value : p.key) === key)
        : undefined;
      copyStyle(pair.value, oldPair?.value);
    }
  }
}

/** One top-level `key: value` as YAML lines in the repository's style (flow lists `[a, b]`, flow maps `{ a: b }`). */
function renderPair(key: string, value: unknown, old: unknown, tokens: Tokens): string {
  const doc = new Document({ [key]: mapStrings(value, (s) => tokenize(s, tokens)) });
  const pair = (doc.contents as { items: Pair<unknown, unknown>[] }).items[0]!;
  copyStyle(pair.value, old);
  const padded = doc.toString({ lineWidth: 0, flowCollectionPadding: true });
  // The yaml library pads flow lists and maps alike; prettier (and content/) write `[a, b]` but `{ a: b }`.
  const unpadded = padded.replace(/\[ ([^\n]*?) \]/g, (_m, inner: string) => (inner.includes('{') ? `[ ${inner} ]` : `[${inner}]`));
  const text = isDeepStrictEqual(parseDocument(unpadded).toJS(), doc.toJS()) ? unpadded : padded;
  return untokenize(text, tokens);
}

/** A Markdown item's source: its front matter (placeholders as written) and its body. */
export function markdownSource(text: string, file: string): ItemSource {
  const { fields, body } = parseMarkdown(text, file);
  return { format: 'markdown', fields, body: body.trim() };
}

/**
 * The Markdown file with `source` in it: untouched keys keep their text, changed keys are rewritten in
 * place in the old key's style, removed keys go, new keys follow; a new file when `text` is undefined.
 */
export function spliceMarkdown(text: string | undefined, file: string, source: Extract<ItemSource, { format: 'markdown' }>): string {
  const body = source.body.trim().replace(/[ \t]+$/gm, '');
  if (text === undefined) {
    const tokens = newTokens();
    const fm = Object.entries(source.fields)
      .map(([k, v]) => renderPair(k, v, undefined, tokens))
      .join('');
    return `---\n${fm}---\n\n${body}\n`;
  }
  const old = parseMarkdown(text, file);
  const contents = old.doc.contents;
  if (!isMap(contents)) throw new ContentError(`Invalid content in ${file}: front matter is not a mapping`);
  const fmText = `${old.tokenized}\n`;
  const pairs = contents.items as Pair<Node, Node>[];
  const starts = pairs.map((p) => p.key.range![0]);
  let fm = fmText.slice(0, starts[0] ?? fmText.length);
  const seen = new Set<string>();
  pairs.forEach((pair, i) => {
    const key = String(isScalar(pair.key) ? pair.key.value : pair.key);
    seen.add(key);
    if (!Object.hasOwn(source.fields, key)) return;
    const slice = fmText.slice(starts[i], starts[i + 1] ?? fmText.length);
    fm += isDeepStrictEqual(source.fields[key], old.fields[key]) ? slice : renderPair(key, source.fields[key], pair.value, old.tokens);
  });
  for (const [key, value] of Object.entries(source.fields)) if (!seen.has(key)) fm += renderPair(key, value, undefined, old.tokens);
  const oldBody = old.body.trim();
  const tail = body === oldBody ? old.body : `\n${body}\n`;
  return `---\n${untokenize(fm, old.tokens).replace(/\n$/, '')}\n---\n${tail}`;
}

// ---- JSON ----------------------------------------------------------------------------------------

/** [start, end) of each element of the top-level array in `text`; null when the text is not one. */
function arrayElementRanges(text: string): [number, number][] | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const value = () => {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '[' || c === '{') {
      let depth = 0;
      do {
        const ch = text[i]!;
        if (ch === '"') {
          value();
          continue;
        }
        if (ch === '[' || ch === '{') depth++;
        else if (ch === ']' || ch === '}') depth--;
        i++;
      } while (depth > 0 && i < text.length);
    } else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  ws();
  if (text[i] !== '[') return null;
  i++;
  const out: [number, number][] = [];
  ws();
  if (text[i] === ']') return out;
  while (i < text.length) {
    ws();
    const start = i;
    value();
    out.push([start, i]);
    ws();
    if (text[i] === ',') i++;
    else break;
  }
  return out;
}

/** Display width as prettier measures it: CJK and full-width characters count 2. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\ud800-\udbff][\udc00-\udfff]/g;
const width = (s: string) => s.length + (s.match(WIDE)?.length ?? 0);
const PRINT_WIDTH = 140;

/** Which objects of a JSON text were written expanded (a line break after `{`): prettier keeps those expanded. */
type Shape = { expanded: boolean; keys: Map<string, Shape>; items: Shape[] };
function shapeOf(text: string): Shape | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): Shape => {
    const shape: Shape = { expanded: false, keys: new Map(), items: [] };
    ws();
    const c = text[i];
    if (c === '"') str();
    else if (c === '{') {
      i++;
      shape.expanded = /^[ \t]*\r?\n/.test(text.slice(i, i + 200));
      ws();
      while (text[i] === '"') {
        const key = str();
        ws();
        i++; // :
        shape.keys.set(key, value());
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      ws();
      while (i < text.length && text[i] !== ']') {
        shape.items.push(value());
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    return shape;
  };
  try {
    return value();
  } catch {
    return undefined;
  }
}

/** Whether prettier must break `value` whatever the width: an object written expanded, or a list of several many-entry objects (or lists), in it. */
function forcesBreak(value: unknown, shape: Shape | undefined): boolean {
  if (Array.isArray(value)) {
    const many = (v: unknown) => (Array.isArray(v) ? v.length > 1 : isRecord(v) && Object.keys(v).length > 1);
    if (value.length > 1 && (value.every((v) => isRecord(v) && many(v)) || value.every((v) => Array.isArray(v) && many(v)))) return true;
    return value.some((v, i) => forcesBreak(v, shape?.items[i]));
  }
  if (!isRecord(value)) return false;
  const entries = Object.entries(value);
  if (entries.length > 0 && shape?.expanded) return true;
  return entries.some(([k, v]) => forcesBreak(v, shape?.keys.get(k)));
}

/**
 * JSON printed as prettier prints it (printWidth 140): an object written expanded stays so, a list or
 * object on one line when it fits, else one entry a line; a list of several objects (or lists) of more
 * than one entry is always one a line. `shape` is the old text's, so an edit moves only what prettier would.
 */
function prettierJson(value: unknown, indent: string, prefix: number, suffix: number, shape?: Shape): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (!forcesBreak(value, shape)) {
      const flat = oneLineJson(value);
      if (indent.length + prefix + width(flat) + suffix <= PRINT_WIDTH) return flat;
    }
    const lines = value.map(
      (v, i) => `${inner}${prettierJson(v, inner, 0, i < value.length - 1 ? 1 : 0, shape?.items[i])}${i < value.length - 1 ? ',' : ''}`,
    );
    return `[\n${lines.join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  if (!forcesBreak(value, shape)) {
    const flat = oneLineJson(value);
    if (indent.length + prefix + width(flat) + suffix <= PRINT_WIDTH) return flat;
  }
  const lines = entries.map(([k, v], i) => {
    const key = `${JSON.stringify(k)}: `;
    const last = i === entries.length - 1;
    return `${inner}${key}${prettierJson(v, inner, width(key), last ? 0 : 1, shape?.keys.get(k))}${last ? '' : ','}`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** JSON.stringify's layout (every list and object expanded), as some content files are written. */
const expandedJson = (value: unknown, indent: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
/** Every entry on one line however long, as some hand-written lists are (diseases/groups.json). */
const oneLineJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(oneLineJson).join(', ')}]`
    : isRecord(value)
      ? Object.keys(value).length === 0
        ? '{}'
        : `{ ${Object.entries(value)
            .map(([k, v]) => `${JSON.stringify(k)}: ${oneLineJson(v)}`)
            .join(', ')} }`
      : JSON.stringify(value);

/** Prints `value` in the layout of `sample` (its old text): one line, JSON.stringify's, or prettier's. */
function printLike(
  value: unknown,
  indent: string,
  suffix: number,
  sample?: { text: string; value: unknown },
  expandedFile = false,
): string {
  if (expandedFile) return expandedJson(value, indent);
  if (sample && !sample.text.includes('\n') && oneLineJson(sample.value) === sample.text) return oneLineJson(value);
  const shape = sample && shapeOf(sample.text);
  const pretty = (v: unknown) => prettierJson(v, indent, 0, suffix, shape);
  if (sample && expandedJson(sample.value, indent) === sample.text && pretty(sample.value) !== sample.text)
    return expandedJson(value, indent);
  return pretty(value);
}

const lineIndent = (text: string, at: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', at - 1) + 1))![0];
const keyOf = (el: unknown, id: string) => isRecord(el) && (el.id === id || (el.id === undefined && el.code === id));

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ContentError(`Invalid content in ${file}: ${(err as Error).message}`);
  }
}

/** A whole-file list given back as `{ "0": …, "1": … }`: the list, refused unless keyed 0…n-1. */
function indexedList(value: Record<string, unknown>, file: string): unknown[] {
  const keys = Object.keys(value);
  if (!keys.every((k, i) => k === String(i)))
    throw new ContentError(`Invalid content in ${file}: the list's entries must be keyed 0, 1, 2, …`);
  return keys.map((k) => value[k]);
}

/** An element of a JSON list file (by `id`, or `code` for acupoints and meridians), or the whole file. */
export function jsonSource(text: string, file: string, id: string): ItemSource | null {
  const parsed = parseJson(text, file);
  if (Array.isArray(parsed)) {
    const el = parsed.find((e) => keyOf(e, id));
    // A file of its own holding a list (体质说明、调理方案): the list is the item, its elements keyed
    // "0", "1", … so a field path reads as into the list (`3.principle`, as the checks name it).
    if (el === undefined) return file.endsWith(`/${id}.json`) ? { format: 'json', value: { ...parsed } } : null;
    return { format: 'json', value: el as Record<string, unknown> };
  }
  return isRecord(parsed) ? { format: 'json', value: parsed } : null;
}

/**
 * The JSON file with `value` as the item's element (replaced in place, or appended to the list when
 * new) or as the whole file; other elements keep their bytes. `text` undefined: a new file of its own.
 */
export function spliceJson(text: string | undefined, file: string, id: string, value: Record<string, unknown>, asElement: boolean): string {
  if (text === undefined) return `${asElement ? prettierJson([value], '', 0, 0) : prettierJson(value, '', 0, 0)}\n`;
  const parsed = parseJson(text, file);
  if (!Array.isArray(parsed) || !asElement) {
    const whole = Array.isArray(parsed) ? indexedList(value, file) : value;
    if (isDeepStrictEqual(whole, parsed)) return text;
    const sample = { text: text.trimEnd(), value: parsed };
    return `${printLike(whole, '', 0, sample, expandedJson(parsed, '') === sample.text)}${text.endsWith('\n') ? '\n' : ''}`;
  }
  const ranges = arrayElementRanges(text);
  if (!ranges || ranges.length !== parsed.length) throw new ContentError(`Invalid content in ${file}: not a JSON list`);
  const index = parsed.findIndex((e) => keyOf(e, id));
  // A file in JSON.stringify's layout throughout (glossary, acupoints) keeps it even where prettier's would print the same.
  const expandedFile = expandedJson(parsed, '') === text.trimEnd();
  if (index >= 0) {
    if (isDeepStrictEqual(parsed[index], value)) return text;
    // Keys keep the element's order; new keys follow.
    const old = parsed[index] as Record<string, unknown>;
    const ordered = Object.fromEntries([
      ...Object.keys(old)
        .filter((k) => Object.hasOwn(value, k))
        .map((k) => [k, value[k]]),
      ...Object.entries(value).filter(([k]) => !Object.hasOwn(old, k)),
    ]);
    const [start, end] = ranges[index]!;
    const indent = lineIndent(text, start);
    const printed = printLike(
      ordered,
      indent,
      index < parsed.length - 1 ? 1 : 0,
      { text: text.slice(start, end), value: old },
      expandedFile,
    );
    return text.slice(0, start) + printed + text.slice(end);
  }
  if (ranges.length === 0) return `${prettierJson([value], '', 0, 0)}\n`;
  const [lastStart, lastEnd] = ranges.at(-1)!;
  const indent = lineIndent(text, lastStart);
  const printed = printLike(value, indent, 0, { text: text.slice(lastStart, lastEnd), value: parsed.at(-1) }, expandedFile);
  return `${text.slice(0, lastEnd)},\n${indent}${printed}${text.slice(lastEnd)}`;
}

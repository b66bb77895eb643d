import { findInternalLinks } from '../internal-links.ts';
import type { CheckContext, Rule } from './context.ts';
import { list, markdownPlain, str, stringsOf, type ItemKind, type SourceItem } from './source-tree.ts';

/**
 * Consistency between items (issue #14, #15, #16): every reference leads to an existing item, ids
 * match their files, names and places are unique, and every article has a real body.
 */

/** Kinds an article's internal links may lead to, and the kinds whose ids the checks know. */
const LINKABLE: Partial<Record<string, ItemKind>> = {
  acupoint: 'acupoint',
  disease: 'disease',
  notice: 'notice',
  problem: 'problem',
  product: 'product',
  video: 'video',
};
const HEALTH_LINKS = new Set(['acupoint', 'disease', 'notice', 'problem']);
const KIND_NAMES: Record<string, string> = {
  acupoint: '穴位',
  disease: '病症',
  notice: '须知',
  problem: '问答',
  product: '产品',
  video: '视频',
};

function checkLinks(ctx: CheckContext, item: SourceItem, allowed?: ReadonlySet<string>) {
  for (const link of findInternalLinks(item.body ?? '')) {
    const kind = LINKABLE[link.kind];
    if (allowed && !allowed.has(link.kind))
      ctx.add(item, 'link-kind', 'body', `这里不能链接到${KIND_NAMES[link.kind] ?? link.kind}（${link.kind}:${link.id}）`);
    else if (kind && !ctx.ids(kind).has(link.id) && !(kind === 'acupoint' && ctx.points.has(link.id.toUpperCase())))
      ctx.add(item, 'broken-link', 'body', `链接 ${link.kind}:${link.id} 指向的${KIND_NAMES[link.kind] ?? '内容'}不存在`);
  }
}

function minBody(ctx: CheckContext, item: SourceItem, min: number, what: string) {
  const n = markdownPlain(item.body ?? '').length;
  if (n < min) ctx.add(item, 'body-too-short', 'body', `${what}太短（${n} 字），至少写 ${min} 个字`);
}

function checkRelated(ctx: CheckContext, item: SourceItem, kind: ItemKind, what: string) {
  const ids = ctx.ids(kind);
  list(item.data.related).forEach((r, i) => {
    const id = str(r);
    if (id === item.id) ctx.add(item, 'related', `related.${i}`, `相关${what}不能是它自己`);
    else if (!ids.has(id)) ctx.add(item, 'unknown-reference', `related.${i}`, `相关${what}「${id}」不存在`);
  });
}

/** A field listing ids of another kind: every one must exist. */
function idList(ctx: CheckContext, item: SourceItem, field: string, kind: ItemKind) {
  const ids = ctx.ids(kind);
  list(item.data[field]).forEach((id, i) => {
    if (!ids.has(str(id))) ctx.add(item, 'unknown-reference', `${field}.${i}`, `关联的${KIND_NAMES[kind] ?? '内容'}「${str(id)}」不存在`);
  });
}

function inGroup(ctx: CheckContext, item: SourceItem, field: string, kind: ItemKind, what: string) {
  const id = str(item.data[field]);
  if (!ctx.ids(kind).has(id)) ctx.add(item, 'unknown-reference', field, `${what}「${id}」不存在，请从已有的${what}里选`);
}

const references: Rule = (ctx) => {
  for (const item of ctx.parsed.items)
    if (item.body !== null && str(item.data.id) !== item.id) ctx.add(item, 'id-mismatch', 'id', `编号须与文件名一致（${item.id}）`);

  const names = new Map<string, string>();
  const places = new Map<string, string>();
  for (const d of ctx.of('disease')) {
    inGroup(ctx, d, 'group', 'disease-group', '病症分组');
    const name = str(d.data.name);
    if (names.has(name)) ctx.add(d, 'unique-name', 'name', `病症名「${name}」已被 ${names.get(name)} 使用`);
    names.set(name, d.id);
    const place = `${str(d.data.group)}:${str(d.data.position)}`;
    if (places.has(place))
      ctx.add(d, 'unique-position', 'position', `同一分组里排序号 ${str(d.data.position)} 已被 ${places.get(place)} 使用`);
    places.set(place, d.id);
    minBody(ctx, d, 70, '概述');
    checkLinks(ctx, d, HEALTH_LINKS);
  }
  for (const n of ctx.of('notice')) {
    inGroup(ctx, n, 'type', 'notice-type', '须知分类');
    minBody(ctx, n, 180, '正文');
    checkLinks(ctx, n, HEALTH_LINKS);
    checkRelated(ctx, n, 'notice', '须知');
  }
  for (const p of ctx.of('problem')) {
    inGroup(ctx, p, 'topic', 'problem-topic', '问答分类');
    minBody(ctx, p, 50, '回答');
    checkLinks(ctx, p, HEALTH_LINKS);
    checkRelated(ctx, p, 'problem', '问答');
  }
  for (const item of [...ctx.of('product'), ...ctx.of('video')]) checkLinks(ctx, item);
  for (const v of ctx.of('video')) {
    if (!(Number(v.data.duration) >= 20)) ctx.add(v, 'video-duration', 'duration', '视频时长至少 20 秒');
    idList(ctx, v, 'products', 'product');
    idList(ctx, v, 'diseases', 'disease');
    idList(ctx, v, 'acupoints', 'acupoint');
  }
  for (const p of ctx.of('product')) idList(ctx, p, 'videos', 'video');
  const codes = new Map<string, string>();
  for (const p of ctx.of('acupoint')) {
    if (codes.has(p.id)) ctx.add(p, 'unique-code', 'code', `穴位编号 ${p.id} 在 ${codes.get(p.id)} 里已经有了`);
    codes.set(p.id, p.file);
  }
};

/** Chinese prose takes full-width punctuation: an ASCII comma between Chinese characters. */
const fullWidth: Rule = (ctx) => {
  const strict = (item: SourceItem) => item.kind === 'acupoint' || item.kind === 'meridian' || item.kind === 'scheme';
  for (const item of ctx.parsed.items) {
    const leaf = [...(item.body === null ? [] : [{ path: 'body', raw: item.body }]), ...stringsOf(item.data)].find((l) =>
      /[\u4e00-\u9fff],[\u4e00-\u9fff]/.test(l.raw),
    );
    if (leaf) ctx.add(item, 'full-width', leaf.path, '中文里请用全角逗号“，”，不要用英文逗号“,”', strict(item));
  }
};

export const REFERENCE_RULES: Rule[] = [references, fullWidth];

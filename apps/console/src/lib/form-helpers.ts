import type { Finding, ItemSource } from '@moxa/core/console/console-contract';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';

/**
 * Helpers of the item editor (issue #29): findings of the automated checks placed at their field,
 * the submit rule, the form's schema, and sources as text for the diff of two versions.
 */

/** Where a finding shows: the Markdown body, a form field (dot path), or the item as a whole. */
export type FindingPlace = 'body' | 'field' | 'item';

export function findingPlace(source: ItemSource['format'], f: Finding): FindingPlace {
  if (f.field === '') return 'item';
  if (source === 'markdown' && (f.field === 'body' || f.field.startsWith('body.'))) return 'body';
  return 'field';
}

/** A draft with a blocking finding cannot be submitted (issue #29 "Editorial workflow"). */
export const hasBlocking = (findings: readonly Finding[]): boolean => findings.some((f) => f.blocking);

/** The text shown for a finding: its reason, and whether it stops the submit. */
export const findingText = (f: Finding): string => `${f.blocking ? '【须修改】' : '【提醒】'}${f.message}`;

/** Splits `a.0.b` (or `a[0].b`) into its keys. */
export function pathKeys(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((k) => k !== '');
}

/**
 * Findings on form fields as rjsf's `extraErrors`: each message at its dot path, so the form shows
 * it under that field. Paths are into the form's data (front matter fields or the JSON item).
 */
export function findingsToErrorSchema(format: ItemSource['format'], findings: readonly Finding[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const f of findings) {
    if (findingPlace(format, f) !== 'field') continue;
    let node = root;
    for (const key of pathKeys(f.field)) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(findingText(f));
  }
  return root as ErrorSchema;
}

/** Whether the form's schema has a property at this dot path (a finding elsewhere is listed above the form). */
export function schemaHasPath(schema: RJSFSchema | null, path: string): boolean {
  if (!schema) return false;
  let node: RJSFSchema | undefined = schema;
  for (const key of pathKeys(path)) {
    if (!node || typeof node !== 'object') return false;
    if (node.type === 'array' || node.items) {
      const items: unknown = node.items;
      node = (Array.isArray(items) ? items[0] : items) as RJSFSchema | undefined;
      if (!/^\d+$/.test(key)) return false;
      continue;
    }
    const next: unknown = node.properties?.[key];
    if (!next || typeof next !== 'object') return false;
    node = next as RJSFSchema;
  }
  return true;
}

/**
 * The JSON schema the API returns (zod's toJSONSchema) made ready for the form: the `$schema`
 * marker dropped (the form does not need the meta-schema) and each property given a Chinese label
 * when it has no title of its own.
 */
export function formSchema(schema: Record<string, unknown> | null): RJSFSchema | null {
  if (!schema) return null;
  const copy = structuredClone(schema) as RJSFSchema;
  delete copy.$schema;
  const label = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as RJSFSchema;
    for (const [key, child] of Object.entries(n.properties ?? {})) {
      if (child && typeof child === 'object') {
        const c = child as RJSFSchema;
        if (!c.title && FIELD_LABELS[key]) c.title = FIELD_LABELS[key];
        label(c);
      }
    }
    if (n.items && typeof n.items === 'object' && !Array.isArray(n.items)) label(n.items);
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const sub of n[k] ?? []) label(sub);
  };
  label(copy);
  return copy;
}

/** Chinese labels for the field names the content kinds share (the schemas name fields in English). */
export const FIELD_LABELS: Record<string, string> = {
  id: '编号',
  title: '标题',
  name: '名称',
  summary: '摘要',
  description: '描述',
  price: '价格',
  priceCents: '价格（分）',
  originalPrice: '原价',
  specs: '规格',
  spec: '规格',
  images: '图片',
  image: '图片',
  cover: '封面',
  poster: '封面',
  tags: '标签',
  order: '排序',
  category: '分类',
  approvalNumber: '批准文号',
  points: '穴位',
  prescriptions: '灸方',
  method: '灸法',
  minutes: '时长（分钟）',
  cautions: '注意事项',
  aliases: '别名',
  keywords: '搜索词',
  question: '问题',
  answer: '回答',
  publishedAt: '发布时间',
  startsAt: '开始时间',
  endsAt: '结束时间',
  body: '正文',
  url: '链接',
  code: '代码',
  location: '定位',
  meridian: '经络',
  term: '词条',
  definition: '释义',
  type: '类型',
  position: '排列位置',
  unit: '单位',
  usage: '使用方法',
  suits: '适合人群',
  notSuits: '不适合人群',
  src: '文件',
  alt: '图片说明',
  value: '内容',
  label: '名称',
  text: '文字',
  note: '备注',
  links: '链接',
  steps: '步骤',
  warnings: '警示',
  duration: '时长',
  frequency: '频次',
  signs: '表现',
  redFlags: '须就医的情况',
  advice: '建议',
  addPoints: '加灸穴位',
  prescription: '灸方',
  patterns: '证型',
  symptoms: '症状',
  group: '分组',
  distance: '距离',
  seeDoctor: '就医提示',
  course: '疗程',
  everydayNames: '日常叫法',
  faq: '常见问题',
  region: '部位',
  effects: '作用',
  level: '程度',
  methods: '灸法',
  gallery: '图片',
  videos: '视频',
  products: '产品',
  // Issue #30: the video's files and the brand settings (decision 042).
  video: '视频文件',
  subtitles: '字幕',
  serviceWechatQr: '客服微信二维码',
  companyName: '公司名称',
  address: '地址',
  servicePhone: '客服电话',
  icpNumber: 'ICP备案号',
  share: '分享卡片',
  store: '购买链接',
  miniProgram: '小程序',
  appId: '小程序 AppID',
  path: '页面路径',
};

/** A source as text for a line diff: front matter (sorted JSON) then the Markdown body. */
export function sourceText(source: ItemSource): string {
  if (source.format === 'json') return `${stableJson(source.value)}\n`;
  return `${stableJson(source.fields)}\n---\n${source.body.endsWith('\n') ? source.body : `${source.body}\n`}`;
}

/** JSON with object keys sorted, so two versions diff by content rather than by key order. */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value), null, 2);
}

/** The JSON editor's text parsed back into an item; a Chinese message when it is not a JSON object. */
export function parseJsonItem(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `JSON 格式不正确：${(e as Error).message}` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, message: 'JSON 须是一个对象（{ … }）' };
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** Whether two sources are the same (nothing to save). */
export const sameSource = (a: ItemSource, b: ItemSource): boolean => sourceText(a) === sourceText(b);

/**
 * The public content kinds (issue #28 §1): every kind a user opens on a page of its own, with its
 * Chinese name, the path of that page (the item's id is appended, URL-encoded), and whether search
 * covers it and favourites and history can keep it. The search kinds, the saved kinds, internal
 * links and the sanitiser's link protocols are derived from this one table; the server declaration
 * of the same name (`defineKind({ name, public: { title } })`, listed in
 * apps/server/src/content/registry.ts) carries the rest: schema, folder, cross-references, checks,
 * search document and title.
 *
 * Plain constants (no zod), so the web's small chunks can import them. A kind's name is lowercase
 * letters only, as it is the protocol of its Markdown links (`[足三里](acupoint:ST36)`). The order is
 * the order of search groups, search tabs and the favourites' filters: a new kind goes at the end.
 */
export type PublicKindRow = {
  /** The kind's Chinese name: search tabs and groups, favourites, history, the data export. */
  readonly label: string;
  /** The detail page: `${detailPath}${encodeURIComponent(id)}` (glossary: its place in the list). */
  readonly detailPath: string;
  /** Search covers it (its declaration has `search`). */
  readonly searchable: boolean;
  /** Favourites and history can keep it. */
  readonly savable: boolean;
  /**
   * A simple kind's screens (issue #28 item 4, `npm run new:kind`): the web derives two route rows from
   * this (apps/web/src/config/routes.ts), the list at `listPath` and the detail at `${detailPath}:id`,
   * both the generic screens of features/kinds; `sample` is an item id the accessibility sweeps open.
   */
  readonly screens?: { readonly listPath: string; readonly title: string; readonly sample: string };
};

export const PUBLIC_KINDS = {
  acupoint: { label: '穴位', detailPath: '/acupoint_detail/', searchable: true, savable: true },
  meridian: { label: '经络', detailPath: '/meridian_detail/', searchable: false, savable: false },
  disease: { label: '艾灸方法', detailPath: '/disease_detail/', searchable: true, savable: true },
  notice: { label: '灸前须知', detailPath: '/notice_detail/', searchable: true, savable: true },
  problem: { label: '产品问答', detailPath: '/problem_detail/', searchable: true, savable: true },
  product: { label: '产品', detailPath: '/product_detail/', searchable: true, savable: true },
  video: { label: '视频', detailPath: '/video_detail/', searchable: true, savable: true },
  // Issue #26: a term's place in the glossary list (`[同身寸](glossary:tongshencun)`).
  glossary: { label: '术语', detailPath: '/glossary?term=', searchable: true, savable: false },
} as const satisfies Record<string, PublicKindRow>;

export type PublicKind = keyof typeof PUBLIC_KINDS;
type Flag = 'searchable' | 'savable';
/** The kinds whose row sets `flag`, as a type: `KindsWith<'savable'>` is 'acupoint' | 'disease' | …. */
export type KindsWith<F extends Flag> = { [K in PublicKind]: (typeof PUBLIC_KINDS)[K][F] extends true ? K : never }[PublicKind];

/** Every public kind, in the table's order. */
export const PUBLIC_KIND_NAMES = Object.keys(PUBLIC_KINDS) as PublicKind[];

export const isPublicKind = (s: string): s is PublicKind => Object.hasOwn(PUBLIC_KINDS, s);

/** The kinds whose row sets `flag`, in the table's order (non-empty, so zod can make an enum of them). */
export function kindsWith<F extends Flag>(flag: F): readonly [KindsWith<F>, ...KindsWith<F>[]] {
  return PUBLIC_KIND_NAMES.filter((k) => PUBLIC_KINDS[k][flag]) as unknown as readonly [KindsWith<F>, ...KindsWith<F>[]];
}

/** Each kind's Chinese name, for the given kinds. */
export const kindLabels = <K extends PublicKind>(kinds: readonly K[]): Record<K, string> =>
  Object.fromEntries(kinds.map((k) => [k, PUBLIC_KINDS[k].label])) as Record<K, string>;

/** The app path of one item's detail page. */
export const publicKindHref = (kind: PublicKind, id: string): string => `${PUBLIC_KINDS[kind].detailPath}${encodeURIComponent(id)}`;

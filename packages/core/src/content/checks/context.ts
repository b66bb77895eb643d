import { list, rec, str, type ContentFinding, type ItemKind, type Json, type ParsedTree, type SourceItem } from './source-tree.ts';

/** An acupoint's fields the rules read (the loader validates the full shape). */
export type PointView = {
  item: SourceItem;
  code: string;
  name: string;
  region: string;
  meridian: string;
  common: boolean;
  level: string;
  methods: string[];
  minutes: string;
  frequency: string;
  note: string;
  cautions: string[];
  indications: string[];
  /** The point's own safety wording: its moxibustion note and cautions, as written. */
  text: string;
};

export function pointView(item: SourceItem): PointView {
  const d = item.data;
  const moxa = rec(d.moxa);
  const note = str(moxa.note);
  const cautions = list(d.cautions).map(str);
  return {
    item,
    code: str(d.code),
    name: str(d.name),
    region: str(d.region),
    meridian: str(d.meridian),
    common: d.common === true,
    level: str(moxa.level),
    methods: list(moxa.methods).map(str),
    minutes: str(moxa.minutes),
    frequency: str(moxa.frequency),
    note,
    cautions,
    indications: list(d.indications).map(str),
    text: [note, ...cautions].join('；'),
  };
}

/** What every rule gets: the items, a point lookup, and where to put its findings. */
export class CheckContext {
  readonly findings: ContentFinding[] = [];
  readonly points: ReadonlyMap<string, PointView>;
  private readonly byKind = new Map<ItemKind, SourceItem[]>();
  readonly parsed: ParsedTree;

  constructor(parsed: ParsedTree) {
    this.parsed = parsed;
    for (const item of parsed.items) {
      const same = this.byKind.get(item.kind) ?? [];
      same.push(item);
      this.byKind.set(item.kind, same);
    }
    this.points = new Map(this.of('acupoint').map((i) => [str(i.data.code), pointView(i)]));
  }

  of(kind: ItemKind): SourceItem[] {
    return this.byKind.get(kind) ?? [];
  }

  ids(kind: ItemKind): ReadonlySet<string> {
    let ids = this.idSets.get(kind);
    if (!ids) this.idSets.set(kind, (ids = new Set(this.of(kind).map((i) => i.id))));
    return ids;
  }
  private readonly idSets = new Map<ItemKind, Set<string>>();

  /** A finding on an item's field (a dot path inside the item; '' for the item as a whole). */
  add(item: SourceItem, rule: string, field: string, message: string, blocking = true): void {
    this.findings.push({ file: item.file, itemId: item.itemId, rule, field: item.prefix + field, message, blocking });
  }

  /** A finding on a file as a whole (no item). */
  addFile(file: string, rule: string, message: string, blocking = true): void {
    this.findings.push({ file, itemId: null, rule, field: '', message, blocking });
  }
}

export type Rule = (ctx: CheckContext) => void;
export type { Json };

/** `「足三里」` for a point: its name, with the code when the name is missing. */
export const pointLabel = (p: PointView | undefined, code: string): string => (p?.name ? `「${p.name}」` : `「${code}」`);

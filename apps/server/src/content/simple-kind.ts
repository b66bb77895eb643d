import { PUBLIC_KINDS, publicKindHref, type PublicKind } from '@moxa/core/content/public-kinds';
import { SimpleKindItemSchema, type SimpleKindItem } from '@moxa/core/content/simple-kind-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { defineKind, readMarkdownItems, type AnyContentKind, type MarkdownFields, type PublicContentKind } from './content-kind.ts';

/** A simple kind's item once read: front matter, sanitised body and the links in it. */
export type SimpleKindRecord = SimpleKindItem & MarkdownFields;

const simpleKinds = new WeakSet<AnyContentKind>();

/**
 * The declaration of a simple read-only kind (issue #28 item 4): Markdown files in `content/<folder>/`
 * (front matter id, position, name, summary), titled by name, searched by name, its pinyin and summary,
 * its Markdown links checked like every kind's. Such kinds are served by routes/simple-kind-routes.ts;
 * a kind declared otherwise is not (its own routes serve it).
 */
export function simpleKind(name: PublicKind, folder: string): PublicContentKind<SimpleKindRecord> {
  const kind = defineKind<SimpleKindRecord>({
    name,
    public: { title: (d) => d.name },
    edit: {
      label: PUBLIC_KINDS[name].label,
      schema: SimpleKindItemSchema,
      creatable: true,
      paths: (id) => [publicKindHref(name, id)],
    },
    read: (dir) => readMarkdownItems(dir, folder, SimpleKindItemSchema),
    refs: (d) => d.links,
    search: (d) => ({
      id: d.id,
      name: d.name,
      pinyin: pinyinOf(d.name),
      codes: [],
      keywords: [d.summary],
      title: d.name,
      summary: d.summary,
    }),
  }) as PublicContentKind<SimpleKindRecord>;
  simpleKinds.add(kind);
  return kind;
}

export const isSimpleKind = (kind: AnyContentKind): kind is PublicContentKind<SimpleKindRecord> => simpleKinds.has(kind);

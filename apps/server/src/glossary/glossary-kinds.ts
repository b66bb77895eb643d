import { GlossaryTermSchema, type GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { ContentError, defineKind, readJsonList } from '../content/content-kind.ts';

/**
 * The glossary (术语, issue #26 "Plain words for jargon"): content/glossary/terms.json. Every name —
 * ids, terms and aliases — is unique across the list, so a word on a page names one explanation.
 */
export const glossaryKind = defineKind<GlossaryTerm>({
  name: 'glossary',
  public: { title: (t) => t.term },
  edit: { label: '术语', schema: GlossaryTermSchema, creatable: true, paths: (id) => [`/glossary?term=${encodeURIComponent(id)}`] },
  read: (dir) => readJsonList(dir, 'glossary/terms.json', GlossaryTermSchema),
  check(items) {
    const ids = new Set<string>();
    const names = new Map<string, string>();
    for (const { file, data: t } of items) {
      if (ids.has(t.id)) throw new ContentError(`Invalid content in ${file}: the id ${t.id} is used twice`);
      ids.add(t.id);
      for (const name of [t.term, ...t.aliases]) {
        const owner = names.get(name);
        if (owner !== undefined)
          throw new ContentError(
            `Invalid content in ${file}: “${name}” of ${t.id} is already a name of ${owner === t.id ? 'the same term' : owner}`,
          );
        names.set(name, t.id);
      }
    }
  },
  search: (t) => ({
    id: t.id,
    name: t.term,
    pinyin: pinyinOf(t.term),
    codes: [],
    aliases: t.aliases.map((name) => ({ name, pinyin: pinyinOf(name) })),
    keywords: [],
    title: t.term,
    summary: t.explanation,
  }),
});

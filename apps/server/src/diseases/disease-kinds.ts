import { DiseaseContentSchema, DiseaseGroupSchema, type DiseaseContent, type DiseaseGroup } from '@moxa/core/diseases/disease-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { z } from 'zod';
import {
  ContentError,
  defineKind,
  parseContent,
  readJson,
  readJsonList,
  readMarkdownItems,
  type MarkdownFields,
} from '../content/content-kind.ts';

/**
 * Moxibustion methods by condition (issue #15): groups and one Markdown file per condition, plus
 * the everyday words people type for each (issue #26: 颈椎病, 脖子疼, 拉稀 …) from
 * `diseases/everyday-names.json`, which search matches like names.
 */
export type DiseaseRecord = DiseaseContent & MarkdownFields & { everydayNames: string[] };

const EVERYDAY_FILE = 'diseases/everyday-names.json';
const EverydayNamesSchema = z.record(z.string(), z.array(z.string().trim().min(2).max(10)).max(24));

function readDiseases(dir: string) {
  const items = readMarkdownItems(dir, 'diseases', DiseaseContentSchema);
  const names = parseContent(EverydayNamesSchema, readJson(dir, EVERYDAY_FILE), EVERYDAY_FILE);
  const ids = new Set(items.map((it) => it.id));
  const owner = new Map<string, string>();
  for (const [id, list] of Object.entries(names)) {
    if (!ids.has(id)) throw new ContentError(`Invalid content in ${EVERYDAY_FILE}: no condition ${id}`);
    for (const name of list) {
      const other = owner.get(name);
      if (other) throw new ContentError(`Invalid content in ${EVERYDAY_FILE}: ${name} is given to both ${other} and ${id}`);
      owner.set(name, id);
    }
  }
  return items.map((it) => ({ ...it, data: { ...it.data, everydayNames: names[it.id] ?? [] } }));
}

/**
 * The everyday names of every condition as one item (issue #29 "What staff can edit": everyday search
 * names): the file is shared by all conditions, so staff edit it whole, as 日常叫法, through the same
 * draft → checks → review → publish as any content. The condition kind reads the same file for search.
 */
export const everydayNamesKind = defineKind<Record<string, string[]>>({
  name: 'everyday-names',
  edit: {
    label: '日常叫法（搜索用）',
    schema: EverydayNamesSchema,
    note: '每个病症的常用叫法，大家搜索时会这样输入；一个叫法只能给一个病症',
    paths: () => ['/search'],
  },
  read: (dir) => [
    { id: 'all', position: 0, file: EVERYDAY_FILE, data: parseContent(EverydayNamesSchema, readJson(dir, EVERYDAY_FILE), EVERYDAY_FILE) },
  ],
  refs: (d) => Object.keys(d).map((id) => ({ kind: 'disease', id })),
});

export const diseaseGroupKind = defineKind<DiseaseGroup>({
  name: 'disease-group',
  edit: {
    label: '病症分组',
    schema: DiseaseGroupSchema,
    creatable: true,
    paths: (id) => ['/disease_types', `/disease_list/${encodeURIComponent(id)}`],
  },
  read: (dir) => readJsonList(dir, 'diseases/groups.json', DiseaseGroupSchema),
});

export const diseaseKind = defineKind<DiseaseRecord>({
  name: 'disease',
  public: { title: (d) => d.name },
  // The everyday names come from diseases/everyday-names.json, a file shared by every condition.
  edit: {
    label: '病症与艾灸方法',
    schema: DiseaseContentSchema,
    creatable: true,
    note: '日常叫法是所有病症共用的一份清单，在「日常叫法（搜索用）」里编辑',
    paths: (id) => [`/disease_detail/${encodeURIComponent(id)}`],
  },
  read: readDiseases,
  refs: (d) => [
    { kind: 'disease-group', id: d.group },
    ...d.prescription.points.map((p) => ({ kind: 'acupoint', id: p.code })),
    ...d.patterns.flatMap((p) => (p.addPoints ?? []).map((code) => ({ kind: 'acupoint', id: code }))),
    ...d.links,
  ],
  search: (d) => ({
    id: d.id,
    name: d.name,
    pinyin: pinyinOf(d.name),
    codes: [],
    keywords: d.symptoms,
    // Other names and everyday words match like the name itself, so the condition ranks above
    // points whose indications merely contain the word (issue #26).
    aliases: [...d.aliases, ...d.everydayNames].map((name) => ({ name, pinyin: pinyinOf(name) })),
    title: d.name,
    summary: d.summary,
  }),
});

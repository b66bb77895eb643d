import { DiseaseContentSchema, DiseaseGroupSchema, type DiseaseContent, type DiseaseGroup } from '@moxa/core/diseases/disease-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { defineKind, readJsonList, readMarkdownItems, type MarkdownFields } from '../content/content-kind.ts';

/** Moxibustion methods by condition (issue #15): groups and one Markdown file per condition. */
export type DiseaseRecord = DiseaseContent & MarkdownFields;

export const diseaseGroupKind = defineKind<DiseaseGroup>({
  name: 'disease-group',
  read: (dir) => readJsonList(dir, 'diseases/groups.json', DiseaseGroupSchema),
});

export const diseaseKind = defineKind<DiseaseRecord>({
  name: 'disease',
  read: (dir) => readMarkdownItems(dir, 'diseases', DiseaseContentSchema),
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
    keywords: [...d.aliases, ...d.symptoms],
    title: d.name,
    summary: d.summary,
  }),
});

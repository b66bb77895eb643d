import { z } from 'zod';
import { ConstitutionDescriptionSchema, QuestionnaireSchema, SchemeSchema } from '@moxa/core/physical/physical-contract';
import { defineKind, parseContent, readJson, type ContentItem } from '../content/content-kind.ts';

/** The constitution documents (issue #5) as one content kind of three items (issue #14 §1). */
export type ConstitutionDocs = {
  questionnaire: z.infer<typeof QuestionnaireSchema>;
  types: z.infer<typeof ConstitutionDescriptionSchema>[];
  schemes: z.infer<typeof SchemeSchema>[];
};
type ConstitutionDoc = { [K in keyof ConstitutionDocs]: { doc: K; value: ConstitutionDocs[K] } }[keyof ConstitutionDocs];

const DOCS = {
  questionnaire: QuestionnaireSchema,
  types: z.array(ConstitutionDescriptionSchema).length(9),
  schemes: z.array(SchemeSchema).length(9),
} as const;

export const constitutionKind = defineKind<ConstitutionDoc>({
  name: 'constitution',
  // Three documents, each a whole file; the two lists are edited keyed 0…8 (item-source.ts).
  edit: {
    label: '体质测试',
    note: '问卷、九种体质说明、调理方案各是一整份文件，按 JSON 整份编辑（列表各项以 0、1、2… 编号）',
    paths: (id) =>
      id === 'questionnaire' ? ['/physical_question'] : id === 'schemes' ? ['/physical/conditioning_cheme?type=yangxu'] : ['/physical'],
  },
  read: (dir) =>
    (Object.keys(DOCS) as (keyof typeof DOCS)[]).map((doc, position): ContentItem<ConstitutionDoc> => {
      const file = `constitution/${doc}.json`;
      return { id: doc, position, file, data: { doc, value: parseContent(DOCS[doc], readJson(dir, file), file) } as ConstitutionDoc };
    }),
  refs: (d) => (d.doc === 'schemes' ? d.value.flatMap((s) => s.moxibustion.points.map((p) => ({ kind: 'acupoint', id: p.code }))) : []),
});

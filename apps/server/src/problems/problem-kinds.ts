import { ProblemContentSchema, ProblemTopicSchema, type ProblemContent, type ProblemTopic } from '@moxa/core/problems/problem-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { defineKind, readJsonList, readMarkdownItems, type MarkdownFields } from '../content/content-kind.ts';
import { richTextPlain } from '../content/markdown.ts';

/** Product Q&A (产品问答, issue #15): topics and one Markdown answer per question. */
export type ProblemRecord = ProblemContent & MarkdownFields;

export const problemTopicKind = defineKind<ProblemTopic>({
  name: 'problem-topic',
  edit: { label: '问答主题', schema: ProblemTopicSchema, creatable: true, paths: () => ['/problems'] },
  read: (dir) => readJsonList(dir, 'problems/topics.json', ProblemTopicSchema),
});

export const problemKind = defineKind<ProblemRecord>({
  name: 'problem',
  public: { title: (p) => p.question },
  edit: { label: '产品问答', schema: ProblemContentSchema, creatable: true, paths: (id) => [`/problem_detail/${encodeURIComponent(id)}`] },
  read: (dir) => readMarkdownItems(dir, 'problems', ProblemContentSchema),
  refs: (p) => [{ kind: 'problem-topic', id: p.topic }, ...p.related.map((id) => ({ kind: 'problem', id })), ...p.links],
  search: (p) => ({
    id: p.id,
    name: p.question,
    pinyin: pinyinOf(p.question),
    codes: [],
    keywords: [],
    title: p.question,
    summary: richTextPlain(p.body).slice(0, 60),
  }),
});

import { NoticeContentSchema, NoticeTypeSchema, type NoticeContent, type NoticeType } from '@moxa/core/notices/notice-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { defineKind, readJsonList, readMarkdownItems, type MarkdownFields } from '../content/content-kind.ts';

/** Pre-moxibustion notices (灸前须知, issue #15): types and Markdown articles. */
export type NoticeRecord = NoticeContent & MarkdownFields;

export const noticeTypeKind = defineKind<NoticeType>({
  name: 'notice-type',
  edit: {
    label: '须知分类',
    schema: NoticeTypeSchema,
    creatable: true,
    paths: (id) => ['/notice', `/notice_list/${encodeURIComponent(id)}`],
  },
  read: (dir) => readJsonList(dir, 'notices/types.json', NoticeTypeSchema),
});

export const noticeKind = defineKind<NoticeRecord>({
  name: 'notice',
  public: { title: (n) => n.title },
  edit: { label: '灸前须知', schema: NoticeContentSchema, creatable: true, paths: (id) => [`/notice_detail/${encodeURIComponent(id)}`] },
  read: (dir) => readMarkdownItems(dir, 'notices', NoticeContentSchema),
  refs: (n) => [{ kind: 'notice-type', id: n.type }, ...n.related.map((id) => ({ kind: 'notice', id })), ...n.links],
  search: (n) => ({
    id: n.id,
    name: n.title,
    pinyin: pinyinOf(n.title),
    codes: [],
    keywords: [n.summary],
    title: n.title,
    summary: n.summary,
  }),
});

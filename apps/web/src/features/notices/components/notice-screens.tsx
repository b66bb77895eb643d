import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import type { NoticeDetail } from '@moxa/core/notices/notice-contract';
import { Page } from '../../../components/page.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { LinkList, SearchEntry } from '../../../components/content-list.tsx';
import { GroupIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { useGlossaryMarks } from '../../../components/use-glossary-marks.tsx';
import { ReadAloud } from '../../../components/read-aloud.tsx';

import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNotice, useNoticeList, useNoticeTypes } from '../api/queries.ts';

/** Icons for the notice types of content/notices/types.json. */
const TYPE_ICONS: Record<string, string> = {
  prepare: 'list',
  method: 'flower',
  aftercare: 'drop',
  contraindications: 'shield',
  reactions: 'moon',
  safety: 'leaf',
};

/** `/notice` (issue #15): the notice types with how many articles each holds. */
export function NoticeHomeScreen() {
  const q = useNoticeTypes();
  return (
    <Page title="灸前须知">
      <SearchEntry type="notice" placeholder="搜索须知，如 晕灸、水疱" />
      <p className="intro">第一次艾灸前，请先读“灸前准备”和“禁忌人群与部位”。</p>
      <QueryState query={q} errorTitle="分类没有加载出来">
        {(types) => (
          <LinkList
            label="须知分类"
            rows={types.map((t) => ({
              to: `/notice_list/${t.id}`,
              icon: <GroupIcon name={TYPE_ICONS[t.id] ?? 'list'} />,
              title: t.name,
              subtitle: t.summary,
              extra: `${t.count}篇`,
            }))}
          />
        )}
      </QueryState>
      <Disclaimer />
    </Page>
  );
}

/** `/notice_list/{type}` (issue #15): one type's articles. */
export function NoticeListScreen() {
  const { type = '' } = useParams();
  const navigate = useNavigate();
  const list = useNoticeList(type);
  const name = useNoticeTypes().data?.find((t) => t.id === type)?.name;
  useDocumentTitle(name);
  return (
    <Page title={name ?? '灸前须知'}>
      <QueryState
        query={list}
        errorTitle="文章没有加载出来"
        notFound={{
          title: '没有找到这个分类',
          actions: [{ text: '全部须知', primary: true, onClick: () => void navigate('/notice') }],
        }}
        isEmpty={(d) => d.items.length === 0}
        empty={{ title: '这个分类的文章正在整理', actions: [{ text: '全部须知', onClick: () => void navigate('/notice') }] }}
      >
        {(d) => (
          <LinkList label="文章" rows={d.items.map((n) => ({ to: `/notice_detail/${n.id}`, title: n.title, subtitle: n.summary }))} />
        )}
      </QueryState>
      <Disclaimer />
    </Page>
  );
}

/** `/notice_detail/{id}` (issue #15, title 详情): the article and the ones related to it. */
export function NoticeDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useNotice(id);
  const kept: KeptItem | undefined = q.data && { kind: 'notice', id: q.data.id, title: q.data.title };
  useRecordView(kept);
  return (
    <Page title="详情" right={<FavoriteSlot item={kept} />}>
      <QueryState
        query={q}
        errorTitle="文章没有加载出来"
        notFound={{
          title: '没有找到这篇文章',
          description: '文章可能已调整，可以在灸前须知里找找。',
          actions: [{ text: '灸前须知', primary: true, onClick: () => void navigate('/notice') }],
        }}
      >
        {(n) => <Article n={n} />}
      </QueryState>
    </Page>
  );
}

function Article({ n }: { n: NoticeDetail }) {
  const text = useRef<HTMLDivElement>(null);
  // Issue #26: the article's jargon explained (first occurrence of each term).
  const [gloss, glossSheet] = useGlossaryMarks(useMemo(() => [n.body], [n.body]));
  return (
    <article>
      <div ref={text}>
        <header className="article-head">
          <span className="tag">{n.typeName}</span>
          <h2>{n.title}</h2>
        </header>
        <ReadAloud source={text} />
        <div className="card">
          <RichTextView value={n.body} gloss={gloss} opensPage />
        </div>
      </div>
      {n.related.length > 0 && (
        <>
          <h2 className="section-title">相关须知</h2>
          <LinkList label="相关须知" rows={n.related.map((r) => ({ to: `/notice_detail/${r.id}`, title: r.title, subtitle: r.summary }))} />
        </>
      )}
      <Disclaimer />
      {glossSheet}
    </article>
  );
}

import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import type { ProblemDetail } from '@moxa/core/problems/problem-contract';
import { Page } from '../../../components/page.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { LinkList, SearchEntry } from '../../../components/content-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { useGlossaryMarks } from '../../../components/use-glossary-marks.tsx';
import { ReadAloud } from '../../../components/read-aloud.tsx';

import { useProblem, useProblems, useProblemTopics } from '../api/queries.ts';

/** `/problems` (issue #15): every question, grouped by topic. */
export function ProblemsScreen() {
  const topics = useProblemTopics();
  const problems = useProblems();
  const both = {
    data: topics.data && problems.data ? { topics: topics.data, items: problems.data.items } : undefined,
    isError: topics.isError || problems.isError,
    error: topics.error ?? problems.error,
    refetch: () => Promise.all([topics.refetch(), problems.refetch()]),
  };
  return (
    <Page title="产品问答">
      <SearchEntry type="problem" placeholder="搜索问题，如 艾灸盒、多久灸一次" />
      <QueryState query={both} errorTitle="问答没有加载出来">
        {(d) => (
          <>
            {d.topics
              .filter((t) => t.count > 0)
              .map((t) => (
                <section key={t.id} aria-labelledby={`topic-${t.id}`}>
                  <h2 className="section-title" id={`topic-${t.id}`}>
                    {t.name}
                  </h2>
                  <LinkList
                    rows={d.items.filter((p) => p.topic === t.id).map((p) => ({ to: `/problem_detail/${p.id}`, title: p.question }))}
                  />
                </section>
              ))}
            {/* Inside the loaded state: below a list that replaces a shorter skeleton they would shift (CLS). */}
            <p className="intro">没有找到您的问题？可以在首页进入“在线咨询”，由顾问为您解答。</p>
            <Disclaimer />
          </>
        )}
      </QueryState>
    </Page>
  );
}

/** `/problem_detail/{id}` (issue #15, title 详情): the answer and related questions. */
export function ProblemDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useProblem(id);
  const kept: KeptItem | undefined = q.data && { kind: 'problem', id: q.data.id, title: q.data.question };
  useRecordView(kept);
  return (
    <Page title="详情" right={<FavoriteSlot item={kept} />}>
      <QueryState
        query={q}
        errorTitle="回答没有加载出来"
        notFound={{
          title: '没有找到这个问题',
          description: '问题可能已调整，可以在产品问答里找找。',
          actions: [{ text: '产品问答', primary: true, onClick: () => void navigate('/problems') }],
        }}
      >
        {(p) => <Answer p={p} />}
      </QueryState>
    </Page>
  );
}

function Answer({ p }: { p: ProblemDetail }) {
  const text = useRef<HTMLDivElement>(null);
  // Issue #26: the answer's jargon explained (first occurrence of each term).
  const [gloss, glossSheet] = useGlossaryMarks(useMemo(() => [p.body], [p.body]));
  return (
    <article>
      <div ref={text}>
        <header className="article-head">
          <span className="tag">{p.topicName}</span>
          <h2>{p.question}</h2>
        </header>
        <ReadAloud source={text} />
        <div className="card">
          <RichTextView value={p.body} gloss={gloss} />
        </div>
      </div>
      {p.related.length > 0 && (
        <>
          <h2 className="section-title">相关问题</h2>
          <LinkList label="相关问题" rows={p.related.map((r) => ({ to: `/problem_detail/${r.id}`, title: r.question }))} />
        </>
      )}
      <Disclaimer />
      {glossSheet}
    </article>
  );
}

import { Fragment, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import { restoresScroll } from '../../../lib/navigation.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import type { DiseaseDetail } from '@moxa/core/diseases/disease-contract';
import { Page } from '../../../components/page.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { Glossed, useGlossaryMarks } from '../../../components/use-glossary-marks.tsx';
import { Bullets, LinkList, SectionCard } from '../../../components/content-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { ReadAloud } from '../../../components/read-aloud.tsx';

import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useShareCard } from '../../../lib/share-card.ts';
import { useDisease } from '../api/queries.ts';
import { hasOwnNotice } from '../utils/own-notice.ts';
import { Link } from '../../../components/link.tsx';
import '../diseases.css';

/**
 * `/disease_detail/{id}` (issue #15): what the condition is, the moxibustion prescription point by
 * point (each a link to its acupoint), daily advice, who should not, and when to see a doctor instead.
 */
export function DiseaseDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useDisease(id);
  // A place on the page coming back (going back, a reload): the whole page at once (decision 048).
  const [restoring] = useState(restoresScroll);
  const kept: KeptItem | undefined = q.data && { kind: 'disease', id: q.data.id, title: q.data.name };
  useRecordView(kept);
  useDocumentTitle(q.data?.name);
  useShareCard(q.data && { title: `${q.data.name}：艾灸调理方法`, description: q.data.summary });
  return (
    <Page title={q.data?.name ?? '艾灸方法'} right={<FavoriteSlot item={kept} />}>
      <QueryState
        query={q}
        errorTitle="内容没有加载出来"
        notFound={{
          title: '没有找到这个病症',
          description: '内容可能已调整，可以搜索病症名称，或从分类里找。',
          actions: [
            { text: '搜索病症', primary: true, onClick: () => void navigate('/search/disease') },
            { text: '全部分类', onClick: () => void navigate('/disease_types') },
          ],
        }}
      >
        {(d) => <Detail d={d} whole={restoring} />}
      </QueryState>
    </Page>
  );
}

const LEVEL_NOTE = { suitable: null, caution: '慎灸', forbidden: '禁灸' } as const;

/**
 * The page in parts, a part per frame on a first visit (lib/use-revealed.ts, decision 048): what the
 * condition is paints first; the types, the prescription, the advice and who should not, and the rest
 * follow in frame-sized tasks instead of one long layout of several screens of text (issue #33 item 3).
 */
function Detail({ d, whole }: { d: DiseaseDetail; whole: boolean }) {
  const total = d.prescription.points.reduce((n, p) => n + p.minutes, 0);
  const text = useRef<HTMLElement>(null);
  // Issue #26: the texts whose jargon is explained, in the order the page shows them.
  const glossed = useMemo(() => [d.body, ...d.patterns.flatMap((p) => [p.signs, p.advice])], [d]);
  const [gloss, glossSheet] = useGlossaryMarks(glossed);
  const parts = [
    <Fragment key="head">
      <header className="dz-hero">
        <span className="tag">{d.groupName}</span>
        <h2>{d.name}</h2>
        <p>{d.summary}</p>
      </header>
      <ReadAloud source={text} />
      {/* Said once (issue #32 item 6): most conditions say it in their own words in 概述. */}
      {!hasOwnNotice(d.body) && (
        <p className="notice" role="note">
          本页为日常调理参考，不是诊断，也不能代替治疗。症状重、持续不好或出现下方“请及时就医”的情况，请先去医院。
        </p>
      )}
      <SectionCard title="概述">
        <RichTextView value={d.body} gloss={gloss} />
      </SectionCard>
      <SectionCard title="常见表现">
        <Bullets items={d.symptoms} />
      </SectionCard>
    </Fragment>,
    <Fragment key="patterns">
      {d.patterns.length > 0 && (
        <SectionCard title="常见类型（辨证）">
          {d.patterns.map((p) => (
            <div key={p.name} className="dz-pattern">
              <h3>{p.name}</h3>
              <p className="muted">
                <Glossed text={p.signs} gloss={gloss} />
              </p>
              <p>
                <Glossed text={p.advice} gloss={gloss} />
              </p>
            </div>
          ))}
        </SectionCard>
      )}
    </Fragment>,
    <Fragment key="plan">
      <SectionCard title="艾灸方案">
        <p className="muted small">按顺序施灸，每次约 {total} 分钟。点穴位名可查看定位和找穴方法。</p>
        <ol className="dz-points">
          {d.prescription.points.map((p, i) => (
            <li key={p.code} className="dz-point">
              <span className="dz-step" aria-hidden="true">
                {i + 1}
              </span>
              <div className="dz-point-body">
                <Link to={`/acupoint_detail/${p.code}`} className="dz-point-name">
                  {p.name}
                  <span className="dz-code">{p.code}</span>
                </Link>
                {LEVEL_NOTE[p.level] && <span className="tag dz-level">{LEVEL_NOTE[p.level]}</span>}
                <p>
                  {p.method} · {p.distance} · <strong>{p.minutes}分钟</strong>
                </p>
                {p.note && <p className="dz-point-note">{p.note}</p>}
              </div>
            </li>
          ))}
        </ol>
        <dl className="dz-plan">
          <dt>频次</dt>
          <dd>{d.prescription.frequency}</dd>
          <dt>疗程</dt>
          <dd>{d.prescription.course}</dd>
          {d.prescription.timing && (
            <>
              <dt>时间</dt>
              <dd>{d.prescription.timing}</dd>
            </>
          )}
        </dl>
        {/* Issue #18: the prescription as a guided session, point by point with a countdown. */}
        <Link className="btn btn-primary btn-block dz-session" to={`/moxa_session?disease=${encodeURIComponent(d.id)}`}>
          跟着灸：按方案开始
        </Link>
        {/* Issue #31: the prescription as a course (疗程) with reminders — a reminder, not a prescription. */}
        <Link className="btn btn-plain btn-block dz-course" to={`/course_new?scheme=${encodeURIComponent(`disease:${d.id}`)}`}>
          设置疗程提醒
        </Link>
      </SectionCard>
    </Fragment>,
    <Fragment key="safety">
      <SectionCard title="生活调养">
        <Bullets items={d.advice} />
      </SectionCard>
      <SectionCard title="哪些人不宜灸" tone="warn">
        <Bullets items={d.contraindications} />
      </SectionCard>
      <SectionCard title="注意事项" tone="warn">
        <Bullets items={d.cautions} />
      </SectionCard>
      <SectionCard title="出现以下情况，请及时就医" tone="danger">
        <Bullets items={d.redFlags} />
      </SectionCard>
    </Fragment>,
    <Fragment key="more">
      {d.related.length > 0 && (
        <>
          <h2 className="section-title">相关阅读</h2>
          <LinkList
            label="相关阅读"
            rows={d.related.map((r) => ({
              to: r.kind === 'notice' ? `/notice_detail/${r.id}` : `/disease_detail/${r.id}`,
              title: r.title,
              subtitle: r.kind === 'notice' ? '灸前须知' : '艾灸方法',
            }))}
          />
        </>
      )}
      <Disclaimer />
    </Fragment>,
  ];
  const [shown] = useRevealed(parts.length, whole);
  return (
    <>
      <article className="dz-detail" ref={text}>
        {parts.slice(0, shown)}
      </article>
      {glossSheet}
    </>
  );
}

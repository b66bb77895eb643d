import { Fragment, useDeferredValue, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { Glossed, useGlossaryMarks } from '../../../components/use-glossary-marks.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import { restoresScroll } from '../../../lib/navigation.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import { useNavigate, useParams } from 'react-router';
import type { AcupointDetail, AcupointSummary } from '@moxa/core/acupoints/acupoint-contract';
import { Page } from '../../../components/page.tsx';
import { ReadAloud } from '../../../components/read-aloud.tsx';

import { StatusView } from '../../../components/status-view.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAcupoint } from '../api/get-acupoint.ts';
import { usePointDiseases } from '../api/get-point-diseases.ts';
import { LinkList } from '../../../components/content-list.tsx';
import { EXTRA_GROUP } from '../hooks/use-meridian-names.ts';
import { regionLabel } from '../utils/grouping.ts';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { MoxaBadge } from './moxa-badge.tsx';
import { PointChart } from '../../../components/point-chart.tsx';
import { useCharts } from '../../../lib/charts.ts';
import { Chevron } from '../../../components/icons.tsx';
import { acupointPath, meridianPath } from './point-list.tsx';
import { Link } from '../../../components/link.tsx';
import '../acupoints.css';

/** `/acupoint_detail/{id}` (issue #4): everything needed to find a point and moxa it safely. */
export function AcupointDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useAcupoint(id);
  // The query store answers synchronously; the long page is rendered from a deferred copy, so React
  // builds it in small slices instead of one long task when the data arrives (issue #6 TBT).
  const data = useDeferredValue(q.data);
  // The chart views come with the page (the HTML preloads both reads): the page waits for them so the
  // point and its chart are drawn and laid out once, the chart in the first paint (issue #33).
  const charts = useCharts();
  // A place on the page coming back (going back, a reload): the whole page at once (decision 048).
  const [restoring] = useState(restoresScroll);
  useDocumentTitle(data?.name);
  const kept: KeptItem | undefined = data && { kind: 'acupoint', id: data.code, title: data.name };
  useRecordView(kept);

  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Page title="穴位详情">
        {missing ? (
          <StatusView
            kind="empty"
            title="没有找到这个穴位"
            description={`编号“${id}”不存在，可以按名称、拼音或病症搜索。`}
            actions={[
              { text: '搜索穴位', primary: true, onClick: () => void navigate('/acupoint_search') },
              { text: '穴位查询', onClick: () => void navigate('/acupoint') },
            ]}
          />
        ) : (
          <StatusView
            kind="error"
            title="穴位没有加载出来"
            description={errorMessage(q.error)}
            actions={[{ text: '重试', primary: true, onClick: () => void q.refetch() }]}
          />
        )}
      </Page>
    );
  }
  if (!data || (data.chart && charts.isPending)) {
    return (
      <Page title="穴位详情">
        <DetailSkeleton />
      </Page>
    );
  }
  return (
    <Page title={data.name} right={<FavoriteSlot item={kept} />}>
      <Detail p={data} whole={restoring} />
    </Page>
  );
}

/**
 * The page in parts, a part per frame on a first visit (lib/use-revealed.ts, decision 048): the name,
 * the chart and how to find the point paint first; what it treats, how to moxa it, the cautions and the
 * rest follow in frame-sized tasks instead of one long layout of 5–6 screens of Chinese text (issue #33
 * item 3). All of it is in within a few frames; nothing is left out.
 */
function Detail({ p, whole }: { p: AcupointDetail; whole: boolean }) {
  const forbidden = p.moxa.level === 'forbidden';
  const text = useRef<HTMLElement>(null);
  // Issue #26: the texts whose jargon is explained, in the order the page shows them.
  const glossed = useMemo(
    () => [forbidden ? p.moxa.note : null, p.location, p.findMethod, forbidden ? null : p.moxa.note, ...p.cautions, p.categoryNote],
    [p, forbidden],
  );
  const [gloss, glossSheet] = useGlossaryMarks(glossed);
  const parts = detailParts(p, gloss, text);
  const [shown] = useRevealed(parts.length, whole);
  return (
    <>
      <article className="acu-detail" ref={text}>
        {parts.slice(0, shown)}
      </article>
      {glossSheet}
    </>
  );
}

type Gloss = ReturnType<typeof useGlossaryMarks>[0];

function detailParts(p: AcupointDetail, gloss: Gloss, text: RefObject<HTMLElement | null>): ReactNode[] {
  const onMeridian = p.meridian !== EXTRA_GROUP.code;
  // The 12 regular meridians run on both sides of the body; GV and CV lie on the midline.
  const bilateral = onMeridian && p.meridian !== 'GV' && p.meridian !== 'CV';
  const forbidden = p.moxa.level === 'forbidden';
  return [
    <Fragment key="head">
      <header className="acu-hero">
        <div className="acu-hero-top">
          <h2 className="acu-hero-name">{p.name}</h2>
          <MoxaBadge level={p.moxa.level} large />
        </div>
        <p className="acu-hero-sub">
          <span className="acu-pinyin" lang="zh-Latn-pinyin">
            {p.pinyin}
          </span>
          <span className="acu-code acu-code-box">{p.code}</span>
        </p>
        {p.aliases?.length ? <p className="acu-hero-sub">又名 {p.aliases.map((a) => a.name).join('、')}</p> : null}
        <p className="acu-hero-links">
          <Link to={onMeridian ? meridianPath(p.meridian) : `/acupoint?group=${EXTRA_GROUP.code}`} className="chip acu-chip acu-chip-link">
            {p.meridianName ?? EXTRA_GROUP.name}
            <Chevron className="acu-chevron" />
          </Link>
          <span className="chip acu-chip acu-chip-plain">{regionLabel(p.region)}</span>
          {p.common && <span className="chip acu-chip acu-chip-plain">常用灸穴</span>}
        </p>
      </header>
      <ReadAloud source={text} />

      {forbidden && (
        <div className="acu-warn acu-warn-strong" role="alert">
          <WarnIcon />
          <div>
            <strong>此穴禁灸，请勿自行施灸</strong>
            {p.moxa.note && (
              <p>
                <Glossed text={p.moxa.note} gloss={gloss} />
              </p>
            )}
          </div>
        </div>
      )}

      {p.chart && (
        <section className="card acu-card" aria-label="穴位图示">
          {/* Right under the point's name: on the first screen, its largest paint (preloaded by the server). */}
          <PointChart mark={p.chart} name={p.name} bilateral={bilateral} eager />
        </section>
      )}

      <section className="card acu-card">
        <h3 className="acu-h">定位</h3>
        <p className="acu-text">
          <Glossed text={p.location} gloss={gloss} />
        </p>
      </section>

      <section className="card acu-card">
        <h3 className="acu-h">取穴方法</h3>
        <p className="acu-text">
          <Glossed text={p.findMethod} gloss={gloss} />
        </p>
      </section>
    </Fragment>,
    <Fragment key="moxa">
      <section className="card acu-card">
        <h3 className="acu-h">主治</h3>
        <p className="acu-tags">
          {p.indications.map((t) => (
            <span key={t} className="tag acu-tag">
              {t}
            </span>
          ))}
        </p>
      </section>

      <section className={`card acu-card acu-moxa acu-moxa-${p.moxa.level}`}>
        <h3 className="acu-h">
          艾灸方法 <MoxaBadge level={p.moxa.level} />
        </h3>
        {forbidden ? (
          <p className="acu-text">此穴不宜艾灸。{p.moxa.note}</p>
        ) : (
          <>
            {p.moxa.level === 'caution' && <p className="acu-caution-line">此穴需谨慎施灸，请先看下方注意事项。</p>}
            {p.moxa.methods.length > 0 && (
              <p className="acu-tags">
                {p.moxa.methods.map((m) => (
                  <span key={m} className="tag acu-tag">
                    {m}
                  </span>
                ))}
              </p>
            )}
            <dl className="kv acu-kv">
              {p.moxa.minutes && (
                <div>
                  <dt>每次时间</dt>
                  <dd>{p.moxa.minutes}</dd>
                </div>
              )}
              {p.moxa.frequency && (
                <div>
                  <dt>施灸频次</dt>
                  <dd>{p.moxa.frequency}</dd>
                </div>
              )}
            </dl>
            {p.moxa.note && (
              <p className="acu-text acu-note">
                <Glossed text={p.moxa.note} gloss={gloss} />
              </p>
            )}
            {p.moxa.methods.length > 0 && (
              // Issue #18: a session on this one point (a 慎灸 point asks for confirmation there).
              <Link className="btn btn-block" to={`/moxa_session?points=${encodeURIComponent(p.code)}`}>
                跟着灸这个穴位
              </Link>
            )}
          </>
        )}
      </section>
    </Fragment>,
    <Fragment key="cautions">
      <section className="acu-warn" aria-labelledby="acu-cautions">
        <WarnIcon />
        <div>
          <h3 id="acu-cautions" className="acu-h">
            注意事项
          </h3>
          <ul className="acu-cautions">
            {p.cautions.map((c) => (
              <li key={c}>
                <Glossed text={c} gloss={gloss} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {(p.categories.length > 0 || p.categoryNote) && (
        <section className="card acu-card">
          <h3 className="acu-h">特定穴</h3>
          {p.categories.length > 0 && (
            <p className="acu-tags">
              {p.categories.map((c) => (
                <span key={c} className="tag acu-tag acu-tag-cat">
                  {c}
                </span>
              ))}
            </p>
          )}
          {p.categoryNote && (
            <p className="acu-text muted">
              <Glossed text={p.categoryNote} gloss={gloss} />
            </p>
          )}
        </section>
      )}
    </Fragment>,
    <Fragment key="more">
      <PointDiseases code={p.code} />

      {(p.neighbours.prev || p.neighbours.next) && (
        <nav className="acu-neighbours" aria-label={onMeridian ? '同经上的相邻穴位' : '相邻的经外奇穴'}>
          <Neighbour point={p.neighbours.prev} dir="prev" />
          <Neighbour point={p.neighbours.next} dir="next" />
        </nav>
      )}

      <Disclaimer />
    </Fragment>,
  ];
}

function Neighbour({ point, dir }: { point: AcupointSummary | null; dir: 'prev' | 'next' }) {
  if (!point) return <span className="acu-neighbour acu-neighbour-empty" />;
  return (
    <Link to={acupointPath(point.code)} className={`acu-neighbour acu-neighbour-${dir}`} replace>
      <span className="acu-neighbour-dir">{dir === 'prev' ? '‹ 上一穴' : '下一穴 ›'}</span>
      <span className="acu-neighbour-name">{point.name}</span>
      <span className="acu-code">{point.code}</span>
    </Link>
  );
}

function WarnIcon() {
  return (
    <svg className="acu-warn-icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 3l10 18H2z" fill="currentColor" opacity="0.15" />
      <path d="M12 3l10 18H2z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function DetailSkeleton() {
  return (
    <div className="list-skeleton" aria-busy="true" aria-label="加载中">
      <div className="acu-hero">
        <span className="skeleton list-skeleton-line" style={{ width: '40%', height: 36 }} />
        <span className="skeleton list-skeleton-line list-skeleton-thin" style={{ width: '30%' }} />
      </div>
      <div className="card acu-card">
        <span className="skeleton acu-skeleton-block" />
      </div>
      <div className="card acu-card">
        <span className="skeleton list-skeleton-line" style={{ width: '80%' }} />
        <span className="skeleton list-skeleton-line" style={{ width: '65%' }} />
      </div>
    </div>
  );
}

/** Conditions whose prescriptions use this point, each a link to its method page (issue #15). */
function PointDiseases({ code }: { code: string }) {
  const q = usePointDiseases(code);
  const items = q.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="acu-diseases">
      <h3 className="section-title" id="acu-diseases">
        常用于调理
      </h3>
      <LinkList rows={items.map((d) => ({ to: `/disease_detail/${d.id}`, title: d.name, subtitle: d.summary }))} />
    </section>
  );
}

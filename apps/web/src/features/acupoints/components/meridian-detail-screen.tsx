import { useDeferredValue } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { MeridianDetail } from '@moxa/core/acupoints/meridian-contract';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCharts } from '../../../lib/charts.ts';
import { useMeridian } from '../api/get-meridian.ts';
import { groupByChartView } from '../utils/grouping.ts';
import { isFlowHourNow } from '../utils/meridian-hours.ts';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MeridianChart } from './meridian-chart.tsx';
import { PointList, PointRow } from './point-list.tsx';
import '../acupoints.css';

/** `/meridian_detail/{id}` (issue #4): a meridian's hour, course, indications, drawn path and points. */
export function MeridianDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useMeridian(id);
  // The query store answers synchronously; the long page is rendered from a deferred copy, so React
  // builds it in small slices instead of one long task when the data arrives (issue #6 TBT).
  const data = useDeferredValue(q.data);
  useDocumentTitle(data?.name);

  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Page title="经络详情">
        {missing ? (
          <StatusView
            kind="empty"
            title="没有找到这条经络"
            description="可以回到穴位查询，从十四经中选择。"
            actions={[{ text: '十四经', primary: true, onClick: () => void navigate('/acupoint') }]}
          />
        ) : (
          <StatusView
            kind="error"
            title="经络没有加载出来"
            description={errorMessage(q.error)}
            actions={[{ text: '重试', primary: true, onClick: () => void q.refetch() }]}
          />
        )}
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title="经络详情">
        <ListSkeleton rows={6} />
      </Page>
    );
  }
  return (
    <Page title={data.name}>
      <Meridian m={data} />
    </Page>
  );
}

const jumpTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

function Meridian({ m }: { m: MeridianDetail }) {
  const ruling = isFlowHourNow(m.flowHour, new Date());
  const hasChart = m.points.some((p) => p.chart);
  return (
    <article className="acu-detail">
      <header className="acu-hero">
        <h2 className="acu-hero-name acu-hero-name-md">{m.name}</h2>
        <p className="acu-hero-links">
          {m.organ && <span className="chip acu-chip acu-chip-plain">属{m.organ}</span>}
          <span className="chip acu-chip acu-chip-plain acu-code">{m.code}</span>
        </p>
        <p className="acu-text acu-summary">{m.summary}</p>
        {/* The page is long: let people jump straight to the drawn path and the points. */}
        <p className="acu-hero-links">
          {hasChart && (
            <button type="button" className="chip acu-chip acu-jump" onClick={() => jumpTo('acu-chart')}>
              看循行图 ↓
            </button>
          )}
          <button type="button" className="chip acu-chip acu-jump" onClick={() => jumpTo('acu-points')}>
            看 {m.points.length} 个穴位 ↓
          </button>
        </p>
      </header>

      {m.flowHour && (
        <section className={`card acu-card acu-hour${ruling ? ' acu-hour-now' : ''}`}>
          <h3 className="acu-h">
            子午流注
            {ruling && <span className="acu-now-tag">正当令</span>}
          </h3>
          <p className="acu-hour-time">{m.flowHour}</p>
          <p className="acu-text">{m.care}</p>
        </section>
      )}

      <section className="card acu-card">
        <h3 className="acu-h">循行</h3>
        <p className="acu-text">{m.course}</p>
      </section>

      <section className="card acu-card">
        <h3 className="acu-h">主治</h3>
        <p className="acu-tags">
          {m.indications.map((t) => (
            <span key={t} className="tag acu-tag">
              {t}
            </span>
          ))}
        </p>
      </section>

      <section className="card acu-card">
        <h3 className="acu-h">艾灸提示</h3>
        <p className="acu-text">{m.moxaTips}</p>
        {!m.flowHour && m.care && <p className="acu-text muted">{m.care}</p>}
      </section>

      <MeridianCharts m={m} />

      <h2 className="section-title acu-anchor" id="acu-points">
        经上穴位 <span className="muted small">共 {m.points.length} 穴，按循行顺序</span>
      </h2>
      <PointList label={`${m.name}的穴位`}>
        {m.points.map((p, i) => (
          <PointRow key={p.code} point={p} index={i + 1} meta={<span className="acu-code">{p.code}</span>} />
        ))}
      </PointList>
      <Disclaimer />
    </article>
  );
}

/** One figure per chart view that holds some of this meridian's points (issue #4 drawn path). */
function MeridianCharts({ m }: { m: MeridianDetail }) {
  const charts = useCharts();
  const numbered = m.points.map((p, i) => ({ ...p, order: i + 1 }));
  if (!numbered.some((p) => p.chart)) return null;
  if (charts.isPending) return <div className="card acu-card acu-chart-loading" aria-busy="true" aria-label="图示加载中" />;
  if (charts.isError) {
    return (
      <p className="acu-chart-failed">
        循行图没有加载出来。
        <button type="button" className="acu-link-btn" onClick={() => void charts.refetch()}>
          重试
        </button>
      </p>
    );
  }
  const views = new Map(charts.data.map((v) => [v.id, v]));
  const groups = groupByChartView(numbered).filter((g) => views.has(g.key));
  return (
    <>
      <h2 className="section-title acu-anchor" id="acu-chart">
        循行图 <span className="muted small">点圆点或下方名称看穴位</span>
      </h2>
      {groups.map((g) => {
        const view = views.get(g.key)!;
        return (
          <section key={g.key} className="card acu-card" aria-label={`${view.name}图`}>
            <h3 className="acu-h">
              {view.name} <span className="muted small">{g.items.length} 穴</span>
            </h3>
            <MeridianChart view={view} points={g.items} meridianName={m.name} />
          </section>
        );
      })}
    </>
  );
}

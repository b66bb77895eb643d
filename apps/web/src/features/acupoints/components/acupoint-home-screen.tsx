import { memo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AcupointSummary, Region } from '@moxa/core/acupoints/acupoint-contract';
import type { MeridianSummary } from '@moxa/core/acupoints/meridian-contract';
import { KEEP_SCROLL_STATE } from '../../../lib/navigation.ts';
import { Page } from '../../../components/page.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { acupointsQuery, useAcupoints } from '../api/get-acupoints.ts';
import { useMeridians } from '../api/get-meridians.ts';
import { EXTRA_GROUP, useMeridianNames } from '../hooks/use-meridian-names.ts';
import { groupByMeridian, groupByRegion, REGION_ORDER, regionLabel } from '../utils/grouping.ts';
import { isFlowHourNow, shortFlowHour } from '../utils/meridian-hours.ts';
import { ACUPOINT_TABS, parseRegion, parseTab, type AcupointTab } from '../utils/tabs.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { Chevron, SearchIcon } from '../../../components/icons.tsx';
import { PointList, PointRow, meridianPath } from './point-list.tsx';
import { Link } from '../../../components/link.tsx';
import '../acupoints.css';

/**
 * `/acupoint` 穴位查询 (issue #4), an entry page opened from a WeChat menu: a search entry and three
 * views — 经络 (14 meridians + 经外奇穴), 部位 (body regions) and 常用 (common moxibustion points).
 * The view, region and group live in the URL so back restores them.
 */
export function AcupointHomeScreen() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const group = params.get('group') === EXTRA_GROUP.code ? EXTRA_GROUP.code : null;
  const region = parseRegion(params.get('region'));
  const queryClient = useQueryClient();
  // The search screen searches the full list in the browser: start fetching it on touch.
  const prefetchAll = () => void queryClient.prefetchQuery(acupointsQuery());

  // Switching views replaces the entry (back leaves the page instead of stepping through tabs) and
  // starts the new view at the top; picking a region keeps the place so its list shows below.
  const setTab = (t: AcupointTab) => setParams(t === 'meridian' ? {} : { tab: t }, { replace: true });
  const setRegion = (r: Region) => setParams({ tab: 'region', region: r }, { replace: true, state: KEEP_SCROLL_STATE });

  if (group) {
    return (
      <Page title={EXTRA_GROUP.name}>
        <ExtraPoints />
      </Page>
    );
  }

  return (
    <Page title="穴位查询">
      <Link to="/acupoint_search" className="acu-search-entry" onPointerDown={prefetchAll}>
        <SearchIcon />
        <span>搜穴位名、拼音、编号或病症</span>
      </Link>
      <div className="acu-tabs" role="tablist" aria-label="查询方式">
        {ACUPOINT_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`acu-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="acu-tabpanel"
            className="acu-tab"
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="acu-tabpanel" role="tabpanel" aria-labelledby={`acu-tab-${tab}`}>
        {tab === 'meridian' && <MeridianTab />}
        {tab === 'region' && <RegionTab region={region} onPick={setRegion} />}
        {tab === 'common' && <CommonTab />}
      </div>
    </Page>
  );
}

function MeridianTab() {
  const { data, isPending, isError, error, refetch } = useMeridians();
  const now = useNow();
  if (isPending) return <ListSkeleton rows={7} />;
  if (isError)
    return (
      <StatusView
        kind="error"
        title="经络没有加载出来"
        description={errorMessage(error)}
        actions={[{ text: '重试', primary: true, onClick: () => void refetch() }]}
      />
    );
  return (
    <>
      <p className="acu-intro muted">十二正经加任脉、督脉，共十四经。点开可看循行、主治和经上穴位。</p>
      <ul className="acu-meridians" aria-label="十四经">
        {data.map((m) => (
          <MeridianCard key={m.code} m={m} ruling={now !== null && isFlowHourNow(m.flowHour, now)} />
        ))}
        <li>
          <Link to="/acupoint?group=EX" className="acu-meridian">
            <span className="char-badge acu-meridian-char acu-meridian-char-ex" aria-hidden="true">
              奇
            </span>
            <span className="acu-meridian-main">
              <span className="acu-meridian-name">经外奇穴</span>
              <span className="acu-meridian-meta">十四经以外、有固定名称和位置的穴位</span>
            </span>
            <Chevron className="acu-chevron" />
          </Link>
        </li>
      </ul>
    </>
  );
}

/**
 * One meridian row. Memoised: the list renders again right after the page is hydrated, when the clock
 * arrives (lib/use-now.ts) to mark the meridian 当令 now; only that row changes, so only it renders
 * again — not all fifteen in the task after hydration (issue #33 item 3, blocking time at start).
 */
const MeridianCard = memo(function MeridianCard({ m, ruling }: { m: MeridianSummary; ruling: boolean }) {
  const hour = shortFlowHour(m.flowHour);
  return (
    <li>
      <Link to={meridianPath(m.code)} className={`acu-meridian${ruling ? ' acu-meridian-now' : ''}`}>
        <span className="char-badge acu-meridian-char" aria-hidden="true">
          {(m.organ ?? m.shortName).slice(0, 1)}
        </span>
        <span className="acu-meridian-main">
          <span className="acu-meridian-name">
            {m.name}
            {ruling && <span className="acu-now-tag">正当令</span>}
          </span>
          <span className="acu-meridian-meta">
            {m.organ ? `属${m.organ}` : m.shortName} · {m.pointCount}穴{hour ? ` · ${hour}` : ''}
          </span>
        </span>
        <Chevron className="acu-chevron" />
      </Link>
    </li>
  );
});

function RegionTab({ region, onPick }: { region: Region | null; onPick: (r: Region) => void }) {
  return (
    <>
      <p className="acu-intro muted">选择身体部位，查看这里的穴位。</p>
      <div className="acu-regions" role="group" aria-label="身体部位">
        {REGION_ORDER.map((r) => (
          <button key={r} type="button" className="acu-region" aria-pressed={region === r} onClick={() => onPick(r)}>
            {regionLabel(r)}
          </button>
        ))}
      </div>
      {region ? <RegionPoints region={region} /> : <p className="acu-hint">↑ 请先点选一个部位</p>}
    </>
  );
}

function RegionPoints({ region }: { region: Region }) {
  const q = useAcupoints({ region });
  const meridianName = useMeridianNames();
  if (q.isPending) return <ListSkeleton />;
  if (q.isError)
    return (
      <StatusView
        kind="error"
        title="穴位没有加载出来"
        description={errorMessage(q.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void q.refetch() }]}
      />
    );
  if (q.data.length === 0) return <StatusView kind="empty" title="这个部位暂时没有穴位" />;
  return (
    <>
      <h2 className="section-title">
        {regionLabel(region)} <span className="muted small">共 {q.data.length} 穴</span>
      </h2>
      {groupByMeridian(q.data).map((g) => (
        <section key={g.key} className="acu-group" aria-label={meridianName(g.key)}>
          <h3 className="acu-group-title">{meridianName(g.key)}</h3>
          <PointList>
            {g.items.map((p) => (
              <PointRow key={p.code} point={p} />
            ))}
          </PointList>
        </section>
      ))}
    </>
  );
}

function CommonTab() {
  const q = useAcupoints({ common: true });
  const meridianName = useMeridianNames();
  if (q.isPending) return <ListSkeleton rows={7} />;
  if (q.isError)
    return (
      <StatusView
        kind="error"
        title="常用穴没有加载出来"
        description={errorMessage(q.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void q.refetch() }]}
      />
    );
  if (q.data.length === 0) return <StatusView kind="empty" title="暂时没有常用穴" />;
  return (
    <ByRegion points={q.data} meridianName={meridianName}>
      居家艾灸最常用的 {q.data.length} 个穴位，按部位排列。
    </ByRegion>
  );
}

function ExtraPoints() {
  const q = useAcupoints({ meridian: EXTRA_GROUP.code });
  if (q.isPending) return <ListSkeleton rows={7} />;
  if (q.isError)
    return (
      <StatusView
        kind="error"
        title="经外奇穴没有加载出来"
        description={errorMessage(q.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void q.refetch() }]}
      />
    );
  if (q.data.length === 0) return <StatusView kind="empty" title="暂时没有经外奇穴" />;
  return <ByRegion points={q.data}>经外奇穴不属于十四经，但有固定的名称和位置，共 {q.data.length} 穴，按部位排列。</ByRegion>;
}

/** A point list grouped by body region, under a one-line introduction. */
function ByRegion({
  points,
  meridianName,
  children,
}: {
  points: AcupointSummary[];
  meridianName?: (code: string) => string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="acu-intro muted">{children}</p>
      {groupByRegion(points).map((g) => (
        <section key={g.key} className="acu-group" aria-label={regionLabel(g.key)}>
          <h3 className="acu-group-title">{regionLabel(g.key)}</h3>
          <PointList>
            {g.items.map((p) => (
              <PointRow key={p.code} point={p} meridianName={meridianName?.(p.meridian)} />
            ))}
          </PointList>
        </section>
      ))}
    </>
  );
}

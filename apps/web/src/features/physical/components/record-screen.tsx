import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ConstitutionType } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_NAMES, CONSTITUTION_TYPES } from '@moxa/core/physical/constitution';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useRecords, type PhysicalRecordSummary } from '../api/get-records.ts';
import { usePendingResults } from '../hooks/use-local-results.ts';
import { useSaveLocalResult } from '../hooks/use-save-local-result.ts';
import { formatDate, formatDateTime } from '../utils/format.ts';
import { physicalStore, type LocalResult } from '../utils/physical-storage.ts';
import { headline } from '../utils/result-text.ts';
import { defaultTrendType, guideLines, trendSeries } from '../utils/trend.ts';
import { Chevron, Disclaimer, Skeleton } from './bits.tsx';
import { Link } from '../../../components/link.tsx';
import '../physical.css';

const TrendChart = lazy(() => import('./trend-chart.tsx'));

/**
 * /physical/record — the logged-in user's records (the route's guard runs the login check): a trend
 * of one type's converted score over time, the list, and results still waiting on this device.
 */
export function RecordScreen() {
  const navigate = useNavigate();
  const records = useRecords();
  const pending = usePendingResults();

  let body: React.ReactNode;
  if (records.isPending) body = <Skeleton cards={3} lines={3} />;
  else if (records.isError)
    body = (
      <StatusView
        kind="error"
        title="记录没有加载出来"
        description={errorMessage(records.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void records.refetch() }]}
      />
    );
  else if (records.data.length === 0)
    body =
      pending.length > 0 ? (
        <p className="phy-empty-line muted">保存后，结果就会出现在这里。</p>
      ) : (
        <StatusView
          kind="empty"
          title="还没有测试记录"
          description="做一次体质测试，了解自己的体质。登录状态下完成的测试会自动保存在这里。"
          actions={[{ text: '开始测试', primary: true, onClick: () => void navigate('/physical') }]}
        />
      );
  else
    body = (
      <>
        <Trend records={records.data} />
        <h2 className="section-title">全部记录（{records.data.length} 次）</h2>
        <ul className="card phy-record-list">
          {records.data.map((r) => (
            <li key={r.id}>
              <Link to={`/physical/detail?id=${encodeURIComponent(r.id)}`}>
                <span className="phy-record-main">
                  <span className="phy-record-date">{formatDateTime(r.createdAt)}</span>
                  <b className={r.result.primary ? 'phy-record-type' : 'phy-record-type is-none'}>{headline(r.result)}</b>
                  <span className="phy-record-conclusion">{r.result.conclusion}</span>
                </span>
                <Chevron />
              </Link>
            </li>
          ))}
        </ul>
        <div className="phy-actions">
          <Link className="btn btn-primary btn-block" to="/physical">
            再测一次
          </Link>
        </div>
      </>
    );

  return (
    <Page title="测试记录">
      {pending.length > 0 && <PendingResults pending={pending} />}
      {body}
      <Disclaimer />
      <div className="phy-actions phy-logout">
        <LogoutButton />
      </div>
    </Page>
  );
}

/**
 * Issue #5: results taken while logged out (or whose upload failed) are offered for saving. Issue #13
 * item 7: nothing taken while logged out is uploaded unless the user taps 保存 for it — on a shared
 * phone it may be someone else's — and it can be deleted instead.
 */
function PendingResults({ pending }: { pending: LocalResult[] }) {
  const { save } = useSaveLocalResult();
  const consent = useConsentGate('constitution');
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const [failed, setFailed] = useState<Record<string, string>>({});
  const onSave = async (entry: LocalResult) => {
    setSavingKey(entry.key);
    setFailed((f) => ({ ...f, [entry.key]: '' }));
    try {
      // Issue #27 item 15: only with the separate consent; 暂不保存 leaves it on this phone.
      if (await consent.run(() => save(entry))) void showToast('已保存到我的记录', 'success');
    } catch (e) {
      setFailed((f) => ({ ...f, [entry.key]: errorMessage(e) }));
    } finally {
      setSavingKey(null);
    }
  };
  const onDelete = async (entry: LocalResult) => {
    if (await showConfirm('删除这次结果？', '只删除这台手机上的这次结果，删除后无法恢复。', '删除')) physicalStore.removeResult(entry.key);
  };
  return (
    <section className="card phy-pending" aria-labelledby="phy-pending-title">
      <h2 id="phy-pending-title">这台手机上还有 {pending.length} 次结果没保存</h2>
      <p className="muted small phy-tight">可能是未登录时测的，请确认是您本人的再保存。保存后，换手机也能查看，也会计入下面的变化曲线。</p>
      <ul>
        {pending.map((p) => (
          <li key={p.key}>
            <Link to={`/physical/detail?local=${encodeURIComponent(p.key)}`} className="phy-pending-info">
              <b>{headline(p.result)}</b>
              <span className="small muted">{formatDateTime(p.createdAt)}</span>
              {failed[p.key] && (
                <span className="phy-error small" role="alert">
                  {failed[p.key]}
                </span>
              )}
            </Link>
            <span className="phy-pending-buttons">
              <button type="button" className="btn btn-primary" disabled={savingKey !== null} onClick={() => void onSave(p)}>
                {savingKey === p.key ? '保存中…' : failed[p.key] ? '重试' : '保存到记录'}
              </button>
              <button type="button" className="btn btn-plain" disabled={savingKey !== null} onClick={() => void onDelete(p)}>
                删除
              </button>
            </span>
          </li>
        ))}
      </ul>
      {consent.sheet}
    </section>
  );
}

function Trend({ records }: { records: PhysicalRecordSummary[] }) {
  const [picked, setPicked] = useState<ConstitutionType | null>(null);
  const type = picked ?? defaultTrendType(records);
  const series = useMemo(() => trendSeries(records, type), [records, type]);
  const guides = guideLines(type);
  const name = CONSTITUTION_NAMES[type];
  const latest = series.values.at(-1);
  return (
    <section className="card phy-trend" aria-labelledby="phy-trend-title">
      <h2 id="phy-trend-title">体质变化</h2>
      <div className="phy-chips" role="radiogroup" aria-label="选择体质">
        {CONSTITUTION_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={t === type}
            className={t === type ? 'chip phy-chip is-on' : 'chip phy-chip'}
            onClick={() => setPicked(t)}
          >
            {CONSTITUTION_NAMES[t].replace('质', '')}
          </button>
        ))}
      </div>
      <p className="phy-trend-caption">
        {name}转化分
        {latest !== undefined && (
          <>
            ，最近一次 <b>{latest.toFixed(1)}</b> 分
          </>
        )}
      </p>
      <div className="phy-trend-chart">
        <Suspense fallback={<div className="phy-chart-wait">图表加载中…</div>}>
          <TrendChart series={series} type={type} label={name} />
        </Suspense>
      </div>
      <p className="phy-legend">
        <span className="phy-legend-item">
          <span className="phy-key phy-key-solid" /> 转化分
        </span>
        {guides.map((g, i) => (
          <span key={g.value} className="phy-legend-item">
            <span className={i === guides.length - 1 ? 'phy-key phy-key-dash is-strong' : 'phy-key phy-key-dash'} />{' '}
            {type === 'pinghe' ? '60 分起可判为平和质' : g.value === 30 ? '30 分起为倾向' : '40 分起判定为是'}
          </span>
        ))}
      </p>
      {series.values.length < 2 && (
        <p className="muted small phy-tight">再测一次就能看到变化。建议每 3～6 个月测一次，或调理一段时间后再测。</p>
      )}
      {series.values.length >= 2 && (
        <p className="muted small phy-tight">
          共 {series.values.length} 次，从 {formatDate(series.dates[0]!)} 到 {formatDate(series.dates.at(-1)!)}
        </p>
      )}
    </section>
  );
}

import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ConstitutionDescription, ConstitutionType } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { APP_NAME } from '../../../config/app.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { checkLogin } from '../../../lib/login-check.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useTypes } from '../api/get-types.ts';
import { sourceQuery, useResultSource, type ResultView } from '../hooks/use-result-source.ts';
import { useSaveLocalResult } from '../hooks/use-save-local-result.ts';
import { formatDateTime, GENDER_LABELS } from '../utils/format.ts';
import { physicalStore } from '../utils/physical-storage.ts';
import { headline, schemeTypeFor } from '../utils/result-text.ts';
import { shareText } from '../utils/share-layout.ts';
import { Chevron, Disclaimer, Skeleton } from './bits.tsx';
import { ScaleTable } from './scale-table.tsx';
import '../physical.css';
import { shareLink, useShareCard, type ShareCard } from '../../../lib/share-card.ts';
import { Link } from '../../../components/link.tsx';

const RadarChart = lazy(() => import('./radar-chart.tsx'));
const SharePopup = lazy(() => import('./share-popup.tsx'));

/** The card shares the test, never this result: a constitution is health information (《个人信息保护法》). */
const TEST_CARD: ShareCard = {
  title: '测测您的中医体质',
  description: '依据《中医体质分类与判定》，九种体质，几分钟测完，附艾灸调理建议。',
  link: '/physical',
};

/** Spec §2: the route's title is 体质测试, so is the screen's (issue #32 item 6: it said 测试结果). */
const TITLE = '体质测试';

const DESCRIPTION_PARTS: [keyof ConstitutionDescription, string][] = [
  ['overall', '总体特征'],
  ['body', '形体特征'],
  ['signs', '常见表现'],
  ['mind', '心理特征'],
  ['tendency', '发病倾向'],
  ['adaptability', '适应能力'],
];

/**
 * /physical/detail — one result (issue #5): `?id=` a saved record, `?local=` or nothing a result
 * kept on this device.
 */
export function DetailScreen() {
  const source = useResultSource();
  const info = useLoginInfo();
  const navigate = useNavigate();

  if (source.kind === 'record') {
    const { query } = source;
    if (!info.token) {
      return (
        <Page title={TITLE}>
          <StatusView
            kind="empty"
            title="登录后查看这条记录"
            description="保存到“我的记录”的结果，需要登录后才能查看。"
            actions={[
              { text: '去登录', primary: true, onClick: () => void checkLogin() },
              { text: '开始测试', onClick: () => void navigate('/physical') },
            ]}
          />
        </Page>
      );
    }
    if (query.isPending) {
      return (
        <Page title={TITLE}>
          <Skeleton cards={3} lines={4} />
        </Page>
      );
    }
    if (query.isError) {
      const missing = query.error instanceof ApiError && query.error.status === 404;
      return (
        <Page title={TITLE}>
          <StatusView
            kind={missing ? 'empty' : 'error'}
            title={missing ? '没有找到这条测试记录' : '结果没有加载出来'}
            description={missing ? '它可能不属于当前登录的账号。' : errorMessage(query.error)}
            actions={
              missing
                ? [
                    { text: '我的测试记录', primary: true, onClick: () => void navigate('/physical/record') },
                    { text: '开始测试', onClick: () => void navigate('/physical') },
                  ]
                : [{ text: '重试', primary: true, onClick: () => void query.refetch() }]
            }
          />
        </Page>
      );
    }
    const r = query.data;
    return <ResultBody view={{ result: r.result, createdAt: r.createdAt, gender: r.gender, recordId: r.id }} />;
  }

  if (!source.view) {
    return (
      <Page title={TITLE}>
        <StatusView
          kind="empty"
          title={source.key ? '本机没有找到这次结果' : '还没有测试结果'}
          description={info.token ? '保存过的结果可以在“我的测试记录”里查看。' : '完成一次体质测试后，结果会显示在这里。'}
          actions={[
            { text: '开始测试', primary: true, onClick: () => void navigate('/physical') },
            ...(info.token ? [{ text: '我的测试记录', onClick: () => void navigate('/physical/record') }] : []),
          ]}
        />
      </Page>
    );
  }
  return <ResultBody view={source.view} />;
}

function ResultBody({ view }: { view: ResultView }) {
  const { result } = view;
  const types = useTypes();
  const info = useLoginInfo();
  const { save, isPending } = useSaveLocalResult();
  const consent = useConsentGate('constitution');
  const [sharing, setSharing] = useState(false);
  useShareCard(TEST_CARD);
  const [saveError, setSaveError] = useState<string | null>(null);
  const describe = (t: ConstitutionType) => types.data?.find((d) => d.type === t);
  const primary = result.primary ? describe(result.primary) : undefined;
  const pending = view.local && !view.local.savedId ? view.local : null;
  const schemeType = schemeTypeFor(result);
  const query = sourceQuery(view);

  const doSave = async () => {
    if (!pending) return;
    setSaveError(null);
    try {
      // Issue #27 item 15: saved to the account only with the separate consent; 暂不保存 keeps it here.
      if (await consent.run(() => save(pending))) void showToast('已保存到我的记录', 'success');
    } catch (e) {
      setSaveError(errorMessage(e));
    }
  };
  const onSave = async () => {
    if (!pending) return;
    if (!info.token) {
      // Issue #5: log in, come back here, and the save continues by itself.
      physicalStore.setSaveIntent(pending.key);
      await checkLogin();
      return;
    }
    await doSave();
  };

  // Back from logging in: finish the save the user asked for.
  useEffect(() => {
    if (info.token && pending && physicalStore.takeSaveIntent() === pending.key) void doSave();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once per login/result, not per render
  }, [info.token, pending?.key]);

  const share = useMemo(
    // The poster's QR code leads where the share card does: to the test, not to this private result.
    () => shareText({ result, createdAt: view.createdAt, summary: primary?.summary, appName: APP_NAME, link: shareLink(TEST_CARD) }),
    [result, view.createdAt, primary?.summary],
  );

  // Issue #26: when the answers decide nothing, the types are not offered as 兼有 or with a scheme.
  const others = result.undecided
    ? []
    : [...result.also.map((t) => ({ t, kind: '兼有' })), ...result.tendencies.map((t) => ({ t, kind: '倾向' }))];

  return (
    <Page title={TITLE}>
      <section className="phy-result-hero">
        <p className="phy-result-label">{result.primary ? '您的体质' : '测试结论'}</p>
        <h2 className={result.primary ? 'phy-result-name' : 'phy-result-name is-none'}>{headline(result)}</h2>
        {primary && <p className="phy-result-summary">{primary.summary}</p>}
        <p className="phy-result-conclusion">
          <span>判定结果</span>
          {result.conclusion}
        </p>
        <p className="phy-result-meta">
          {formatDateTime(view.createdAt)} · {GENDER_LABELS[view.gender]}
        </p>
      </section>

      {pending ? (
        <section className="card phy-save-card" aria-labelledby="phy-save-title">
          <h2 id="phy-save-title">这次结果只存在这台手机上</h2>
          <p className="muted">保存到“我的记录”后，换手机也能查看，还能看到体质的变化。</p>
          {saveError && (
            <p className="phy-error" role="alert">
              没有保存成功：{saveError}
            </p>
          )}
          <button type="button" className="btn btn-primary btn-block" disabled={isPending} onClick={() => void onSave()}>
            {isPending ? '正在保存…' : saveError ? '重试保存' : '保存到我的记录'}
          </button>
        </section>
      ) : view.local?.savedId ? (
        <p className="phy-saved-line">
          <span aria-hidden="true">✓</span> 已保存到我的记录
          {info.token && (
            <Link to="/physical/record" className="phy-inline-link">
              查看记录
            </Link>
          )}
        </p>
      ) : null}

      <section className="card">
        <h2>九种体质得分</h2>
        <div className="phy-radar">
          <Suspense fallback={<div className="phy-chart-wait">图表加载中…</div>}>
            <RadarChart scales={result.scales} />
          </Suspense>
        </div>
        <p className="phy-legend">
          <span className="phy-legend-item">
            <span className="phy-key phy-key-solid" /> 您的转化分
          </span>
          <span className="phy-legend-item">
            <span className="phy-key phy-key-dash" /> 40 分判定线（偏颇体质 ≥ 40 判定为“是”）
          </span>
        </p>
      </section>

      <section className="card">
        <h2>各项得分</h2>
        <ScaleTable scales={result.scales} />
        <Link className="phy-more-link" to={`/physical/computing_method${query ? `?${query}` : ''}`}>
          这些分数是怎么算出来的？
          <Chevron />
        </Link>
      </section>

      {result.primary && (
        <section className="card phy-desc">
          <h2>{CONSTITUTION_NAMES[result.primary]}的特点</h2>
          {types.isPending ? (
            <Skeleton inline lines={5} />
          ) : types.isError ? (
            <p className="muted">
              体质说明没有加载出来。
              <button type="button" className="phy-link-btn" onClick={() => void types.refetch()}>
                重试
              </button>
            </p>
          ) : primary ? (
            <dl>
              {DESCRIPTION_PARTS.map(([k, label]) => (
                <div key={k}>
                  <dt>{label}</dt>
                  <dd>{primary[k]}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
      )}

      {others.length > 0 && (
        <section className="card phy-others">
          <h2>{result.primary ? '还需要留意' : '您的体质倾向'}</h2>
          {others.map(({ t, kind }) => (
            <Link key={t} to={`/physical/conditioning_cheme?type=${t}`}>
              <span>
                <b>
                  {kind}
                  {CONSTITUTION_NAMES[t]}
                </b>
                <span className="small muted">{describe(t)?.summary ?? ''}</span>
              </span>
              <Chevron />
            </Link>
          ))}
        </section>
      )}

      {result.undecided && (
        <section className="card phy-undecided" aria-labelledby="phy-undecided-title">
          <h2 id="phy-undecided-title">这次的回答没有明显指向某一种体质</h2>
          <p>
            {result.also.map((t) => CONSTITUTION_NAMES[t]).join('、')}
            的得分相同或都偏高，常见于作答时各题选得差不多。体质要按最近一年的实际感受来答，所以这次不给出调理方案。
          </p>
          <p>建议找个安静的时间，逐题回想后重新测一次；也可以请顾问帮您看看。</p>
          <Link className="btn btn-primary btn-block" to="/physical">
            重新测试
          </Link>
          <Link className="btn btn-block" to="/single-order-h5/ConsultationH5">
            咨询顾问
          </Link>
        </section>
      )}

      <div className="phy-actions">
        {!result.undecided && (
          <Link className="btn btn-primary btn-block" to={`/physical/conditioning_cheme?type=${schemeType}`}>
            查看{CONSTITUTION_NAMES[schemeType]}调理方案
          </Link>
        )}
        <div className="phy-action-row">
          <button type="button" className="btn" onClick={() => setSharing(true)}>
            分享结果
          </button>
          <Link className="btn" to={`/physical/computing_method${query ? `?${query}` : ''}`}>
            计算方法
          </Link>
        </div>
        <div className="phy-action-row">
          <Link className="btn" to="/physical">
            重新测试
          </Link>
          <Link className="btn" to="/physical/record">
            我的测试记录
          </Link>
        </div>
      </div>
      <Disclaimer />

      {sharing && (
        <Suspense fallback={<div className="phy-share-loading">正在准备分享图片…</div>}>
          <SharePopup text={share} scales={result.scales} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      {consent.sheet}
    </Page>
  );
}

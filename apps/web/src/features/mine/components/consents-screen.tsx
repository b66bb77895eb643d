import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentList, ConsentState } from '@moxa/core/consent/consent-contract';
import { CONSENT_PURPOSE_NAMES, PRIVACY_POLICY_PATH, type ConsentPurpose } from '@moxa/core/consent/consent-rules';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fetchConsents, withdrawConsent } from '../../../lib/consent.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { deleteAllRecords, deleteAllSessions } from '../api/health-data.ts';
import { Link } from '../../../components/link.tsx';
import '../mine.css';

/** What each consent covers, and what withdrawing it means (issue #27 item 15). */
const ABOUT: Record<ConsentPurpose, { covers: string; afterWithdraw: string }> = {
  constitution: {
    covers: '体质测试的答案和结果，保存到账号后换手机也能查看。',
    afterWithdraw: '新的测试结果只保存在这台手机上，不再上传。已保存到账号的记录不会自动删除，可以在下面删除。',
  },
  'moxa-log': {
    covers: '每次艾灸的时间、穴位、感受和备注，保存到账号后换手机也能看到。',
    afterWithdraw: '新的艾灸记录只保存在这台手机上，不再上传。已保存到账号的记录不会自动删除，可以在下面删除。',
  },
  consultation: {
    covers: '咨询时填写的症状和上传的照片，只有您和品牌顾问能看到。',
    afterWithdraw: '不能再提交新的咨询或补充说明。已提交的咨询不会自动删除，可以到“我的咨询”逐条删除。',
  },
};

const pad = (n: number) => String(n).padStart(2, '0');
const when = (at: number) => {
  const d = new Date(at);
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * `/mine/consents` 隐私与授权 (issue #27 item 15): the three separate consents to keep health data,
 * each with its state, date and policy version; 撤回授权 after a confirmation; after withdrawing,
 * the way to delete what was saved; and the ledger itself.
 */
export function ConsentsScreen() {
  const { user } = useLoginInfo();
  const key = ['consents', user.id];
  const qc = useQueryClient();
  const q = useQuery({ queryKey: key, queryFn: fetchConsents, staleTime: 0 });
  const set = (list: ConsentList) => qc.setQueryData(key, list);

  const withdraw = async (c: ConsentState) => {
    const name = CONSENT_PURPOSE_NAMES[c.purpose];
    if (!(await showConfirm(`撤回“${name}”的授权？`, ABOUT[c.purpose].afterWithdraw, '撤回授权'))) return;
    try {
      set(await withdrawConsent(c.purpose));
      void showToast('已撤回授权', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };
  const remove = async (purpose: 'constitution' | 'moxa-log') => {
    const what = purpose === 'constitution' ? '账号里的全部体质测试记录' : '账号里的全部艾灸记录';
    if (!(await showConfirm(`删除${what}？`, '删除后无法恢复。这台手机上未上传的内容不受影响。', '永久删除'))) return;
    try {
      const { deleted } = purpose === 'constitution' ? await deleteAllRecords() : await deleteAllSessions();
      void qc.invalidateQueries({ queryKey: purpose === 'constitution' ? ['physical', 'records'] : ['moxa', 'sessions'] });
      void showToast(deleted > 0 ? `已删除 ${deleted} 条记录` : '账号里没有这类记录', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };

  return (
    <Page title="隐私与授权">
      <p className="notice">
        体质测试记录、艾灸记录和咨询内容属于敏感个人信息。保存到账号前，每一类都需要您单独同意，和登录无关。撤回后不再保存新的内容，已保存的可以删除。
      </p>
      <QueryState query={q} errorTitle="授权情况没有加载出来">
        {(data) => (
          <>
            {data.consents.map((c) => (
              <section key={c.purpose} className="card consent-row" aria-labelledby={`consent-${c.purpose}`}>
                <div className="consent-row-head">
                  <h2 id={`consent-${c.purpose}`}>{CONSENT_PURPOSE_NAMES[c.purpose]}</h2>
                  <span className={c.granted ? 'tag consent-on' : 'tag consent-off'}>
                    {c.granted ? '已同意' : c.withdrawnAt ? '已撤回' : '未同意'}
                  </span>
                </div>
                <p className="consent-covers">{ABOUT[c.purpose].covers}</p>
                {c.grantedAt !== null && (
                  <p className="consent-when">
                    {when(c.grantedAt)} 同意，隐私政策版本 {c.policyVersion}
                    {c.withdrawnAt !== null && (
                      <>
                        <br />
                        {when(c.withdrawnAt)} 撤回
                      </>
                    )}
                  </p>
                )}
                {c.granted ? (
                  <button type="button" className="btn btn-block consent-withdraw" onClick={() => void withdraw(c)}>
                    撤回授权
                  </button>
                ) : (
                  <>
                    <p className="consent-after">
                      {c.withdrawnAt !== null
                        ? `${ABOUT[c.purpose].afterWithdraw}想再保存时，会重新征求您的同意。`
                        : '下次保存时会先征求您的同意。'}
                    </p>
                    {c.withdrawnAt !== null &&
                      (c.purpose === 'consultation' ? (
                        <Link to="/single-order-h5/ConsultationH5" className="btn btn-block">
                          去“我的咨询”删除
                        </Link>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-block btn-danger"
                          onClick={() => void remove(c.purpose as 'constitution' | 'moxa-log')}
                        >
                          {c.purpose === 'constitution' ? '删除账号里的全部测试记录' : '删除账号里的全部艾灸记录'}
                        </button>
                      ))}
                  </>
                )}
              </section>
            ))}
            <details className="card mine-about">
              <summary>授权记录（{data.history.length} 条）</summary>
              {data.history.length === 0 ? (
                <p>还没有授权记录。</p>
              ) : (
                <ul className="consent-history">
                  {data.history.map((h) => (
                    <li key={`${h.purpose}-${h.grantedAt}-${h.withdrawnAt ?? 'open'}`}>
                      <b>{CONSENT_PURPOSE_NAMES[h.purpose]}</b>
                      <span>
                        {when(h.grantedAt)} 同意（隐私政策 {h.policyVersion}）
                        {h.withdrawnAt !== null ? `，${when(h.withdrawnAt)} 撤回` : '，仍有效'}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </details>
          </>
        )}
      </QueryState>
      <p className="mine-hint">
        详细说明见<Link to={PRIVACY_POLICY_PATH}>《隐私政策》</Link>。不想再使用，可以在“我的”最下方注销账号，全部数据立即删除。
      </p>
    </Page>
  );
}

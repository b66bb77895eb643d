import { useSearchParams } from 'react-router';
import type { PhysicalResult } from '@moxa/core/physical/physical-contract';
import { Page } from '../../../components/page.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useQuestions } from '../api/get-questions.ts';
import { useRecord } from '../api/get-record.ts';
import { useLocalResults } from '../hooks/use-local-results.ts';
import { workedScale } from '../utils/computing.ts';
import { formatDateTime } from '../utils/format.ts';
import { physicalStore } from '../utils/physical-storage.ts';
import { Disclaimer, Skeleton, VerdictTag } from './bits.tsx';
import { Link } from '../../../components/link.tsx';
import '../physical.css';

/**
 * /physical/computing_method — how 原始分 and 转化分 are computed and judged (ZYYXH/T157-2009 §5),
 * and, opened with `?id=` or `?local=`, the user's own numbers worked through (issue #5).
 */
export function ComputingScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const localKey = params.get('local');
  const info = useLoginInfo();
  useLocalResults();
  const record = useRecord(id);
  const local = localKey ? physicalStore.findResult(localKey) : null;
  const mine: { result: PhysicalResult; createdAt: string } | null =
    local ?? (record.data ? { result: record.data.result, createdAt: record.data.createdAt } : null);
  // The reverse-scored 平和 items are the same for both genders.
  const questions = useQuestions(local?.gender ?? record.data?.gender ?? 'female');
  const reverse = questions.data?.questions.filter((q) => q.scales.some((s) => s.type === 'pinghe' && s.reverse)) ?? [];

  let mineState: React.ReactNode = null;
  if (mine) mineState = <Worked result={mine.result} createdAt={mine.createdAt} />;
  else if (id && info.token && record.isPending) mineState = <Skeleton cards={1} lines={6} />;
  else if (id && info.token && record.isError)
    mineState = (
      <p className="notice" role="alert">
        您的测试数据没有加载出来：{errorMessage(record.error)}
        <button type="button" className="phy-link-btn" onClick={() => void record.refetch()}>
          重试
        </button>
      </p>
    );
  else if (id || localKey)
    mineState = (
      <p className="notice">
        {id && !info.token ? '登录后可以看到您这次测试的计算过程。' : '没有找到这次测试的数据，下面是通用的计算方法。'}
      </p>
    );

  return (
    <Page title="转化分计算方法">
      {mine && (
        <button
          type="button"
          className="phy-jump"
          onClick={() => document.getElementById('phy-worked')?.scrollIntoView({ behavior: 'smooth' })}
        >
          直接看我这次测试的计算过程 ↓
        </button>
      )}

      <section className="card phy-method">
        <h2>第一步：算原始分</h2>
        <p>每种体质有若干道题（条目）。把这些题的得分加起来，就是这种体质的原始分。</p>
        <ul className="phy-option-scores">
          <li>
            没有 <b>1 分</b>
          </li>
          <li>
            很少 <b>2 分</b>
          </li>
          <li>
            有时 <b>3 分</b>
          </li>
          <li>
            经常 <b>4 分</b>
          </li>
          <li>
            总是 <b>5 分</b>
          </li>
        </ul>
        <p className="phy-formula">原始分 = 各个条目的得分相加</p>
      </section>

      <section className="card phy-method">
        <h2>第二步：换算成转化分</h2>
        <p>各体质的题数不同，为了能互相比较，把原始分换算成 0～100 分：</p>
        <p className="phy-formula">
          {/* A <p> may not carry aria-label (issue #18, WCAG 4.1.2): the formula is read from this text. */}
          <span className="visually-hidden">转化分等于，原始分减条目数，除以，条目数乘4，再乘100</span>
          <span aria-hidden="true">转化分 =</span>
          <span className="phy-fraction" aria-hidden="true">
            <span>原始分 − 条目数</span>
            <span>条目数 × 4</span>
          </span>
          <span aria-hidden="true">× 100</span>
        </p>
        <p className="muted small">例：气虚质 8 道题，原始分 26，转化分 =（26 − 8）÷（8 × 4）× 100 = 56.3。</p>
      </section>

      <section className="card phy-method">
        <h2>平和质的反向计分</h2>
        <p>
          平和质里有些题是反着问的，比如“您容易疲乏吗？”——越经常疲乏，越不平和。这些题计分时用 <b>6 − 所选分数</b>：选“经常”（4 分）就记 2
          分。
        </p>
        {questions.isPending ? (
          <Skeleton inline lines={3} />
        ) : reverse.length > 0 ? (
          <>
            <p className="muted small">反向计分的题目（共 {reverse.length} 道）：</p>
            <ul className="phy-reverse">
              {reverse.map((q) => (
                <li key={q.id}>{q.text}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="card phy-method">
        <h2>第三步：判定体质</h2>
        <table className="phy-table phy-judge">
          <thead>
            <tr>
              <th scope="col">体质</th>
              <th scope="col">条件</th>
              <th scope="col">判定</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" rowSpan={3}>
                平和质
              </th>
              <td>转化分 ≥ 60，且其他 8 种体质转化分都 &lt; 30</td>
              <td>
                <VerdictTag verdict="yes" />
              </td>
            </tr>
            <tr>
              <td>转化分 ≥ 60，且其他 8 种体质转化分都 &lt; 40</td>
              <td>
                <VerdictTag verdict="basically" />
              </td>
            </tr>
            <tr>
              <td>不满足上面的条件</td>
              <td>
                <VerdictTag verdict="no" />
              </td>
            </tr>
            <tr>
              <th scope="row" rowSpan={3}>
                偏颇体质
                <span className="small muted">（其余 8 种）</span>
              </th>
              <td>转化分 ≥ 40</td>
              <td>
                <VerdictTag verdict="yes" />
              </td>
            </tr>
            <tr>
              <td>转化分 30～39</td>
              <td>
                <VerdictTag verdict="tendency" />
              </td>
            </tr>
            <tr>
              <td>转化分 &lt; 30</td>
              <td>
                <VerdictTag verdict="no" />
              </td>
            </tr>
          </tbody>
        </table>
        <p className="muted small">比较时用的是没有四舍五入的分数，页面上显示的是保留一位小数的结果。</p>
      </section>

      {mineState}

      <div className="phy-actions">
        {(id || localKey) && (
          <Link
            className="btn btn-primary btn-block"
            to={`/physical/detail?${id ? `id=${encodeURIComponent(id)}` : `local=${encodeURIComponent(localKey ?? '')}`}`}
          >
            返回我的测试结果
          </Link>
        )}
        {!id && !localKey && (
          <Link className="btn btn-primary btn-block" to="/physical">
            去做体质测试
          </Link>
        )}
      </div>
      <Disclaimer />
    </Page>
  );
}

function Worked({ result, createdAt }: { result: PhysicalResult; createdAt: string }) {
  return (
    <section id="phy-worked" className="card phy-worked" aria-labelledby="phy-worked-title">
      <h2 id="phy-worked-title">您的计算过程</h2>
      <p className="muted small">测试时间：{formatDateTime(createdAt)}</p>
      <ol>
        {result.scales.map((s) => {
          const w = workedScale(s, result.scales);
          return (
            <li key={s.type} className={s.verdict === 'no' ? undefined : 'is-hit'}>
              <div className="phy-worked-head">
                <b>{w.name}</b>
                <VerdictTag verdict={s.verdict} />
              </div>
              <p>{w.inputs}</p>
              <p className="phy-worked-formula">{w.formula}</p>
              <p className="phy-worked-reason">
                {w.reason} → <b>{w.verdict}</b>
              </p>
            </li>
          );
        })}
      </ol>
      <p className="phy-result-conclusion">
        <span>结论</span>
        {result.conclusion}
      </p>
    </section>
  );
}

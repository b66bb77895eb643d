import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Gender } from '@moxa/core/physical/physical-contract';
import { Page } from '../../../components/page.tsx';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { prefetchQuestions } from '../api/prefetch-questions.ts';
import { useLocalResults } from '../hooks/use-local-results.ts';
import { formatDate, GENDER_LABELS } from '../utils/format.ts';
import { physicalStore } from '../utils/physical-storage.ts';
import { headline } from '../utils/result-text.ts';
import { Chevron, Disclaimer } from './bits.tsx';
import { Link } from '../../../components/link.tsx';
import '../physical.css';

/** The standard asks 60 questions of each person (ZYYXH/T157-2009; one item differs by gender). */
const QUESTION_COUNT = 60;

/**
 * /physical — the entry page opened from the WeChat menu (issue #5). Kept light: no charts and no
 * query library (issue #6); the questions are prefetched once a gender is chosen, so the first
 * question appears at once.
 */
export function PhysicalHomeScreen() {
  const navigate = useNavigate();
  // Read after hydration: /physical is prerendered without a draft, and the first render must match
  // that HTML (issue #6); an unfinished test then shows its resume card.
  const [draft, setDraft] = useState<ReturnType<typeof physicalStore.readDraft>>(null);
  useEffect(() => setDraft(physicalStore.readDraft()), []);
  const answered = draft ? Object.keys(draft.answers).length : 0;
  const [restarting, setRestarting] = useState(false);
  const [gender, setGender] = useState<Gender | null>(null);
  const latest = useLocalResults()[0];
  const loggedIn = Boolean(useLoginInfo().token);
  const showResume = draft !== null && answered > 0 && !restarting;

  const choose = (g: Gender) => {
    setGender(g);
    prefetchQuestions(g);
  };
  const start = () => {
    if (!gender) return;
    physicalStore.startDraft(gender);
    void navigate('/physical_question');
  };

  const total = draft?.total || QUESTION_COUNT;
  return (
    <Page title="体质测试">
      <section className="phy-hero">
        <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="#fbe9dc" />
          <path d="M32 14c6 8 10 13 10 20a10 10 0 0 1-20 0c0-4 2-7 4-10 1 4 3 6 5 6-1-6 0-11 1-16z" fill="#b4532a" />
          <path d="M22 50h20" stroke="#b4532a" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <div>
          <h2>中医体质自测</h2>
          <p>看看自己属于九种体质中的哪一种，再按体质调养</p>
        </div>
      </section>

      <section className="card phy-facts" aria-label="测试说明">
        <dl>
          <div>
            <dt>依据</dt>
            <dd>中华中医药学会《中医体质分类与判定》标准（ZYYXH/T157-2009）</dd>
          </div>
          <div>
            <dt>题量</dt>
            <dd>共 {QUESTION_COUNT} 题，大约 8～10 分钟</dd>
          </div>
          <div>
            <dt>作答</dt>
            <dd>按您近一年的体验和感觉，选最符合的一项</dd>
          </div>
          <div>
            <dt>保存</dt>
            <dd>每答一题自动保存，中途退出也能接着答</dd>
          </div>
        </dl>
      </section>

      {showResume ? (
        <section className="card phy-resume" aria-labelledby="phy-resume-title">
          <h2 id="phy-resume-title">您有一次测试还没做完</h2>
          <p className="muted">
            已答 {answered} / {total} 题（{GENDER_LABELS[draft.gender]}）
          </p>
          <div
            className="phy-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={answered}
            aria-label="答题进度"
          >
            <span style={{ width: `${Math.min(100, (answered / total) * 100)}%` }} />
          </div>
          <div className="phy-stack">
            <button type="button" className="btn btn-primary btn-block" onClick={() => void navigate('/physical_question')}>
              继续上次的测试
            </button>
            <button type="button" className="btn btn-block" onClick={() => setRestarting(true)}>
              重新开始
            </button>
          </div>
        </section>
      ) : (
        <section className="card" aria-labelledby="phy-gender-title">
          <h2 id="phy-gender-title">请先选择您的性别</h2>
          <p className="muted small phy-tight">男女各有一道题目不同，选好后开始答题。</p>
          <div className="phy-gender" role="radiogroup" aria-label="性别">
            {(['female', 'male'] as const).map((g) => (
              <button
                key={g}
                type="button"
                role="radio"
                aria-checked={gender === g}
                className={gender === g ? 'phy-gender-btn is-on' : 'phy-gender-btn'}
                onClick={() => choose(g)}
              >
                <span className="phy-gender-char">{GENDER_LABELS[g]}</span>
                <span className="small">{g === 'female' ? '女士' : '男士'}</span>
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-primary btn-block phy-start" disabled={!gender} onClick={start}>
            {gender ? '开始测试' : '请选择性别后开始'}
          </button>
          {restarting && (
            <p className="small muted phy-restart-note">
              开始新的测试后，上次没做完的答案会被清除。
              <button type="button" className="phy-link-btn" onClick={() => setRestarting(false)}>
                还是继续上次的
              </button>
            </p>
          )}
        </section>
      )}

      <nav className="card phy-links" aria-label="更多">
        {latest && (
          <Link to={`/physical/detail?local=${encodeURIComponent(latest.key)}`}>
            <span>
              <b>最近一次结果</b>
              <span className="small muted">
                {headline(latest.result)} · {formatDate(latest.createdAt)}
              </span>
            </span>
            <Chevron />
          </Link>
        )}
        <Link to="/physical/record">
          <span>
            <b>我的测试记录</b>
            <span className="small muted">{loggedIn ? '历次结果和体质变化' : '登录后保存结果，查看体质变化'}</span>
          </span>
          <Chevron />
        </Link>
        <Link to="/physical/conditioning_cheme">
          <span>
            <b>九种体质调理方案</b>
            <span className="small muted">饮食、起居、运动和艾灸</span>
          </span>
          <Chevron />
        </Link>
      </nav>
      <Disclaimer />
    </Page>
  );
}

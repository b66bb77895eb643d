import type { SessionPlan } from '@moxa/core/moxa/moxa-contract';
import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import { Chevron } from '../../../components/icons.tsx';
import type { ActiveSession } from '../utils/session-clock.ts';
import { Link } from '../../../components/link.tsx';

/** What comes before a guided session's first point (issue #18): where to start, the plan, or a session left unfinished. */

const CHOICES = [
  ['/disease_types', '按病症选艾灸方法'],
  ['/physical', '按体质调理（先做体质测试）'],
  ['/acupoint', '从穴位开始'],
  ['/moxa_log', '我的艾灸记录'],
] as const;

/** `/moxa_session` without a plan: where a session can start, as rows that look tappable (issue #32 item 4). */
export function SessionChooser() {
  return (
    <>
      <section className="card mx-intro">
        <h2>从哪里开始？</h2>
        <p>跟着灸会按顺序带您灸每个穴位：先看怎么找穴，再按倒计时施灸，最后记下感受。</p>
      </section>
      <ul className="link-list mx-choices">
        {CHOICES.map(([to, text]) => (
          <li key={to}>
            <Link to={to} className="link-row">
              <span className="link-row-body">
                <span className="link-row-title">{text}</span>
              </span>
              <Chevron />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Before the first point: what the session holds, who should not, and what is left out. */
export function SessionIntro({ plan, onStart }: { plan: SessionPlan; onStart: () => void }) {
  const total = plan.points.reduce((n, p) => n + p.minutes, 0);
  return (
    <>
      <section className="card mx-intro" aria-labelledby="mx-title">
        <h2 id="mx-title">{plan.title}</h2>
        {plan.points.length > 0 ? (
          <p>
            共 {plan.points.length} 个穴位，约 {total} 分钟。{plan.frequency ? `建议${plan.frequency}。` : ''}
            {plan.courseLength ? `${plan.courseLength} 次为 1 个疗程。` : ''}
          </p>
        ) : (
          <p>
            {plan.refused.length > 0 && plan.refused.every((r) => r.reason.includes('按揉'))
              ? '这个方案的穴位以按揉为主，没有需要计时的艾灸步骤，按下面说的方法按揉即可。'
              : '这些穴位都不适合在家自行艾灸。'}
          </p>
        )}
        <ol className="mx-plan">
          {plan.points.map((p) => (
            <li key={p.code}>
              <b>{p.name}</b>
              <span className="muted">
                {p.method} · {p.minutes} 分钟{p.level === 'caution' ? ' · 慎灸' : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {plan.refused.length > 0 && (
        <section className="card mx-refused" aria-labelledby="mx-refused-title">
          <h3 id="mx-refused-title">以下穴位不在本次计时内</h3>
          <ul>
            {plan.refused.map((r) => (
              <li key={r.code}>
                <b>{r.name}</b>：{r.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card mx-safety" aria-labelledby="mx-safety-title">
        <h3 id="mx-safety-title">开始前请确认</h3>
        <ul>
          {/* The declared safety facts (issue #26), never retyped here. */}
          <li>不在饥饿、过饱、酒后或极度疲劳时施灸，皮肤破损处不灸；{SAFETY_FACTS.fever.text}。</li>
          <li>{SAFETY_FACTS.pregnancy.text}。</li>
          <li>{SAFETY_FACTS.ventilation.text}。身边备好灭艾筒或一碗水，人不离开、不睡着。</li>
          <li>{SAFETY_FACTS.distance.text}。</li>
          <li>{SAFETY_FACTS['diabetic-feet'].text}。</li>
          {plan.cautions.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <p className="muted small">艾灸是日常调理，不是诊断和治疗。症状加重或出现胸痛、高热、意识不清等情况，请立即就医。</p>
      </section>
      {plan.points.length > 0 && (
        <button type="button" className="btn btn-primary btn-block mx-start" onClick={onStart}>
          我已了解，开始艾灸
        </button>
      )}
    </>
  );
}

/** A session left unfinished, and another plan opened: go on with it, or start the new one. */
export function SessionResume({
  active,
  plan,
  onResume,
  onDiscard,
}: {
  active: ActiveSession;
  plan: SessionPlan;
  onResume: () => void;
  onDiscard: () => void;
}) {
  return (
    <section className="card mx-resume" aria-labelledby="mx-resume-title">
      <h2 id="mx-resume-title">有一次艾灸还没做完</h2>
      <p>
        {active.plan.title}：已完成 {active.results.length}/{active.plan.points.length} 个穴位。要接着灸，还是放弃它，开始“{plan.title}”？
      </p>
      <button type="button" className="btn btn-primary btn-block" onClick={onResume}>
        继续上次的艾灸
      </button>
      <button type="button" className="btn btn-block" onClick={onDiscard}>
        放弃上次，开始新的
      </button>
    </section>
  );
}

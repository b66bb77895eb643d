import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PlanPoint, SessionPlan } from '@moxa/core/moxa/moxa-contract';
import { heatReminder, HEAT_REMINDER_SECONDS } from '@moxa/core/moxa/moxa-rules';
import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import { Page } from '../../../components/page.tsx';
import { PointChart } from '../../../components/point-chart.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { showConfirm } from '../../../lib/feedback.ts';
import { planPath } from '../api/paths.ts';
import { usePlan } from '../api/sessions.ts';
import { useWakeLock } from '../hooks/use-wake-lock.ts';
import { moxaStore } from '../utils/moxa-storage.ts';
import {
  addMinute,
  currentPoint,
  finishPoint,
  formatClock,
  isFinished,
  isRunning,
  isTimeUp,
  newSession,
  pause,
  plannedSeconds,
  remainingSeconds,
  remindersDue,
  resume,
  startPoint,
  type ActiveSession,
} from '../utils/session-clock.ts';
import { chime, primeAudio, vibrate } from '../utils/signals.ts';
import { FinishForm } from './finish-form.tsx';
import '../moxa.css';

const sameSource = (a: SessionPlan['source'], b: SessionPlan['source']) => a.kind === b.kind && a.id === b.id;

/**
 * `/moxa_session` (issue #18): a guided session through a plan's points, one at a time — the point's
 * chart and how to find it, method and distance, a large countdown, pause, +1 分钟, skip — then how it
 * felt. Every step is saved on the device, so leaving, locking the phone or reloading loses nothing.
 */
export function SessionScreen() {
  const { search } = useLocation();
  const path = planPath(search);
  const store = useMemo(() => moxaStore(), []);
  const [active, setActiveState] = useState<ActiveSession | null>(() => store.active());
  const [resumeAsked, setResumeAsked] = useState(false);
  const plan = usePlan(path);
  const setActive = (s: ActiveSession | null) => {
    if (s) store.saveActive(s);
    else store.clearActive();
    setActiveState(s);
  };

  const abandon = async () => {
    if (await showConfirm('结束本次艾灸？', '已灸的穴位不会记录。确定不再继续了吗？', '结束', '继续灸')) setActive(null);
  };

  let body: React.ReactNode;
  if (active && (!path || resumeAsked || (plan.data && sameSource(plan.data.source, active.plan.source)))) {
    body = isFinished(active) ? (
      <FinishForm session={active} onSaved={() => store.clearActive()} />
    ) : (
      <Steps session={active} onChange={setActive} />
    );
  } else if (active && path && plan.data) {
    body = (
      <section className="card mx-resume" aria-labelledby="mx-resume-title">
        <h2 id="mx-resume-title">有一次艾灸还没做完</h2>
        <p>
          {active.plan.title}：已完成 {active.results.length}/{active.plan.points.length} 个穴位。要接着灸，还是放弃它，开始“
          {plan.data.title}”？
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => setResumeAsked(true)}>
          继续上次的艾灸
        </button>
        <button type="button" className="btn btn-block" onClick={() => setActive(null)}>
          放弃上次，开始新的
        </button>
      </section>
    );
  } else if (!path) {
    body = <Chooser />;
  } else {
    body = (
      <QueryState
        query={plan}
        errorTitle="艾灸方案没有加载出来"
        notFound={{ title: '没有找到这个艾灸方案', description: '可以从艾灸方法或体质调理方案里重新开始。', actions: [] }}
      >
        {(p) => (
          <Intro
            plan={p}
            onStart={() => {
              primeAudio();
              setActive(newSession(p, Date.now(), crypto.randomUUID()));
            }}
          />
        )}
      </QueryState>
    );
  }

  return (
    <Page
      title="跟着灸"
      right={
        active && !isFinished(active) ? (
          <button type="button" className="mx-end-btn" onClick={() => void abandon()}>
            结束
          </button>
        ) : undefined
      }
    >
      <div className="mx-page">{body}</div>
    </Page>
  );
}

/** `/moxa_session` without a plan: where a session can start. */
function Chooser() {
  return (
    <section className="card mx-intro">
      <h2>从哪里开始？</h2>
      <p>跟着灸会按顺序带您灸每个穴位：先看怎么找穴，再按倒计时施灸，最后记下感受。</p>
      <ul className="mx-choices">
        <li>
          <Link to="/disease_types">按病症选艾灸方法</Link>
        </li>
        <li>
          <Link to="/physical">按体质调理（先做体质测试）</Link>
        </li>
        <li>
          <Link to="/acupoint">从穴位开始</Link>
        </li>
        <li>
          <Link to="/moxa_log">我的艾灸记录</Link>
        </li>
      </ul>
    </section>
  );
}

/** Before the first point: what the session holds, who should not, and what is left out. */
function Intro({ plan, onStart }: { plan: SessionPlan; onStart: () => void }) {
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

/** The ticking clock: re-renders twice a second while a point runs, and when the page comes back. */
function useNowWhile(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const update = () => setNow(Date.now());
    update();
    document.addEventListener('visibilitychange', update);
    const timer = running ? window.setInterval(update, 500) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.clearInterval(timer);
    };
  }, [running]);
  return now;
}

function Steps({ session, onChange }: { session: ActiveSession; onChange: (s: ActiveSession) => void }) {
  const point = currentPoint(session)!;
  const running = isRunning(session);
  const now = useNowWhile(running);
  const started = session.pointStartedAt !== null;
  const timeUp = isTimeUp(session, now);
  useWakeLock(running && !timeUp);

  // The end of a point is signalled once, even across reloads (the flag is stored).
  useEffect(() => {
    if (timeUp && !session.signalled) {
      chime();
      onChange({ ...session, signalled: true });
    }
  }, [timeUp, session, onChange]);

  // A heat reminder every few minutes of running; reminders missed while the page was away are not replayed.
  const due = started ? remindersDue(session, now, HEAT_REMINDER_SECONDS) : 0;
  const shown = useRef(due);
  const [reminder, setReminder] = useState(false);
  useEffect(() => {
    if (due > shown.current && running && !timeUp) {
      setReminder(true);
      vibrate(200);
      const t = window.setTimeout(() => setReminder(false), 20_000);
      shown.current = due;
      return () => window.clearTimeout(t);
    }
    shown.current = due;
  }, [due, running, timeUp]);

  const total = session.plan.points.length;
  const next = session.plan.points[session.index + 1];
  const remaining = remainingSeconds(session, now);
  const planned = plannedSeconds(session);
  return (
    <>
      <div className="mx-progress">
        <span>
          第 {session.index + 1}/{total} 个穴位
        </span>
        <span className="muted">{session.plan.title}</span>
      </div>
      <div
        className="mx-bar"
        role="progressbar"
        aria-label="本次艾灸进度"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={session.index}
      >
        <span style={{ width: `${(session.index / total) * 100}%` }} />
      </div>
      <section className="card mx-point" aria-labelledby="mx-point-name">
        <h2 id="mx-point-name">
          {point.name}
          <small>{point.code}</small>
        </h2>
        <p className="mx-method">
          {point.method} · {point.distance} · {point.minutes} 分钟{point.bilateral ? '（左右两侧各灸一半时间）' : ''}
        </p>
        {started ? (
          <>
            <Countdown
              session={session}
              now={now}
              remaining={remaining}
              planned={planned}
              timeUp={timeUp}
              reminder={reminder}
              nextName={next?.name ?? null}
              onChange={onChange}
            />
            <details className="mx-find">
              <summary>再看一下怎么找{point.name}</summary>
              <p>{point.findMethod}</p>
              <p className="muted">定位：{point.location}</p>
            </details>
          </>
        ) : (
          <BeforePoint
            point={point}
            onStart={() => onChange(startPoint(session, Date.now()))}
            onSkip={() => onChange(finishPoint(session, Date.now(), true))}
          />
        )}
      </section>
    </>
  );
}

/** How to find the point and what to watch for; a 慎灸 point needs a confirmation first. */
function BeforePoint({ point, onStart, onSkip }: { point: PlanPoint; onStart: () => void; onSkip: () => void }) {
  const [understood, setUnderstood] = useState(false);
  const pregnancy = point.cautions.filter((c) => c.includes('孕'));
  const others = point.cautions.filter((c) => !c.includes('孕'));
  const needsConfirm = point.level === 'caution';
  return (
    <>
      {point.chart && <PointChart mark={point.chart} name={point.name} bilateral={point.bilateral} />}
      <h3 className="mx-sub">怎么找</h3>
      <p>{point.findMethod}</p>
      <p className="muted">定位：{point.location}</p>
      {point.note && <p className="notice">{point.note}</p>}
      {pregnancy.length > 0 && (
        <div className="mx-warn" role="note">
          <b>孕期注意</b>
          {pregnancy.map((c) => (
            <p key={c}>{c}</p>
          ))}
        </div>
      )}
      {(needsConfirm || others.length > 0) && (
        <div className={needsConfirm ? 'mx-warn' : 'mx-caution'} role="note">
          <b>{needsConfirm ? '此穴慎灸' : '注意'}</b>
          {others.map((c) => (
            <p key={c}>{c}</p>
          ))}
        </div>
      )}
      {needsConfirm && (
        <label className="check-row">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          我已阅读以上注意事项，确认可以灸
        </label>
      )}
      <button type="button" className="btn btn-primary btn-block" disabled={needsConfirm && !understood} onClick={onStart}>
        开始计时 {point.minutes} 分钟
      </button>
      <button type="button" className="btn btn-plain btn-block" onClick={onSkip}>
        跳过此穴
      </button>
    </>
  );
}

function Countdown({
  session,
  now,
  remaining,
  planned,
  timeUp,
  reminder,
  nextName,
  onChange,
}: {
  session: ActiveSession;
  now: number;
  remaining: number;
  planned: number;
  timeUp: boolean;
  reminder: boolean;
  nextName: string | null;
  onChange: (s: ActiveSession) => void;
}) {
  const point = currentPoint(session)!;
  const paused = session.pausedAt !== null;
  const status = timeUp ? '本穴已灸完' : paused ? '已暂停' : '正在施灸';
  return (
    <>
      <div className={`mx-clock${timeUp ? ' is-done' : ''}`}>
        <span role="timer" aria-label={`剩余时间 ${formatClock(remaining)}`}>
          {formatClock(remaining)}
        </span>
        <small>{status}</small>
      </div>
      <div className="mx-bar mx-bar-thin" aria-hidden="true">
        <span style={{ width: `${((planned - remaining) / planned) * 100}%` }} />
      </div>
      {/* Announced once a minute, and at the end: a screen reader is not flooded every second. */}
      <p className="visually-hidden" aria-live="polite">
        {timeUp ? `${status}${nextName ? `，下一个穴位是${nextName}` : ''}` : `还剩约 ${Math.ceil(remaining / 60)} 分钟`}
      </p>
      <p className={`mx-reminder${reminder ? ' is-shown' : ''}`} role="status">
        {reminder ? heatReminder(point.distance) : ''}
      </p>
      {timeUp ? (
        <div className="mx-controls">
          <button type="button" className="btn btn-primary btn-block" onClick={() => onChange(finishPoint(session, Date.now(), false))}>
            {nextName ? `下一个穴位：${nextName}` : '完成，记录感受'}
          </button>
          <button type="button" className="btn btn-block" onClick={() => onChange(addMinute(session, Date.now()))}>
            再灸 1 分钟
          </button>
        </div>
      ) : (
        <div className="mx-controls mx-controls-row">
          <button type="button" className="btn" onClick={() => onChange(paused ? resume(session, Date.now()) : pause(session, Date.now()))}>
            {paused ? '继续' : '暂停'}
          </button>
          <button type="button" className="btn" onClick={() => onChange(addMinute(session, now))}>
            +1 分钟
          </button>
          <button type="button" className="btn btn-plain" onClick={() => onChange(finishPoint(session, Date.now(), true))}>
            跳过
          </button>
        </div>
      )}
    </>
  );
}

import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionPlan } from '@moxa/core/moxa/moxa-contract';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { showConfirm } from '../../../lib/feedback.ts';
import { planPath } from '../api/paths.ts';
import { usePlan } from '../api/sessions.ts';
import { moxaStore } from '../utils/moxa-storage.ts';
import { doneSoFar, endEarly, isFinished, newSession, type ActiveSession } from '../utils/session-clock.ts';
import { primeAudio } from '../utils/signals.ts';
import { FinishForm } from './finish-form.tsx';
import { SessionChooser, SessionIntro, SessionResume } from './session-start.tsx';
import { SessionSteps } from './session-steps.tsx';
import '../moxa.css';

const sameSource = (a: SessionPlan['source'], b: SessionPlan['source']) => a.kind === b.kind && a.id === b.id;
/** 约 3 分钟, for what was done so far. */
const aboutMinutes = (seconds: number) => (seconds < 60 ? '不到 1 分钟' : `约 ${Math.round(seconds / 60)} 分钟`);

/**
 * `/moxa_session` (issue #18): a guided session through a plan's points, one at a time — the point's
 * chart and how to find it, method and distance, a large countdown, pause, +1 分钟, skip — then how it
 * felt. Every step is saved on the device, so leaving, locking the phone or reloading loses nothing.
 * This screen picks the part to show: where to start (session-start.tsx), the points
 * (session-steps.tsx) or the end (finish-form.tsx).
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

  /** 结束 (issue #32 item 3): what was done is kept, marked as ended early; with nothing done there is nothing to keep. */
  const end = async (s: ActiveSession) => {
    const done = doneSoFar(s, Date.now());
    const agreed =
      done > 0
        ? await showConfirm('提前结束本次艾灸？', `已灸的${aboutMinutes(done)}会记录下来，标明“提前结束”。`, '结束', '继续灸')
        : await showConfirm('结束本次艾灸？', '还没有开始计时，结束后不会留下记录。', '结束', '继续灸');
    if (agreed) setActive(endEarly(s, Date.now()));
  };

  let body: React.ReactNode;
  if (active && (!path || resumeAsked || (plan.data && sameSource(plan.data.source, active.plan.source)))) {
    body = isFinished(active) ? (
      <FinishForm session={active} onSaved={() => store.clearActive()} />
    ) : (
      <SessionSteps session={active} onChange={setActive} />
    );
  } else if (active && path && plan.data) {
    body = <SessionResume active={active} plan={plan.data} onResume={() => setResumeAsked(true)} onDiscard={() => setActive(null)} />;
  } else if (!path) {
    body = <SessionChooser />;
  } else {
    body = (
      <QueryState
        query={plan}
        errorTitle="艾灸方案没有加载出来"
        notFound={{ title: '没有找到这个艾灸方案', description: '可以从艾灸方法或体质调理方案里重新开始。', actions: [] }}
      >
        {(p) => (
          <SessionIntro
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
          <button type="button" className="mx-end-btn" onClick={() => void end(active)}>
            结束
          </button>
        ) : undefined
      }
    >
      <div className="mx-page">{body}</div>
    </Page>
  );
}

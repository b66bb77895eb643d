import { currentPoint, finishPoint, isRunning, isTimeUp, startPoint, type ActiveSession } from '../utils/session-clock.ts';
import { primeAudio } from '../utils/signals.ts';
import { useNowWhile } from '../hooks/use-now-while.ts';
import { usePointSignals } from '../hooks/use-point-signals.ts';
import { useStartAtTop } from '../hooks/use-start-at-top.ts';
import { useWakeLock } from '../hooks/use-wake-lock.ts';
import { BeforePoint } from './before-point.tsx';
import { PointCountdown } from './point-countdown.tsx';

/**
 * The points of a session, one at a time (issue #18): where we are (第 2/5 个穴位), the point with
 * its method, distance and time, then either how to find it (before its countdown) or the countdown.
 * Each point, and the start of its countdown, begins at the top with its heading (issue #32 item 3).
 */
export function SessionSteps({ session, onChange }: { session: ActiveSession; onChange: (s: ActiveSession) => void }) {
  const point = currentPoint(session)!;
  const running = isRunning(session);
  const now = useNowWhile(running);
  const started = session.pointStartedAt !== null;
  const signals = usePointSignals(session, now, onChange);
  useWakeLock(running && !isTimeUp(session, now));
  const heading = useStartAtTop<HTMLHeadingElement>(`${session.index}:${started}`);

  const total = session.plan.points.length;
  const next = session.plan.points[session.index + 1];
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
        <h2 id="mx-point-name" ref={heading} tabIndex={-1}>
          {point.name}
          <small>{point.code}</small>
        </h2>
        {/* One distance per step (issue #32 item 3): the heat reminder repeats this step's own wording. */}
        <p className="mx-method">
          <span>{point.method}</span> · <span>{point.distance}</span> · <span>{point.minutes} 分钟</span>
          {point.bilateral && <span>（左右两侧各灸一半时间）</span>}
        </p>
        {started ? (
          <>
            <PointCountdown
              session={session}
              now={now}
              timeUp={signals.timeUp}
              reminder={signals.reminder}
              switchCue={signals.switchCue}
              onDismissSwitchCue={signals.dismissSwitchCue}
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
            onStart={() => {
              primeAudio();
              onChange(startPoint(session, Date.now()));
            }}
            onSkip={() => onChange(finishPoint(session, Date.now(), true))}
          />
        )}
      </section>
    </>
  );
}

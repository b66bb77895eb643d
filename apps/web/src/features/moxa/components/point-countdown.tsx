import { heatReminder, sideOf } from '@moxa/core/moxa/moxa-rules';
import {
  addMinute,
  currentPoint,
  elapsedSeconds,
  finishPoint,
  formatClock,
  pause,
  plannedSeconds,
  remainingSeconds,
  resume,
  type ActiveSession,
} from '../utils/session-clock.ts';
import { primeAudio } from '../utils/signals.ts';

/**
 * A running point (issue #18): the large countdown, which side of a bilateral point is being done,
 * the heat reminder with the step's own distance and the 换另一侧 cue at half time (issue #32 item
 * 3), and the controls — pause, +1 分钟, skip; at the end, the next point or one more minute.
 */
export function PointCountdown({
  session,
  now,
  timeUp,
  reminder,
  switchCue,
  onDismissSwitchCue,
  nextName,
  onChange,
}: {
  session: ActiveSession;
  now: number;
  timeUp: boolean;
  reminder: boolean;
  switchCue: boolean;
  onDismissSwitchCue: () => void;
  nextName: string | null;
  onChange: (s: ActiveSession) => void;
}) {
  const point = currentPoint(session)!;
  const remaining = remainingSeconds(session, now);
  const planned = plannedSeconds(session);
  const paused = session.pausedAt !== null;
  const side = sideOf(point.bilateral, elapsedSeconds(session, now), planned);
  const sideText = side === 'first' ? ' · 先灸一侧' : side === 'other' ? ' · 另一侧' : '';
  const status = timeUp ? '本穴已灸完' : `${paused ? '已暂停' : '正在施灸'}${sideText}`;
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
      {switchCue && (
        <div className="mx-switch" role="alert">
          <strong>请换另一侧</strong>
          <p>已灸一半时间，把艾条移到另一侧的{point.name}，计时继续。</p>
          <button type="button" className="btn btn-block" onClick={onDismissSwitchCue}>
            好的，已换
          </button>
        </div>
      )}
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
          <button
            type="button"
            className="btn"
            onClick={() => {
              primeAudio();
              onChange(paused ? resume(session, Date.now()) : pause(session, Date.now()));
            }}
          >
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

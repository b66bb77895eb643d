import { FEELINGS, REACTIONS } from '@moxa/core/moxa/moxa-rules';
import { fmtDate } from '../hooks/use-log-sync.ts';
import { doneSeconds, type LoggedSession } from '../utils/course.ts';

/** The sessions of the log, newest first (issue #18): what, when, how long, how it felt; a session ended with 结束 says so (issue #32 item 3). */
export function LogList({
  sessions,
  loggedIn,
  onRemove,
}: {
  sessions: readonly LoggedSession[];
  loggedIn: boolean;
  onRemove: (s: LoggedSession) => void;
}) {
  return (
    <ul className="card mx-sessions">
      {sessions.map((s) => (
        <li key={s.clientId}>
          <div className="mx-session-main">
            <b>
              {s.title}
              {s.endedEarly && <span className="tag mx-early">提前结束</span>}
            </b>
            <span className="muted small">
              {fmtDate(s.startedAt)} · {Math.round(doneSeconds(s) / 60)} 分钟 · {s.points.filter((p) => !p.skipped).length} 个穴位
              {loggedIn && s.id === undefined ? ' · 待同步' : ''}
            </span>
            {s.feeling !== null && <span className="small">感受：{FEELINGS[s.feeling - 1]}</span>}
            {s.reactions.length > 0 && (
              <span className="small">反应：{s.reactions.map((r) => REACTIONS.find((x) => x.id === r)?.label).join('、')}</span>
            )}
            {s.notes && <span className="small mx-note">{s.notes}</span>}
          </div>
          <button
            type="button"
            className="mx-delete"
            aria-label={`删除 ${fmtDate(s.startedAt)} ${s.title} 的记录`}
            onClick={() => onRemove(s)}
          >
            删除
          </button>
        </li>
      ))}
    </ul>
  );
}

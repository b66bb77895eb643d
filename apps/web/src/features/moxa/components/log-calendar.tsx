import { useElderMode } from '../../../lib/elder-mode.ts';
import { dayKey, doneSeconds, monthWeeks, type LoggedSession } from '../utils/course.ts';

export type Month = { year: number; month: number };

/**
 * The log's month (issue #18): how many sessions and minutes, and the days with a session marked; a
 * marked day filters the list below. 长辈版: seven columns leave no room for 60 px targets, so days
 * are marked, not tapped; the list below has them all.
 */
export function LogCalendar({
  month,
  inMonth,
  byDay,
  day,
  onMove,
  onDay,
}: {
  month: Month;
  inMonth: readonly LoggedSession[];
  byDay: ReadonlyMap<string, LoggedSession[]>;
  day: string | null;
  onMove: (delta: number) => void;
  onDay: (key: string | null) => void;
}) {
  const [elder] = useElderMode();
  return (
    <section className="card mx-calendar" aria-labelledby="mx-cal-title">
      <div className="mx-cal-head">
        <button type="button" className="mx-cal-nav" aria-label="上个月" onClick={() => onMove(-1)}>
          ‹
        </button>
        <h2 id="mx-cal-title">
          {month.year}年{month.month + 1}月
        </h2>
        <button type="button" className="mx-cal-nav" aria-label="下个月" onClick={() => onMove(1)}>
          ›
        </button>
      </div>
      <p className="muted small">
        本月灸了 {inMonth.length} 次，共约 {Math.round(inMonth.reduce((n, s) => n + doneSeconds(s), 0) / 60)} 分钟
      </p>
      <table className="mx-cal">
        <thead>
          <tr>
            {['一', '二', '三', '四', '五', '六', '日'].map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month.year, month.month).map((week, w) => (
            <tr key={w}>
              {week.map((d, i) => {
                if (d === null) return <td key={i} />;
                const key = dayKey(new Date(month.year, month.month, d).getTime());
                const n = byDay.get(key)?.length ?? 0;
                return (
                  <td key={i}>
                    {n > 0 && !elder ? (
                      <button
                        type="button"
                        className={`mx-day has-session${day === key ? ' is-selected' : ''}`}
                        aria-pressed={day === key}
                        aria-label={`${month.month + 1}月${d}日，灸了 ${n} 次`}
                        onClick={() => onDay(day === key ? null : key)}
                      >
                        {d}
                      </button>
                    ) : (
                      <span className={n > 0 ? 'mx-day has-session' : 'mx-day'}>
                        {d}
                        {n > 0 && <span className="visually-hidden">日，灸了 {n} 次</span>}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

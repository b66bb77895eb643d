import { useMemo, useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLogSync } from '../hooks/use-log-sync.ts';
import { dayKey, type LoggedSession } from '../utils/course.ts';
import { Courses } from './course-card.tsx';
import { HeldOnPhone, ImportOffer, LoginBanner } from './log-banners.tsx';
import { LogCalendar, type Month } from './log-calendar.tsx';
import { LogList } from './log-list.tsx';
import { Link } from '../../../components/link.tsx';
import '../moxa.css';

/**
 * `/moxa_log` (issue #18): a calendar of sessions, progress per course (第 3/10 次), minutes per point
 * over time, a gentle note when sessions come too often or run too long, and the sessions themselves.
 * Where the log lives and how it joins the account is hooks/use-log-sync.ts; the parts on screen
 * are log-banners, log-calendar, course-card and log-list.
 */
export function LogScreen() {
  const log = useLogSync();

  let body: React.ReactNode;
  if (log.loggedIn && log.server.isPending) body = <div className="card mx-loading" aria-busy="true" />;
  else if (log.loggedIn && log.server.isError)
    body = (
      <StatusView
        kind="error"
        title="记录没有加载出来"
        description={errorMessage(log.server.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void log.server.refetch() }]}
      />
    );
  else if (log.sessions.length === 0)
    body = (
      <StatusView
        kind="empty"
        title="还没有艾灸记录"
        description="从病症的艾灸方法、体质调理方案或穴位页点“跟着灸”，灸完就会记在这里。"
        actions={[]}
      />
    );
  else
    body = (
      <Log sessions={log.sessions} loggedIn={log.loggedIn} onRemove={(s) => void log.remove(s)} onRemoveAll={() => void log.removeAll()} />
    );

  return (
    <Page title="我的艾灸记录">
      <div className="mx-page">
        {log.offerImport && (
          <ImportOffer count={log.device.length} busy={log.busy} onSave={() => void log.importDevice()} onDecline={log.declineImport} />
        )}
        {log.held && <HeldOnPhone count={log.pending.length} busy={log.busy} onSave={() => void log.savePending()} />}
        {!log.loggedIn && <LoginBanner />}
        {body}
        <Link className="btn btn-primary btn-block mx-start" to="/moxa_session">
          开始一次艾灸
        </Link>
      </div>
      {log.consentSheet}
    </Page>
  );
}

/** The log itself: the month, progress per plan, then the sessions (of the day tapped, or all). */
function Log({
  sessions,
  loggedIn,
  onRemove,
  onRemoveAll,
}: {
  sessions: LoggedSession[];
  loggedIn: boolean;
  onRemove: (s: LoggedSession) => void;
  onRemoveAll: () => void;
}) {
  const [month, setMonth] = useState<Month>(() => {
    const d = new Date(Math.max(...sessions.map((s) => s.startedAt)));
    return { year: d.getFullYear(), month: d.getMonth() };
  });
  const [day, setDay] = useState<string | null>(null);
  const byDay = useMemo(() => {
    const map = new Map<string, LoggedSession[]>();
    for (const s of sessions) map.set(dayKey(s.startedAt), [...(map.get(dayKey(s.startedAt)) ?? []), s]);
    return map;
  }, [sessions]);
  const inMonth = sessions.filter((s) => {
    const d = new Date(s.startedAt);
    return d.getFullYear() === month.year && d.getMonth() === month.month;
  });
  const list = (day ? (byDay.get(day) ?? []) : sessions).slice().sort((a, b) => b.startedAt - a.startedAt);
  const move = (delta: number) => {
    setDay(null);
    setMonth(({ year, month: m }) => {
      const d = new Date(year, m + delta, 1);
      return { year: d.getFullYear(), month: d.getMonth() };
    });
  };
  return (
    <>
      <LogCalendar month={month} inMonth={inMonth} byDay={byDay} day={day} onMove={move} onDay={setDay} />
      <Courses sessions={sessions} />
      <h2 className="section-title">{day ? `${Number(day.slice(5, 7))}月${Number(day.slice(8))}日的记录` : '全部记录'}</h2>
      <LogList sessions={list} loggedIn={loggedIn} onRemove={onRemove} />
      <button type="button" className="btn btn-danger btn-block" onClick={onRemoveAll}>
        删除全部记录
      </button>
    </>
  );
}

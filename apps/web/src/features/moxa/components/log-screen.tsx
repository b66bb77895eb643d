import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FEELINGS, paceNote, paceOf, REACTIONS } from '@moxa/core/moxa/moxa-rules';
import type { SessionSource } from '@moxa/core/moxa/moxa-contract';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { hasConsent, isConsentRequired } from '../../../lib/consent.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useElderMode } from '../../../lib/elder-mode.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { planPath } from '../api/paths.ts';
import { deleteAllSessions, deleteSession, importSessions, usePlan, useSessions } from '../api/sessions.ts';
import { courses, dayKey, doneSeconds, minutesByPoint, monthWeeks, type Course, type LoggedSession } from '../utils/course.ts';
import { useDeviceSessions } from '../hooks/use-device-sessions.ts';
import { moxaStore } from '../utils/moxa-storage.ts';
import '../moxa.css';

const startLink = (s: SessionSource) =>
  s.kind === 'points'
    ? null
    : `/moxa_session?${s.kind === 'disease' ? 'disease' : s.kind === 'scheme' ? 'scheme' : 'product'}=${encodeURIComponent(s.id ?? '')}`;
const fmtDate = (at: number) => {
  const d = new Date(at);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/**
 * `/moxa_log` (issue #18): a calendar of sessions, progress per course (第 3/10 次), minutes per point
 * over time, a gentle note when sessions come too often or run too long, and the sessions themselves.
 * Logged out the log lives on this device; after login the device's sessions join the account when
 * the user agrees, and failed uploads are sent again here.
 */
export function LogScreen() {
  const info = useLoginInfo();
  const loggedIn = Boolean(info.token);
  const store = useMemo(() => moxaStore(), []);
  const queryClient = useQueryClient();
  const server = useSessions();
  const { device, pending, declinedAt } = useDeviceSessions(loggedIn ? info.user.id : null);
  const [busy, setBusy] = useState(false);
  const consent = useConsentGate('moxa-log');
  /** Sessions on this phone wait for the separate consent (issue #27 item 15): said 暂不保存, or withdrawn. */
  const [held, setHeld] = useState(false);

  // Sessions whose upload failed go again whenever the log opens, if the consent is in force.
  useEffect(() => {
    if (!loggedIn || pending.length === 0) return;
    let live = true;
    const batch = pending.slice(0, 200);
    hasConsent('moxa-log')
      .then(async (agreed) => {
        if (live) setHeld(!agreed);
        if (!agreed) return;
        await importSessions(batch);
        store.removePending(
          info.user.id,
          batch.map((s) => s.clientId),
        );
        void queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
      })
      .catch((e: unknown) => {
        if (isConsentRequired(e) && live) setHeld(true);
      });
    return () => {
      live = false;
    };
  }, [loggedIn, pending, store, info.user.id, queryClient]);

  /** 保存到账号 for sessions held on this phone: asks for the consent, then sends them. */
  const savePending = async () => {
    setBusy(true);
    try {
      const sent = await consent.run(async () => {
        for (let i = 0; i < pending.length; i += 200) await importSessions(pending.slice(i, i + 200));
        return true;
      });
      if (!sent) return;
      store.removePending(
        info.user.id,
        pending.map((s) => s.clientId),
      );
      setHeld(false);
      await queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
      void showToast(`已把 ${pending.length} 条记录保存到账号`, 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(false);
    }
  };

  const sessions: LoggedSession[] = loggedIn ? [...(server.data ?? []), ...pending] : device;
  const offerImport = loggedIn && device.length > 0 && declinedAt !== device.length;

  const importDevice = async () => {
    setBusy(true);
    try {
      // Issue #27 item 15: only with the separate consent; 暂不保存 leaves them on this phone.
      const sent = await consent.run(async () => {
        for (let i = 0; i < device.length; i += 200) await importSessions(device.slice(i, i + 200));
        return true;
      });
      if (!sent) return;
      store.removeFromDeviceLog(device.map((s) => s.clientId));
      await queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
      void showToast(`已把 ${device.length} 条记录保存到账号`, 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(false);
    }
  };

  const remove = async (s: LoggedSession) => {
    if (!(await showConfirm('删除这条记录？', `${fmtDate(s.startedAt)} ${s.title}`, '删除'))) return;
    try {
      if (s.id) await deleteSession(s.id);
      else if (loggedIn) store.removePending(info.user.id, [s.clientId]);
      else store.removeFromDeviceLog([s.clientId]);
      await queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
      void showToast('已删除', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };

  const removeAll = async () => {
    const where = loggedIn ? '账号里的全部艾灸记录' : '这台手机上的全部艾灸记录';
    if (!(await showConfirm('删除全部记录？', `将永久删除${where}，不能恢复。`, '全部删除'))) return;
    try {
      if (loggedIn) {
        await deleteAllSessions();
        store.removePending(
          info.user.id,
          pending.map((s) => s.clientId),
        );
      } else store.removeFromDeviceLog(device.map((s) => s.clientId));
      await queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
      void showToast('已全部删除', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };

  let body: React.ReactNode;
  if (loggedIn && server.isPending) body = <div className="card mx-loading" aria-busy="true" />;
  else if (loggedIn && server.isError)
    body = (
      <StatusView
        kind="error"
        title="记录没有加载出来"
        description={errorMessage(server.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void server.refetch() }]}
      />
    );
  else if (sessions.length === 0)
    body = (
      <StatusView
        kind="empty"
        title="还没有艾灸记录"
        description="从病症的艾灸方法、体质调理方案或穴位页点“跟着灸”，灸完就会记在这里。"
        actions={[]}
      />
    );
  else body = <Log sessions={sessions} loggedIn={loggedIn} onRemove={(s) => void remove(s)} onRemoveAll={() => void removeAll()} />;

  return (
    <Page title="我的艾灸记录">
      <div className="mx-page">
        {offerImport && (
          <section className="card mx-import" aria-labelledby="mx-import-title">
            <h2 id="mx-import-title">本机有 {device.length} 条未登录时的记录</h2>
            <p>保存到您的账号后，换手机也能看到。要保存吗？</p>
            <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void importDevice()}>
              {busy ? '正在保存…' : '保存到账号'}
            </button>
            <button type="button" className="btn btn-plain btn-block" onClick={() => store.decline(info.user.id, device.length)}>
              暂不
            </button>
          </section>
        )}
        {loggedIn && held && pending.length > 0 && (
          <section className="card mx-import" aria-labelledby="mx-held-title">
            <h2 id="mx-held-title">有 {pending.length} 条记录只保存在这台手机上</h2>
            <p>保存到账号需要您同意保存艾灸记录。不保存也没关系，但退出登录后，这台手机上的这些记录会被清除。</p>
            <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void savePending()}>
              {busy ? '正在保存…' : '保存到账号'}
            </button>
          </section>
        )}
        {!loggedIn && (
          <p className="notice">
            记录保存在这台手机上。
            <Link to="/login" state={{ from: '/moxa_log' }}>
              登录
            </Link>
            后可保存到账号，换手机也不丢。
          </p>
        )}
        {body}
        <Link className="btn btn-primary btn-block mx-start" to="/moxa_session">
          开始一次艾灸
        </Link>
      </div>
      {consent.sheet}
    </Page>
  );
}

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
  const [month, setMonth] = useState(() => {
    const d = new Date(Math.max(...sessions.map((s) => s.startedAt)));
    return { year: d.getFullYear(), month: d.getMonth() };
  });
  const [day, setDay] = useState<string | null>(null);
  // 长辈版: seven columns leave no room for 60 px targets, so days are marked, not tapped; the list below has them all.
  const [elder] = useElderMode();
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
      <section className="card mx-calendar" aria-labelledby="mx-cal-title">
        <div className="mx-cal-head">
          <button type="button" className="mx-cal-nav" aria-label="上个月" onClick={() => move(-1)}>
            ‹
          </button>
          <h2 id="mx-cal-title">
            {month.year}年{month.month + 1}月
          </h2>
          <button type="button" className="mx-cal-nav" aria-label="下个月" onClick={() => move(1)}>
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
                  const key = `${month.year}-${String(month.month + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
                  const n = byDay.get(key)?.length ?? 0;
                  return (
                    <td key={i}>
                      {n > 0 && !elder ? (
                        <button
                          type="button"
                          className={`mx-day has-session${day === key ? ' is-selected' : ''}`}
                          aria-pressed={day === key}
                          aria-label={`${month.month + 1}月${d}日，灸了 ${n} 次`}
                          onClick={() => setDay(day === key ? null : key)}
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
      <Courses sessions={sessions} />
      <h2 className="section-title">{day ? `${Number(day.slice(5, 7))}月${Number(day.slice(8))}日的记录` : '全部记录'}</h2>
      <ul className="card mx-sessions">
        {list.map((s) => (
          <li key={s.clientId}>
            <div className="mx-session-main">
              <b>{s.title}</b>
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
      <button type="button" className="btn btn-danger btn-block" onClick={onRemoveAll}>
        删除全部记录
      </button>
    </>
  );
}

/** Progress per plan, with the pace note and minutes per point. */
function Courses({ sessions }: { sessions: LoggedSession[] }) {
  const list = useMemo(() => courses(sessions).slice(0, 4), [sessions]);
  return (
    <>
      <h2 className="section-title">调理进度</h2>
      {list.map((c) => (
        <CourseCard key={c.key} course={c} />
      ))}
    </>
  );
}

function CourseCard({ course }: { course: Course }) {
  const link = startLink(course.source);
  // The prescription's frequency comes from its plan (cached content), for the pace note.
  const frequency = usePlan(link ? planPath(link.slice(link.indexOf('?'))) : null).data?.frequency ?? null;
  const planned = course.sessions.at(-1)!.points.reduce((n, p) => n + p.plannedSeconds, 0);
  const note = frequency
    ? paceNote(
        course.sessions.map((s) => ({ startedAt: s.startedAt, doneSeconds: doneSeconds(s) })),
        paceOf(frequency),
        planned,
        Date.now(),
      )
    : null;
  const series = minutesByPoint(course.sessions);
  const max = Math.max(1, ...series.flatMap((s) => s.minutes.map((m) => m ?? 0)));
  return (
    <section className="card mx-course" aria-label={`${course.title}的调理进度`}>
      <h3>{course.title}</h3>
      {course.length ? (
        <>
          <p>
            {course.number > 1 ? `第 ${course.number} 个疗程 · ` : ''}第 {course.done}/{course.length} 次
          </p>
          <div
            className="mx-bar"
            role="progressbar"
            aria-label="本疗程进度"
            aria-valuemin={0}
            aria-valuemax={course.length}
            aria-valuenow={course.done}
          >
            <span style={{ width: `${Math.min(1, course.done / course.length) * 100}%` }} />
          </div>
          {course.done >= course.length && <p className="muted small">本疗程已完成，按方案休息几天再开始下一个疗程。</p>}
        </>
      ) : (
        <p>已灸 {course.sessions.length} 次</p>
      )}
      {frequency && <p className="muted small">方案建议：{frequency}</p>}
      {note && (
        <p className="mx-caution" role="note">
          {note}
        </p>
      )}
      <h4 className="mx-sub">每个穴位的时间（最近 {Math.min(10, course.sessions.length)} 次，分钟）</h4>
      <ul className="mx-chart">
        {series.map((s) => (
          <li key={s.code}>
            <span className="mx-chart-name">{s.name}</span>
            <span
              className="mx-chart-bars"
              role="img"
              aria-label={`${s.name}：${s.minutes.map((m) => (m === null ? '跳过' : `${m}分钟`)).join('，')}`}
            >
              {s.minutes.map((m, i) => (
                <span
                  key={i}
                  className={m === null ? 'is-skipped' : ''}
                  style={{ height: `${m === null ? 4 : Math.max(8, (m / max) * 100)}%` }}
                />
              ))}
            </span>
          </li>
        ))}
      </ul>
      {link && (
        <Link className="btn btn-block" to={link}>
          再灸一次
        </Link>
      )}
    </section>
  );
}

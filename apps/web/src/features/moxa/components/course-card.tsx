import { useMemo } from 'react';
import { paceNote, paceOf } from '@moxa/core/moxa/moxa-rules';
import type { SessionSource } from '@moxa/core/moxa/moxa-contract';
import { planPath } from '../api/paths.ts';
import { usePlan } from '../api/sessions.ts';
import { courses, doneSeconds, minutesByPoint, type Course, type LoggedSession } from '../utils/course.ts';
import { Link } from '../../../components/link.tsx';

const startLink = (s: SessionSource) =>
  s.kind === 'points'
    ? null
    : `/moxa_session?${s.kind === 'disease' ? 'disease' : s.kind === 'scheme' ? 'scheme' : 'product'}=${encodeURIComponent(s.id ?? '')}`;

/** 调理进度 (issue #18): the four most recent plans, each with its course progress. */
export function Courses({ sessions }: { sessions: readonly LoggedSession[] }) {
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

/** One plan's progress (第 3/10 次), a gentle note on pace, and the minutes per point over time. */
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

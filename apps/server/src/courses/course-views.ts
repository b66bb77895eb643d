import type { Course, CourseDetail, CourseScheme } from '@moxa/core/courses/course-contract';
import { courseOver, dueDays, nextReminderAt } from '@moxa/core/courses/course-schedule';
import { dayOf, formatDay, formatTimeOfDay } from '@moxa/core/notifications/china-time';
import { CONSTITUTION_NAMES, isConstitutionType } from '@moxa/core/physical/constitution';
import type { ContentStore } from '../content/content-store.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import { timingOf, type CourseRepository, type CourseRow } from './course-repository.ts';

/** How courses are shown to their owner (issue #31): the plan's due days against the moxibustion log. */
export function courseViews(courses: CourseRepository, store: ContentStore, clock: () => number) {
  async function build(c: CourseRow): Promise<CourseDetail> {
    const now = clock();
    const timing = timingOf(c);
    const { days } = dueDays(timing);
    const today = dayOf(now);
    const last = Math.max(today, days.at(-1)?.day ?? c.firstDay);
    const logged = new Set(await courses.loggedDays(c.userId, c.scheme, c.firstDay, last));
    const due = new Set(days.map((d) => d.day));
    const status = c.status === 'active' && courseOver(timing, now) ? 'ended' : c.status;
    return {
      id: c.id,
      scheme: { ...c.scheme, title: c.title },
      frequency: c.frequency,
      time: formatTimeOfDay(c.minute),
      sessions: c.sessions,
      channel: c.channel,
      status,
      pauseReason: c.pauseReason,
      firstDay: formatDay(c.firstDay),
      done: days.filter((d) => logged.has(d.day)).length,
      nextReminderAt: status === 'active' && c.channel !== 'none' ? nextReminderAt(timing, now) : null,
      createdAt: c.createdAt,
      days: days.map((d, i) => ({
        date: formatDay(d.day),
        n: i + 1,
        at: d.at,
        state: logged.has(d.day) ? 'done' : d.day < today ? 'missed' : d.day === today ? 'today' : 'upcoming',
      })),
      extra: [...logged].filter((d) => !due.has(d)).length,
    };
  }
  return {
    detail: build,
    async summary(c: CourseRow): Promise<Course> {
      const { days: _days, extra: _extra, ...course } = await build(c);
      return course;
    },
    /** The scheme's name (as the guided session titles it), or null when the content has no such scheme. */
    title(scheme: CourseScheme): string | null {
      if (scheme.kind === 'disease') return store.get(diseaseKind, scheme.id)?.name ?? null;
      return isConstitutionType(scheme.id) ? `${CONSTITUTION_NAMES[scheme.id]}调理` : null;
    },
  };
}
export type CourseViews = ReturnType<typeof courseViews>;

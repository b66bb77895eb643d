import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from '../notifications/china-time.ts';
import {
  courseOver,
  dueDays,
  firstDayFrom,
  nextReminderAt,
  reminderDue,
  reminderText,
  reminderTimeProblem,
  type CourseTiming,
} from './course-schedule.ts';

const china = (iso: string) => Date.parse(`${iso}+08:00`);
const day = (d: string) => parseDay(d)!;
const timing = (over: Partial<CourseTiming> = {}): CourseTiming => ({
  firstDay: day('2026-11-23'),
  frequency: 'daily',
  minute: 8 * 60,
  sessions: 5,
  pauses: [],
  ...over,
});
const dates = (t: CourseTiming) => dueDays(t).days.map((d) => formatDay(d.day));

describe('course schedule (issue #31)', () => {
  it('lays out daily, every-other-day and weekday courses in China time', () => {
    expect(dates(timing())).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(dates(timing({ frequency: 'every-other-day' }))).toEqual(['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-29', '2026-12-01']);
    // From Thursday: Thu, Fri, then Mon–Wed (26 Nov 2026 is a Thursday).
    expect(dates(timing({ frequency: 'weekdays', firstDay: day('2026-11-26') }))).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(dueDays(timing()).days[0]!.at).toBe(china('2026-11-23T08:00:00'));
  });

  it('starts today when the time is still ahead, else on the next day of the rhythm', () => {
    expect(formatDay(firstDayFrom(china('2026-11-23T07:00:00'), 'daily', 8 * 60))).toBe('2026-11-23');
    expect(formatDay(firstDayFrom(china('2026-11-23T08:00:00'), 'daily', 8 * 60))).toBe('2026-11-24');
    // Friday evening, weekdays: Monday.
    expect(formatDay(firstDayFrom(china('2026-11-27T19:00:00'), 'weekdays', 8 * 60))).toBe('2026-11-30');
  });

  it('is due once on each due day from its time until quiet hours, and not on other days', () => {
    const t = timing({ frequency: 'every-other-day' });
    expect(reminderDue(t, china('2026-11-23T07:59:59'))).toBeNull();
    expect(reminderDue(t, china('2026-11-23T08:00:00'))).toMatchObject({ n: 1, at: china('2026-11-23T08:00:00') });
    expect(reminderDue(t, china('2026-11-23T20:30:00'))).toMatchObject({ n: 1 });
    // Missed all day (the server was down): not sent at night nor the next day.
    expect(reminderDue(t, china('2026-11-23T21:00:00'))).toBeNull();
    expect(reminderDue(t, china('2026-11-24T09:00:00'))).toBeNull();
    expect(reminderDue(t, china('2026-11-25T08:01:00'))).toMatchObject({ n: 2 });
  });

  it('sends nothing while paused, and moves the rest of the course past the pause', () => {
    const pause = { from: china('2026-11-24T07:00:00'), to: china('2026-11-26T12:00:00'), reason: 'fever' as const };
    const t = timing({ pauses: [pause] });
    // 24th and 25th paused; the 26th's 08:00 is still inside the pause; 2 sessions move on.
    expect(dates(t)).toEqual(['2026-11-23', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(reminderDue(t, china('2026-11-25T08:05:00'))).toBeNull();
    expect(reminderDue(t, china('2026-11-27T08:05:00'))).toMatchObject({ n: 2 });
    // Still paused (no end yet): nothing ahead is known, no reminder, and the course is not over.
    const open = timing({ pauses: [{ ...pause, to: null }] });
    expect(dueDays(open)).toEqual({ days: [{ day: day('2026-11-23'), at: china('2026-11-23T08:00:00') }], complete: false });
    expect(reminderDue(open, china('2026-11-24T08:05:00'))).toBeNull();
    expect(nextReminderAt(open, china('2026-11-24T08:05:00'))).toBeNull();
    expect(courseOver(open, china('2027-01-01T08:00:00'))).toBe(false);
  });

  it('ends itself after the day of its last session', () => {
    const t = timing();
    expect(courseOver(t, china('2026-11-27T23:59:00'))).toBe(false);
    expect(courseOver(t, china('2026-11-28T00:00:00'))).toBe(true);
    expect(reminderDue(t, china('2026-11-28T08:00:00'))).toBeNull();
    expect(nextReminderAt(t, china('2026-11-27T08:00:01'))).toBeNull();
    expect(nextReminderAt(t, china('2026-11-26T09:00:00'))).toBe(china('2026-11-27T08:00:00'));
  });

  it('refuses reminder times in quiet hours', () => {
    expect(reminderTimeProblem('08:00')).toBeNull();
    expect(reminderTimeProblem('20:59')).toBeNull();
    expect(reminderTimeProblem('21:00')).toContain('夜间不打扰');
    expect(reminderTimeProblem('07:30')).toContain('08:00');
    expect(reminderTimeProblem('8点')).toBe('请选择提醒时间');
  });

  it('words a reminder as a reminder, never as a dose to keep', () => {
    const text = reminderText('失眠调理', 3, 10);
    expect(text).toBe('今天是您「失眠调理」艾灸疗程的第3次（共10次），身体不适时请暂停。');
    expect(text).not.toMatch(/必须|务必|一定要|不能停/);
  });
});

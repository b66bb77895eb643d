import { describe, expect, it } from 'vitest';
import { courseLength, paceNote, paceOf } from '@moxa/core/moxa/moxa-rules';
import { courses, minutesByPoint, monthWeeks, type LoggedSession } from './course.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1, 12);
const session = (day: number, over: Partial<LoggedSession> = {}): LoggedSession => ({
  clientId: `c${day}`,
  source: { kind: 'disease', id: 'insomnia' },
  title: '失眠',
  startedAt: T0 + day * DAY,
  endedAt: T0 + day * DAY + 600_000,
  points: [{ code: 'ST36', name: '足三里', plannedSeconds: 600, doneSeconds: 600, skipped: false }],
  feeling: null,
  reactions: [],
  notes: '',
  courseLength: 10,
  ...over,
});

describe('course progress (issue #18)', () => {
  it('counts sessions into courses of the prescription length, restarting after a full course or a long rest', () => {
    expect(courses([0, 1, 2].map((d) => session(d)))[0]).toMatchObject({ number: 1, done: 3, length: 10 });
    expect(courses(Array.from({ length: 12 }, (_, d) => session(d)))[0]).toMatchObject({ number: 2, done: 2 });
    expect(courses([session(0), session(1), session(40)])[0]).toMatchObject({ number: 2, done: 1 });
    const two = courses([session(0), session(1, { source: { kind: 'scheme', id: 'qixu' }, title: '气虚质调理' })]);
    expect(two.map((c) => c.title)).toEqual(['气虚质调理', '失眠']);
  });

  it('reads course lengths and paces from the prescriptions’ wording', () => {
    expect(courseLength('7～10次为1个疗程，疗程间休息3天')).toBe(10);
    expect(courseLength('10天为1个疗程')).toBe(10);
    expect(courseLength('连续施灸4周为一个疗程，疗程间休息1周。', '每周2～3次')).toBe(12);
    expect(courseLength('一个三伏天为1个疗程')).toBeNull();
    expect(paceOf('每天或隔天1次')).toEqual({ perDay: 1, minGapDays: 1, perWeek: 7 });
    expect(paceOf('隔天1次')).toMatchObject({ minGapDays: 2, perWeek: 4 });
    expect(paceOf('每周2～3次')).toMatchObject({ perWeek: 3 });
    expect(paceOf('每天1次；受凉新咳时每天可灸1～2次').perDay).toBe(2);
  });

  it('notes gently when sessions come too often or run too long, and is quiet otherwise', () => {
    const now = T0 + 10 * DAY;
    const daily = paceOf('每天1次');
    const at = (d: number, seconds = 600) => ({ startedAt: T0 + d * DAY, doneSeconds: seconds });
    expect(paceNote([at(9), at(10)], daily, 600, now)).toBeNull();
    expect(paceNote([at(10), { startedAt: now + 3_600_000, doneSeconds: 600 }], daily, 600, now)).toContain('今天已经灸了 2 次');
    expect(paceNote([at(9), at(10)], paceOf('隔天1次'), 600, now)).toContain('隔天');
    expect(
      paceNote(
        [4, 5, 6, 7, 8].map((d) => at(d)),
        paceOf('每周2～3次'),
        600,
        now,
      ),
    ).toContain('近 7 天灸了 5 次');
    expect(paceNote([at(10, 1500)], daily, 600, now)).toContain('比方案的 10 分钟长了不少');
  });

  it('charts minutes per point over recent sessions and lays out a month from Monday', () => {
    const series = minutesByPoint([
      session(0),
      session(1, { points: [{ code: 'ST36', name: '足三里', plannedSeconds: 600, doneSeconds: 480, skipped: false }] }),
    ]);
    expect(series).toEqual([{ code: 'ST36', name: '足三里', minutes: [10, 8] }]);
    const weeks = monthWeeks(2026, 10); // November 2026 starts on a Sunday
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });
});

import { describe, expect, it } from 'vitest';
import type { SessionPlan } from '@moxa/core/moxa/moxa-contract';
import {
  addMinute,
  elapsedSeconds,
  endEarly,
  finishPoint,
  isFinished,
  isTimeUp,
  newSession,
  parseActive,
  pause,
  remainingSeconds,
  remindersDue,
  resume,
  sideSwitchNow,
  startPoint,
  toInput,
} from './session-clock.ts';

const point = (code: string, minutes: number) => ({
  code,
  name: code,
  method: '艾条温和灸',
  distance: '离皮肤2～3厘米',
  minutes,
  note: null,
  level: 'suitable' as const,
  cautions: [],
  location: '',
  findMethod: '',
  chart: null,
  bilateral: true,
});
const plan: SessionPlan = {
  source: { kind: 'disease', id: 'insomnia' },
  title: '失眠',
  points: [point('GV20', 10), point('SP6', 5)],
  refused: [],
  cautions: [],
  frequency: '每晚1次',
  course: '10次为1个疗程',
  courseLength: 10,
};
const T0 = Date.UTC(2026, 10, 25, 12);
const min = 60_000;

describe('guided session clock (issue #18)', () => {
  it('computes the countdown from stored instants, so a locked screen or a reload loses nothing', () => {
    let s = startPoint(newSession(plan, T0, 'c1'), T0);
    // The phone is locked for 4 minutes: no ticks ran, the countdown is still right.
    expect(remainingSeconds(s, T0 + 4 * min)).toBe(6 * 60);
    // A reload reads the same state back from storage.
    s = parseActive(JSON.stringify(s))!;
    expect(remainingSeconds(s, T0 + 4 * min + 30_000)).toBe(5 * 60 + 30);
    expect(remindersDue(s, T0 + 7 * min, 180)).toBe(2);
  });

  it('excludes paused time, and never runs past the planned time', () => {
    let s = startPoint(newSession(plan, T0, 'c1'), T0);
    s = pause(s, T0 + 2 * min);
    expect(elapsedSeconds(s, T0 + 9 * min)).toBe(120);
    s = resume(s, T0 + 9 * min);
    expect(elapsedSeconds(s, T0 + 10 * min)).toBe(180);
    expect(isTimeUp(s, T0 + 30 * min)).toBe(true);
    expect(elapsedSeconds(s, T0 + 30 * min)).toBe(600);
  });

  it('adds a minute that starts when pressed, even after the countdown ended', () => {
    let s = startPoint(newSession(plan, T0, 'c1'), T0);
    s = addMinute(s, T0 + 25 * min);
    expect(remainingSeconds(s, T0 + 25 * min)).toBe(60);
    expect(remainingSeconds(s, T0 + 25 * min + 30_000)).toBe(30);
    expect(isTimeUp(s, T0 + 26 * min)).toBe(true);
  });

  it('records done and skipped points and builds the record', () => {
    let s = startPoint(newSession(plan, T0, 'c1'), T0);
    s = finishPoint(s, T0 + 10 * min, false);
    s = finishPoint(s, T0 + 11 * min, true);
    expect(s.results).toEqual([
      { code: 'GV20', name: 'GV20', plannedSeconds: 600, doneSeconds: 600, skipped: false },
      { code: 'SP6', name: 'SP6', plannedSeconds: 300, doneSeconds: 0, skipped: true },
    ]);
    const input = toInput(s, T0 + 12 * min, { feeling: 4, notes: ' 很舒服 ', reactions: ['redness'] });
    expect(input).toMatchObject({
      clientId: 'c1',
      startedAt: T0,
      endedAt: T0 + 12 * min,
      notes: '很舒服',
      courseLength: 10,
      endedEarly: false,
    });
  });

  it('ends early with the part done: the running point keeps its time, the rest is left out (issue #32 item 3)', () => {
    let s = startPoint(newSession(plan, T0, 'c1'), T0);
    // Nothing done yet: nothing to record.
    expect(endEarly(s, T0)).toBeNull();
    expect(endEarly(newSession(plan, T0, 'c1'), T0 + min)).toBeNull();
    s = endEarly(s, T0 + 3 * min + 20_000)!;
    expect(isFinished(s)).toBe(true);
    expect(s.results).toEqual([{ code: 'GV20', name: 'GV20', plannedSeconds: 600, doneSeconds: 200, skipped: false }]);
    const input = toInput(s, T0 + 9 * min, { feeling: null, notes: '', reactions: [] });
    expect(input).toMatchObject({ endedEarly: true, endedAt: T0 + 3 * min + 20_000 });
    // Ending between points keeps what was finished; the next point, not started, is not in it.
    let t = finishPoint(startPoint(newSession(plan, T0, 'c2'), T0), T0 + 10 * min, false);
    t = endEarly(t, T0 + 11 * min)!;
    expect(t.results.map((r) => r.code)).toEqual(['GV20']);
    // Kept across a reload.
    expect(parseActive(JSON.stringify(t))?.endedEarlyAt).toBe(T0 + 11 * min);
  });

  it('prompts 换另一侧 once at half time on a bilateral point, also after a reload (issue #32 item 3)', () => {
    let s = startPoint(newSession(plan, T0, 'c1'), T0);
    expect(sideSwitchNow(s, T0 + 4 * min)).toBe(false);
    expect(sideSwitchNow(s, T0 + 5 * min)).toBe(true);
    s = parseActive(JSON.stringify({ ...s, sideSwitched: true }))!;
    expect(sideSwitchNow(s, T0 + 6 * min)).toBe(false);
    // The next point prompts again, at its own half time.
    s = startPoint(finishPoint(s, T0 + 10 * min, false), T0 + 10 * min);
    expect(sideSwitchNow(s, T0 + 12 * min)).toBe(false);
    expect(sideSwitchNow(s, T0 + 12 * min + 30_000)).toBe(true);
    // A point on the midline has one side.
    const single = { ...plan, points: [{ ...plan.points[0]!, bilateral: false }] };
    expect(sideSwitchNow(startPoint(newSession(single, T0, 'c3'), T0), T0 + 5 * min)).toBe(false);
  });

  it('ignores unreadable stored state', () => {
    expect(parseActive('{')).toBeNull();
    expect(parseActive('{"clientId":1}')).toBeNull();
    // A session stored before issue #32 reads with no side switch and not ended.
    const old = JSON.stringify({ clientId: 'c', plan, startedAt: T0, index: 0, results: [] });
    expect(parseActive(old)).toMatchObject({ sideSwitched: false, endedEarlyAt: null });
  });
});

import { describe, expect, it } from 'vitest';
import type { SessionPlan } from '@moxa/core/moxa/moxa-contract';
import {
  addMinute,
  elapsedSeconds,
  finishPoint,
  isTimeUp,
  newSession,
  parseActive,
  pause,
  remainingSeconds,
  remindersDue,
  resume,
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
    expect(input).toMatchObject({ clientId: 'c1', startedAt: T0, endedAt: T0 + 12 * min, notes: '很舒服', courseLength: 10 });
  });

  it('ignores unreadable stored state', () => {
    expect(parseActive('{')).toBeNull();
    expect(parseActive('{"clientId":1}')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { SAFETY_FACTS } from '../safety/safety-facts.ts';
import { heatReminder, sideOf, sideSwitchDue, sideSwitchSecond } from './moxa-rules.ts';

const { standard, gentle } = SAFETY_FACTS.distance.values;

describe('the heat reminder says the step’s own distance (issue #32 item 3)', () => {
  it('repeats a declared distance in the step’s own words', () => {
    expect(heatReminder(`离皮肤${gentle}`)).toBe(`保持离皮肤${gentle}，感觉灼热请移开`);
    expect(heatReminder(`离头皮${gentle}`)).toBe(`保持离头皮${gentle}，感觉灼热请移开`);
    expect(heatReminder(`离皮肤${standard}`)).toBe(`保持离皮肤${standard}，感觉灼热请移开`);
    // The gentle step is never told the standard distance (what the walk-through found).
    expect(heatReminder(`离皮肤${gentle}`)).not.toContain(standard);
  });

  it('gives the standard distance to a step without one, and no distance to a box or a ginger slice', () => {
    expect(heatReminder()).toBe(`保持离皮肤${standard}，感觉灼热请移开`);
    expect(heatReminder('  ')).toContain(standard);
    for (const placed of ['灸盒放在脐下小腹正中', '姜片放在肚脐上，艾炷置于姜片上']) {
      expect(heatReminder(placed)).not.toMatch(/厘米/);
      expect(heatReminder(placed)).toContain('感觉灼热');
    }
  });
});

describe('换另一侧 at half time on bilateral points (issue #32 item 3)', () => {
  it('switches at half the planned time, rounding odd seconds up', () => {
    expect(sideSwitchSecond(600)).toBe(300);
    expect(sideSwitchSecond(301)).toBe(151);
    expect(sideOf(true, 299, 600)).toBe('first');
    expect(sideOf(true, 300, 600)).toBe('other');
    expect(sideOf(false, 500, 600)).toBe('one');
  });

  it('prompts once, between half time and the end, only on bilateral points', () => {
    const at = (elapsedSeconds: number, over: Partial<Parameters<typeof sideSwitchDue>[0]> = {}) =>
      sideSwitchDue({ bilateral: true, elapsedSeconds, plannedSeconds: 600, prompted: false, ...over });
    expect(at(0)).toBe(false);
    expect(at(299)).toBe(false);
    expect(at(300)).toBe(true);
    expect(at(599)).toBe(true);
    // At the end the point's own signal speaks; a page that comes back after it does not prompt.
    expect(at(600)).toBe(false);
    expect(at(300, { prompted: true })).toBe(false);
    expect(at(300, { bilateral: false })).toBe(false);
    // A minute added before half time moves the switch by half a minute.
    expect(at(310, { plannedSeconds: 660 })).toBe(false);
    expect(at(330, { plannedSeconds: 660 })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { parseRegion, parseTab } from './tabs.ts';

describe('acupoint tabs', () => {
  it('reads ?tab= with 经络 as the default', () => {
    expect(parseTab('region')).toBe('region');
    expect(parseTab('common')).toBe('common');
    expect(parseTab(null)).toBe('meridian');
    expect(parseTab('nonsense')).toBe('meridian');
  });

  it('reads ?region= only for known regions', () => {
    expect(parseRegion('abdomen')).toBe('abdomen');
    expect(parseRegion('belly')).toBeNull();
    expect(parseRegion(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_KEY, addRecent, readRecent, writeRecent } from './recent-searches.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('recent searches', () => {
  it('puts the newest first and removes an earlier copy', () => {
    expect(addRecent(['关元', 'zsl'], '足三里')).toEqual(['足三里', '关元', 'zsl']);
    expect(addRecent(['关元', 'zsl', '失眠'], 'zsl')).toEqual(['zsl', '关元', '失眠']);
    expect(addRecent(['st36'], ' ST36 ')).toEqual(['ST36']);
  });

  it('keeps at most 10 and ignores blank terms', () => {
    const many = Array.from({ length: 10 }, (_, i) => `词${i}`);
    const next = addRecent(many, '新词');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('新词');
    expect(next).not.toContain('词9');
    expect(addRecent(['关元'], '   ')).toEqual(['关元']);
  });

  it('round-trips through storage and clears the key when empty', () => {
    const s = memoryStorage();
    writeRecent(s, ['足三里', '失眠']);
    expect(readRecent(s)).toEqual(['足三里', '失眠']);
    writeRecent(s, []);
    expect(s.data.has(RECENT_SEARCHES_KEY)).toBe(false);
    expect(readRecent(s)).toEqual([]);
  });

  it('reads anything unexpected as empty and never throws', () => {
    expect(readRecent(null)).toEqual([]);
    expect(readRecent(memoryStorage({ [RECENT_SEARCHES_KEY]: '{bad json' }))).toEqual([]);
    expect(readRecent(memoryStorage({ [RECENT_SEARCHES_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readRecent(memoryStorage({ [RECENT_SEARCHES_KEY]: '["关元", 3, "", null]' }))).toEqual(['关元']);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeRecent(full, ['关元'])).not.toThrow();
  });
});

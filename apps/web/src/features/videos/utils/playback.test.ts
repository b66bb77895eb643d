import { describe, expect, it } from 'vitest';
import { savedPosition, savePosition, visitorId } from './playback.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('video playback memory (issue #16)', () => {
  it('resumes where a video was left, but not near its start or end', () => {
    const s = memoryStorage();
    savePosition('a', 42.7, 60, s);
    expect(savedPosition('a', 60, s)).toBe(42);
    savePosition('a', 58, 60, s);
    expect(savedPosition('a', 60, s)).toBe(0);
    savePosition('b', 2, 60, s);
    expect(savedPosition('b', 60, s)).toBe(0);
  });

  it('remembers at most 30 videos, dropping the oldest', () => {
    const s = memoryStorage();
    for (let i = 0; i < 35; i++) savePosition(`v${i}`, 10, 60, s);
    expect(savedPosition('v0', 60, s)).toBe(0);
    expect(savedPosition('v34', 60, s)).toBe(10);
  });

  it('keeps one anonymous device id in the format the server accepts', () => {
    const s = memoryStorage();
    const id = visitorId(s);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(visitorId(s)).toBe(id);
  });
});

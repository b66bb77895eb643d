import { describe, expect, it } from 'vitest';
import { clearUserData, userKey } from './user-storage.ts';

class ListStorage {
  data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}

describe('clearUserData (issue #13 items 6, 7)', () => {
  it('deletes every key of the user and nothing else', () => {
    const s = new ListStorage();
    s.setItem(userKey('u1', 'physical:results'), '[]');
    s.setItem(userKey('u1', 'physical:draft'), '{}');
    s.setItem(userKey('u10', 'physical:results'), '[]');
    s.setItem('physical:results', '[]');
    s.setItem('keyLoginInfo', '');
    expect(clearUserData('u1', s as unknown as Storage)).toBe(2);
    expect([...s.data.keys()].sort()).toEqual(['keyLoginInfo', 'physical:results', userKey('u10', 'physical:results')]);
  });

  it('does nothing without a user or a storage', () => {
    const s = new ListStorage();
    s.setItem('u::x', '1');
    expect(clearUserData('', s as unknown as Storage)).toBe(0);
    expect(clearUserData('u1', null)).toBe(0);
    expect(s.data.size).toBe(1);
  });
});

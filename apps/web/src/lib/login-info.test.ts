import { beforeEach, describe, expect, it } from 'vitest';

/** A minimal window with localStorage for this node-environment test. */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
}
const storage = new MemoryStorage();
Object.assign(globalThis, { window: { localStorage: storage, addEventListener() {}, removeEventListener() {} } });

const { getLoginInfo, isLoggedIn, loginInfoOrDefault, setLoginInfo } = await import('./login-info.ts');

describe('login info in localStorage (spec §3, §4)', () => {
  beforeEach(() => storage.clear());

  it('saves under keyLoginInfo and restores it', () => {
    const info = { token: 't0k3n', user: { id: 'u1', name: '用户8000', avatarUrl: '' } };
    setLoginInfo(info);
    expect(JSON.parse(storage.getItem('keyLoginInfo')!)).toEqual(info);
    expect(getLoginInfo()).toEqual(info);
    expect(isLoggedIn()).toBe(true);
  });

  it('stores an empty string when set to nothing, and then yields none', () => {
    setLoginInfo({ token: 't', user: { id: 'u', name: 'n', avatarUrl: '' } });
    setLoginInfo(null);
    expect(storage.getItem('keyLoginInfo')).toBe('');
    expect(getLoginInfo()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('defaults to 未登录 with empty id, avatar and token', () => {
    expect(getLoginInfo()).toBeNull();
    expect(loginInfoOrDefault()).toEqual({ token: '', user: { id: '', name: '未登录', avatarUrl: '' } });
  });

  it('treats corrupt or foreign values as not logged in', () => {
    storage.setItem('keyLoginInfo', '{not json');
    expect(getLoginInfo()).toBeNull();
    storage.setItem('keyLoginInfo', JSON.stringify({ token: 5 }));
    expect(getLoginInfo()).toBeNull();
    storage.setItem('keyLoginInfo', JSON.stringify({ token: '', user: { id: '', name: '未登录', avatarUrl: '' } }));
    expect(isLoggedIn()).toBe(false);
  });
});

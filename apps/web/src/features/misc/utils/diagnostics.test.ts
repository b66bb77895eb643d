import { describe, expect, it } from 'vitest';
import { diagnosticRows, diagnosticText, serviceState } from './diagnostics.ts';

describe('/test diagnostics (issue #17)', () => {
  const facts = {
    version: '1.0.0',
    buildTime: '2026-11-25 20:00',
    serviceWorker: '已启用',
    api: '正常（响应 86 毫秒）',
    loggedIn: true,
    online: true,
    screen: '375 × 812',
    dpr: 3,
    userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50',
  };
  it('says whether login info is stored without showing it, and recognises WeChat', () => {
    const rows = Object.fromEntries(diagnosticRows(facts));
    expect(rows['登录信息']).toBe('本机已保存（不显示令牌）');
    expect(rows['微信内']).toBe('是');
    expect(rows['像素比']).toBe('3');
  });
  it('says whether the service answers and how fast, never what it runs on (issue #27 item 19)', () => {
    expect(serviceState({ pending: true })).toBe('检查中…');
    expect(serviceState({ pending: false, status: 'ok', ms: 86 })).toBe('正常（响应 86 毫秒）');
    expect(serviceState({ pending: false, status: 'degraded', ms: 5 })).toBe('异常：服务暂时不可用，请稍后再试');
    expect(serviceState({ pending: false, error: '网络连接失败' })).toBe('异常：网络连接失败');
    // Whatever else a server answers (an older one said "sqlite ok"), the row does not show it.
    const extra = { pending: false, status: 'ok', ms: 3, db: 'sqlite ok' } as Parameters<typeof serviceState>[0];
    expect(serviceState(extra)).not.toMatch(/sqlite|postgres/i);
  });
  it('copies every row as one text', () => {
    const text = diagnosticText(diagnosticRows(facts), new Date(2026, 10, 25, 20, 0));
    expect(text.split('\n')).toHaveLength(11);
    expect(text).toContain('服务连接：正常（响应 86 毫秒）');
  });
});

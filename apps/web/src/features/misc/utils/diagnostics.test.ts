import { describe, expect, it } from 'vitest';
import { diagnosticRows, diagnosticText } from './diagnostics.ts';

describe('/test diagnostics (issue #17)', () => {
  const facts = {
    version: '1.0.0',
    buildTime: '2026-11-25 20:00',
    serviceWorker: '已启用',
    api: '正常（sqlite ok，86 毫秒）',
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
  it('copies every row as one text', () => {
    const text = diagnosticText(diagnosticRows(facts), new Date(2026, 10, 25, 20, 0));
    expect(text.split('\n')).toHaveLength(11);
    expect(text).toContain('服务连接：正常（sqlite ok，86 毫秒）');
  });
});

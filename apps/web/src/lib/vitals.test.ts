import { describe, expect, it } from 'vitest';
import { VITALS_ROUTE_PATTERN } from '@moxa/core/vitals/vitals-names';
import { deviceClass, networkType, routePattern } from './vitals.ts';

const CHROME = 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36';
const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN';

/** Issue #33 item 5: what a report says about the visit — never more than the server accepts. */
describe('page-speed report fields', () => {
  it('names the route pattern, never the URL', () => {
    expect(routePattern('/disease_detail/insomnia')).toBe('/disease_detail/:id');
    expect(routePattern('/product')).toBe('/product');
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/no/such/page/13800138000')).toBe('*');
    for (const path of ['/disease_detail/x', '/mine/data', '/single-order-h5/ConsultationH5', '/case/caseDetails/abc', '/nowhere'])
      expect(routePattern(path)).toMatch(VITALS_ROUTE_PATTERN);
  });

  it('classes the device by memory, else processors', () => {
    expect(deviceClass({ deviceMemory: 2, hardwareConcurrency: 8, userAgent: CHROME })).toBe('low');
    expect(deviceClass({ deviceMemory: 4, userAgent: CHROME })).toBe('mid');
    expect(deviceClass({ deviceMemory: 8, userAgent: CHROME })).toBe('high');
    expect(deviceClass({ hardwareConcurrency: 6, userAgent: CHROME })).toBe('high');
    expect(deviceClass({ userAgent: CHROME })).toBe('unknown');
  });

  it('takes the network from WeChat’s user agent, else the browser’s speed class', () => {
    expect(networkType({ userAgent: WECHAT, connection: { effectiveType: '4g' } })).toBe('wifi');
    expect(networkType({ userAgent: WECHAT.replace('WIFI', '5G') })).toBe('5g');
    expect(networkType({ userAgent: CHROME, connection: { effectiveType: '3g' } })).toBe('3g');
    expect(networkType({ userAgent: CHROME })).toBe('unknown');
    expect(networkType({ userAgent: WECHAT.replace('WIFI', 'OTHER') })).toBe('unknown');
  });
});

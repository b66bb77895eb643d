import { PRIVACY_POLICY_VERSION } from '@moxa/core/consent/consent-rules';
import { PRIVACY_POLICY_EFFECTIVE_DATE } from '@moxa/core/legal/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_CACHE } from '../lib/cached-body.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/**
 * Issue #27 item 18: 关于我们 names who runs the service from the configuration; unset values are
 * null (the pages say 未配置), never invented. The policy's version and effective date come along.
 */
describe.each(DIALECTS)('GET /api/v8/about on %s', (dialect) => {
  let bare: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    bare = await createTestApp(dialect);
    configured = await createTestApp(dialect, {
      OPERATOR_NAME: '杭州艾灸养生科技有限公司',
      OPERATOR_ADDRESS: '浙江省杭州市西湖区文三路 1 号',
      OPERATOR_PHONE: '0571-88888888',
      ICP_NUMBER: '浙ICP备00000000号-1',
    });
  });
  afterAll(async () => {
    await bare.close();
    await configured.close();
  });

  it('says plainly what is not configured', async () => {
    const res = await bare.app.inject({ url: '/api/v8/about' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      operatorName: null,
      operatorAddress: null,
      operatorPhone: null,
      icpNumber: null,
      configured: false,
      privacyPolicyVersion: PRIVACY_POLICY_VERSION,
      privacyPolicyEffectiveDate: PRIVACY_POLICY_EFFECTIVE_DATE,
      termsVersion: expect.any(String),
      termsEffectiveDate: expect.any(String),
    });
    expect(res.headers['cache-control']).toBe(CONTENT_CACHE);
  });

  it('answers the configured operator, address, phone and ICP filing number', async () => {
    const data = (await configured.app.inject({ url: '/api/v8/about' })).json().data;
    expect(data).toMatchObject({
      operatorName: '杭州艾灸养生科技有限公司',
      operatorAddress: '浙江省杭州市西湖区文三路 1 号',
      operatorPhone: '0571-88888888',
      icpNumber: '浙ICP备00000000号-1',
      configured: true,
    });
    const doc = (await configured.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    expect(Object.keys(doc.paths['/api/v8/about'] ?? {})).toEqual(['get']);
  });
});

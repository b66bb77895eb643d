import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit.ts';

describe('CI audit verdict (issue #13 item 16)', () => {
  it('fails on high or critical advisories', () => {
    expect(judgeAudit({ metadata: { vulnerabilities: { high: 1, critical: 0 } } }).ok).toBe(false);
    expect(judgeAudit({ metadata: { vulnerabilities: { critical: 2 } } }).ok).toBe(false);
  });
  it('passes with only low or moderate ones', () => {
    expect(judgeAudit({ metadata: { vulnerabilities: { low: 3, moderate: 1, high: 0, critical: 0 } } })).toMatchObject({
      ok: true,
      reachable: true,
    });
  });
  it('says so when the audit service cannot be reached', () => {
    const v = judgeAudit({
      statusCode: 405,
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(v).toMatchObject({ ok: true, reachable: false });
    expect(v.text).toContain('405');
  });
});

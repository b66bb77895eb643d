import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('environment (design §7)', () => {
  it('starts with no variables at all', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_URL: '',
      SQLITE_PATH: 'data/app.db',
      SMS_PROVIDER: 'console',
      TRUST_PROXY: false,
      REDIS_PREFIX: 'moxa:',
    });
  });

  it('reads TRUST_PROXY as a switch, a hop count or a list of proxies', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('refuses invalid values with the variable named', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
  });
});

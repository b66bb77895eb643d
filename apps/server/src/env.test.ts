import { describe, expect, it } from 'vitest';
import { assertDeployable, loadEnv } from './env.ts';

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

  it('keeps the console SMS provider to local use unless explicitly allowed (issue #13 item 5)', () => {
    const deployable = (source: Record<string, string>) => () => assertDeployable(loadEnv(source));
    expect(deployable({})).not.toThrow();
    expect(loadEnv({}).SMS_PROVIDER).toBe('console');
    expect(deployable({ TRUST_PROXY: '1' })).toThrow(/SMS_CONSOLE_ALLOWED/);
    const pg = 'postgres://postgres@127.0.0.1:5432/app';
    expect(deployable({ DATABASE_URL: pg, SECRET_KEY: 'k'.repeat(32) })).toThrow(/SMS_CONSOLE_ALLOWED/);
    expect(deployable({ DATABASE_URL: pg, SMS_CONSOLE_ALLOWED: 'true' })).toThrow(/SECRET_KEY/);
    expect(deployable({ DATABASE_URL: pg, SMS_CONSOLE_ALLOWED: 'true', SECRET_KEY: 'k'.repeat(32) })).not.toThrow();
    expect(deployable({ TRUST_PROXY: '1', SMS_PROVIDER: 'aliyun' })).not.toThrow();
  });

  it('keeps the console SMS provider on the loopback unless explicitly allowed (issue #27 item 12)', () => {
    const deployable = (source: Record<string, string>) => () => assertDeployable(loadEnv(source));
    // `npm start` on a developer's machine: no variables at all, and it starts, on the loopback only.
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(deployable({})).not.toThrow();
    // A single SQLite instance that serves the network (behind nginx, without TRUST_PROXY) is refused.
    for (const host of ['0.0.0.0', '::', '10.0.0.5']) expect(deployable({ HOST: host }), host).toThrow(/HOST=.*SMS_CONSOLE_ALLOWED=true/);
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(deployable({ HOST: host }), host).not.toThrow();
    expect(deployable({ HOST: '0.0.0.0', SMS_CONSOLE_ALLOWED: 'true' })).not.toThrow();
    // A real provider listens on every interface by default, as before.
    expect(loadEnv({ SMS_PROVIDER: 'aliyun' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ SMS_CONSOLE_ALLOWED: 'true' }).HOST).toBe('0.0.0.0');
    expect(deployable({ SMS_PROVIDER: 'tencent', HOST: '0.0.0.0' })).not.toThrow();
    // Overrides (tests, tools) are resolved the same way.
    expect(loadEnv({}, { SMS_CONSOLE_ALLOWED: true }).HOST).toBe('0.0.0.0');
  });

  it('has safe defaults for slow and idle clients, and refuses inconsistent ones (issue #27 item 9)', () => {
    expect(loadEnv({})).toMatchObject({
      REQUEST_TIMEOUT_MS: 120_000,
      HEADERS_TIMEOUT_MS: 20_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
      CONNECTION_TIMEOUT_MS: 120_000,
      MAX_CONNECTIONS: 1000,
    });
    for (const name of ['REQUEST_TIMEOUT_MS', 'HEADERS_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS', 'CONNECTION_TIMEOUT_MS', 'MAX_CONNECTIONS'])
      expect(() => loadEnv({ [name]: '0' }), name).toThrow(new RegExp(name));
    expect(() => loadEnv({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('bounds the numbers and requires https endpoints (issue #13 item 5)', () => {
    expect(() => loadEnv({ SMS_CODE_TTL_SECONDS: '601' })).toThrow(/SMS_CODE_TTL_SECONDS/);
    expect(loadEnv({ SMS_CODE_TTL_SECONDS: '600' }).SMS_CODE_TTL_SECONDS).toBe(600);
    for (const name of [
      'SMS_MAX_GLOBAL_DAY',
      'SMS_MAX_PER_IP_HOUR',
      'SMS_COOLDOWN_SECONDS',
      'LOGIN_MAX_FAILS_PER_NUMBER_DAY',
      'TOKEN_TTL_DAYS',
    ]) {
      expect(() => loadEnv({ [name]: '0' }), name).toThrow(new RegExp(name));
    }
    expect(() => loadEnv({ WECHAT_API_BASE: 'http://api.weixin.qq.com' })).toThrow(/WECHAT_API_BASE/);
    expect(() => loadEnv({ ALIYUN_SMS_ENDPOINT: 'ftp://x' })).toThrow(/ALIYUN_SMS_ENDPOINT/);
    expect(loadEnv({ TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9999' }).TENCENT_SMS_ENDPOINT).toBe('http://127.0.0.1:9999');
  });

  it('allows the quick-access regions by default', () => {
    expect(loadEnv({}).SMS_ALLOWED_COUNTRIES).toBe('86,852,853,886,65');
    expect(() => loadEnv({ SMS_ALLOWED_COUNTRIES: '86;1' })).toThrow(/SMS_ALLOWED_COUNTRIES/);
  });
});

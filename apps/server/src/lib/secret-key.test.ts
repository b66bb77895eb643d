import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { resolveSecretKey } from './secret-key.ts';

describe('SECRET_KEY (issue #13 item 5)', () => {
  it('makes a random key once, keeps it in the data folder with mode 0600, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moxa-key-'));
    const env = loadEnv({ SQLITE_PATH: join(dir, 'app.db') });
    const key = resolveSecretKey(env);
    expect(key.length).toBeGreaterThanOrEqual(43);
    expect(key).not.toBe('dev-only-secret-key-change-me');
    expect(statSync(join(dir, 'secret-key')).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(env)).toBe(key);
    const other = mkdtempSync(join(tmpdir(), 'moxa-key-'));
    expect(resolveSecretKey(loadEnv({ SQLITE_PATH: join(other, 'app.db') }))).not.toBe(key);
  });

  it('uses a configured key and refuses one shorter than 32 characters', () => {
    const long = 'k'.repeat(32);
    expect(resolveSecretKey(loadEnv({ SECRET_KEY: long }))).toBe(long);
    expect(() => loadEnv({ SECRET_KEY: 'dev-only-secret-key-change-me' })).toThrow(/SECRET_KEY/);
  });

  it('tightens the mode of an existing key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moxa-key-'));
    writeFileSync(join(dir, 'secret-key'), 'x'.repeat(40), { mode: 0o644 });
    expect(resolveSecretKey(loadEnv({ SQLITE_PATH: join(dir, 'app.db') }))).toBe('x'.repeat(40));
    expect(statSync(join(dir, 'secret-key')).mode & 0o777).toBe(0o600);
  });
});

import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Env } from '../env.ts';

/**
 * The key that signs stored SMS-code hashes (issue #13 item 5). A configured SECRET_KEY wins. Unset,
 * a random 256-bit key is made once and kept beside the SQLite database (mode 0600), so a fresh
 * `npm start` needs no configuration and is never on a key anyone else knows. (A shared database
 * requires SECRET_KEY: env.ts refuses to start without it.)
 */
export function resolveSecretKey(env: Env): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = join(dirname(env.SQLITE_PATH), 'secret-key');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      chmodSync(file, 0o600);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, the first one's key is the one both use.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

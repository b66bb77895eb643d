import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SALT_ALPHABET, SALT_MAX, SALT_MIN } from './constants.ts';

/**
 * The app key mixed into the secret hash. It ships in the web bundle, so the signature is a
 * speed bump against scripts, not authentication (design §4); see docs/decisions/003-request-signing.md.
 */
export const SIGN_APP_KEY = 'moxa-h5:v8';

const hex = (s: string) => bytesToHex(md5(utf8ToBytes(s)));

/** Secret hash derived from salt and from: md5(salt + '|' + from + '|' + app key). */
export function secretHash(salt: string, from: number): string {
  return hex(`${salt}|${from}|${SIGN_APP_KEY}`);
}

/**
 * Spec §7: concatenate mobile and timestamp, sort the characters, join with the secret hash,
 * and take the MD5 of that.
 */
export function signRequest(mobile: string, time: number, salt: string, from: number): string {
  const sorted = [...`${mobile}${time}`].sort().join('');
  return hex(sorted + secretHash(salt, from));
}

/** Spec §9: random salt of 8–12 characters from [0-9A-Za-z], from a CSPRNG. */
export function makeSalt(random: (n: number) => Uint8Array = cryptoRandom): string {
  const bytes = random(SALT_MAX + 1);
  const length = SALT_MIN + ((bytes[0] ?? 0) % (SALT_MAX - SALT_MIN + 1));
  let salt = '';
  for (let i = 1; i <= length; i++) salt += SALT_ALPHABET[(bytes[i] ?? 0) % SALT_ALPHABET.length];
  return salt;
}

function cryptoRandom(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

export const SALT_PATTERN = /^[0-9A-Za-z]{8,12}$/;

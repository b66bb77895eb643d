/**
 * Issue #27 item 13: display names (昵称) never show digits of a phone number. A new account is named
 * 用户 + a random short id (not derived from the number); a user may choose a 昵称 of 2–12
 * characters. Zod-free, so the web form checks with the same rules as the server.
 */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 12;
export const DEFAULT_NAME_PREFIX = '用户';

/** Letters and digits easy to tell apart when read aloud or copied (no 0/O, 1/I/L). */
const ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ID_LENGTH = 6;
/** Four digits in a row could be the end of a phone number: never in a default name, never chosen. */
const DIGIT_RUN = /[0-9０-９]{4}/;

/**
 * A default name: 用户 + 6 random characters. `randomIndex(n)` returns an integer in [0, n) from a
 * CSPRNG (the server passes node:crypto's randomInt). Ids with four digits in a row are drawn again.
 */
export function randomDisplayName(randomIndex: (n: number) => number): string {
  for (;;) {
    let id = '';
    for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomIndex(ID_ALPHABET.length)];
    if (!DIGIT_RUN.test(id)) return `${DEFAULT_NAME_PREFIX}${id}`;
  }
}

/** The name as it will be kept: surrounding spaces dropped, inner runs of spaces made one. */
export const normalizeDisplayName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** Why a 昵称 cannot be used (a Chinese message fit to show), or null when it can. Check the normalized name. */
export function displayNameProblem(name: string): string | null {
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN || length > DISPLAY_NAME_MAX) return `昵称请用${DISPLAY_NAME_MIN}到${DISPLAY_NAME_MAX}个字`;
  if (!/^[\p{L}\p{N}\p{M} ·._-]+$/u.test(name)) return '昵称只能用汉字、字母、数字和 · _ - 这几个符号';
  if (DIGIT_RUN.test(name)) return '昵称里不能有连着的4个数字，以免露出手机号';
  return null;
}

/**
 * How an advisor is named in a consultation thread: 顾问 + their 昵称 (the default 用户 prefix
 * dropped), never their number. The console issue (#29) adds names set by an admin.
 */
export const advisorDisplayName = (name: string) =>
  `顾问${name.startsWith(DEFAULT_NAME_PREFIX) ? name.slice(DEFAULT_NAME_PREFIX.length) : name}`;

/** The default name the first accounts were given (用户 + the number's last 4 digits), to be replaced. */
export const isLegacyDefaultName = (name: string, e164: string) => name === `${DEFAULT_NAME_PREFIX}${e164.slice(-4)}`;

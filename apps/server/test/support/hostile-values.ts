import fc from 'fast-check';

/**
 * Values an attacker, a broken client or a fuzzer sends (issue #7 §1): injection strings, odd Unicode,
 * wrong types, huge strings and numbers. Every route must refuse them with a Chinese message, never a 5xx.
 */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '" OR ""="',
  '1 UNION SELECT token_hash FROM sessions --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  '\u0000\u0001\u001f\u007f',
  '\r\nSet-Cookie: a=b',
  '\ufeff13800138000',
  '\u202e00083100831',
  '１３８００１３８０００', // full-width digits
  '١٣٨٠٠١٣٨٠٠٠', // Arabic-Indic digits
  '𝟏𝟑𝟖𝟎𝟎𝟏𝟑𝟖𝟎𝟎𝟎',
  '\ud800', // lone high surrogate
  '\udfff',
  'Z̴̡̢͎̈́a̷̧͙̿l̶̰̐g̵͉̈o̸̠̊',
  '👨‍👩‍👧‍👦🀄️',
  '足三里'.repeat(400),
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'a'.repeat(5000),
];

const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN, // JSON: null
  Number.POSITIVE_INFINITY, // JSON: null
];

/** Any hostile JSON-able value: a string, a number, the wrong type, or a nested structure. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2, 3], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}')),
    weight: 2,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

/** Raw bodies sent as application/json that are not a valid JSON document of any use. */
export const HOSTILE_RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"mobile":',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  'null',
  '"just a string"',
  '12345',
  '[]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":"' + 'x'.repeat(70_000) + '"}', // above the 64 KB body limit
];

/** Content types a JSON API must refuse (415) or handle as JSON without crashing. */
export const HOSTILE_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json;;;',
  ';',
  'image/svg+xml',
];

/** Path segments that stress the router: traversal, encoded slashes, malformed escapes, long ids. */
export const HOSTILE_RAW_SEGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80', // UTF-8 of a lone surrogate
  '%C0%AF',
  '..',
  '%2e%2e',
  '..%2F..%2F',
  '%2F',
  '%00',
  '%20',
  'ST36%3Bselect',
  'x'.repeat(300),
];

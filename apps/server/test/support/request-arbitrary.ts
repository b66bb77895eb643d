import fc from 'fast-check';
import type { Operation, Param } from './openapi-operations.ts';
import { HOSTILE_CONTENT_TYPES, HOSTILE_RAW_BODIES, HOSTILE_RAW_SEGMENTS, hostileValue } from './hostile-values.ts';
import { validValue, type JsonSchema } from './schema-arbitrary.ts';

/** One generated HTTP request, in the shape app.inject() takes. */
export type FuzzRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/**
 * Percent-encodes the UTF-8 bytes of any JS string (encodeURIComponent throws on a lone surrogate; the
 * bytes of its replacement character are what a browser would send).
 */
export function pct(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value for a declared field: usually per schema, often hostile (issue #7 §1: inside and outside the schema). */
const fieldValue = (schema: JsonSchema) => fc.oneof({ arbitrary: validValue(schema), weight: 3 }, { arbitrary: hostileValue, weight: 2 });

const asQueryText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function pathArb(op: Operation): fc.Arbitrary<string> {
  if (op.pathParams.length === 0) return fc.constant(op.path);
  const segment = (p: Param) =>
    fc.oneof(
      { arbitrary: validValue(p.schema).map((v) => pct(asQueryText(v))), weight: 3 },
      { arbitrary: hostileValue.map((v) => pct(asQueryText(v))), weight: 2 },
      { arbitrary: fc.constantFrom(...HOSTILE_RAW_SEGMENTS), weight: 1 },
    );
  return fc.tuple(...op.pathParams.map(segment)).map((values) => {
    let path = op.path;
    op.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i] ?? '')));
    return path;
  });
}

function queryArb(op: Operation): fc.Arbitrary<string> {
  const declared = op.query.map((p) =>
    fc.oneof(
      { arbitrary: fc.constant<string[]>([]), weight: 1 },
      { arbitrary: fieldValue(p.schema).map((v) => [`${pct(p.name)}=${pct(asQueryText(v))}`]), weight: 5 },
      // Repeated keys arrive as arrays.
      {
        arbitrary: fc
          .tuple(fieldValue(p.schema), fieldValue(p.schema))
          .map(([a, b]) => [`${p.name}=${pct(asQueryText(a))}`, `${p.name}=${pct(asQueryText(b))}`]),
        weight: 1,
      },
    ),
  );
  const extra = fc.array(
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'x', 'q[$ne]', 'a[b][c]', '%', ''), hostileValue)
      .map(([k, v]) => `${k}=${pct(asQueryText(v))}`),
    { maxLength: 2 },
  );
  const raw = fc.constantFrom<string[]>([], [], [], ['%'], ['%zz=1'], ['a=%ED%A0%80'], ['&&&'], ['=']);
  return fc.tuple(fc.tuple(...declared), extra, raw).map(([d, e, r]) => {
    const parts = [...d.flat(), ...e, ...r];
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

/** A JSON object with each declared field valid, hostile or missing, plus unknown fields at times. */
function mixedObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const fields = fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fieldValue(s)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, unknown>>;
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'user_id', 'result', 'x'), hostileValue, {
    maxKeys: 2,
  });
  return fc.tuple(fields, extra).map(([f, e]) => ({ ...e, ...f }));
}

type Body = { payload: string | Buffer; contentType: string | null } | null;

function bodyArb(op: Operation): fc.Arbitrary<Body> {
  const schema = op.body ?? { type: 'object' };
  const json = (v: unknown): Body => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' });
  const modes: fc.WeightedArbitrary<Body>[] = [
    { arbitrary: validValue(schema).map(json), weight: op.body ? 3 : 0 },
    { arbitrary: mixedObject(schema).map(json), weight: op.body ? 4 : 0 },
    { arbitrary: hostileValue.map(json), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_RAW_BODIES).map((p) => ({ payload: p, contentType: 'application/json' })), weight: 2 },
    {
      arbitrary: fc
        .tuple(validValue(schema), fc.constantFrom(...HOSTILE_CONTENT_TYPES, null))
        .map(([v, ct]) => ({ payload: JSON.stringify(v) ?? '', contentType: ct })),
      weight: 1,
    },
    // Invalid UTF-8 inside a JSON string.
    {
      arbitrary: fc.constant({
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
        contentType: 'application/json',
      }),
      weight: 1,
    },
  ];
  // Routes without a body get one at times too: a stray body must not confuse them.
  if (!op.body) modes.push({ arbitrary: fc.constant(null), weight: 8 });
  return fc.oneof(...modes.filter((m) => m.weight > 0));
}

const OTHER_METHODS: FuzzRequest['method'][] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Authorization headers that are not a live bearer token (header-safe: printable ASCII). */
const HOSTILE_AUTH = [
  'Bearer',
  'Bearer ',
  'Basic YWRtaW46YWRtaW4=',
  "Bearer ' OR '1'='1",
  `Bearer ${'A'.repeat(5000)}`,
  'Bearer null',
  'Bearer <script>',
];

/**
 * Random and hostile requests for one operation. Where the operation declares bearer auth, nine in ten
 * carry the live `token`, so the validation behind the login check is reached (issue #7 §1).
 */
export function requestArb(op: Operation, token: string): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { arbitrary: fc.constant(op.method), weight: 9 },
    { arbitrary: fc.constantFrom(...OTHER_METHODS.filter((m) => m !== op.method)), weight: 1 },
  );
  const auth = fc.oneof(
    { arbitrary: fc.constant(op.bearer ? `Bearer ${token}` : null), weight: 9 },
    { arbitrary: fc.constantFrom(...HOSTILE_AUTH), weight: 1 },
  );
  const requestId = fc.oneof(fc.constant(null), fc.constantFrom("'; drop table x; --", 'a'.repeat(200), 'good-request-id-1'));
  return fc.tuple(method, pathArb(op), queryArb(op), bodyArb(op), auth, requestId).map(([m, path, query, body, authorization, rid]) => {
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    if (rid) headers['x-request-id'] = rid;
    const req: FuzzRequest = { method: m, url: path + query, headers };
    if (body) {
      req.payload = body.payload;
      if (body.contentType) headers['content-type'] = body.contentType;
    }
    return req;
  });
}

import fc from 'fast-check';

/** The subset of JSON Schema that fastify-type-provider-zod writes into the OpenAPI document. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
};

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Values that satisfy a declared schema (issue #7 §1), so generated requests get past validation and
 * reach the handlers' own checks. Falls back to any JSON value for a schema it does not understand.
 */
export function validValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map(validValue));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 200) });
    case 'integer':
    case 'number': {
      const min = Math.max(bound(schema.minimum, -SAFE), -SAFE) + (schema.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(bound(schema.maximum, SAFE), SAFE) - (schema.exclusiveMaximum === true ? 1 : 0);
      // Small values near zero, unless the schema's range lies elsewhere (epoch milliseconds).
      const lo = Math.max(min, -1000);
      return fc.oneof(fc.integer({ min: lo, max: Math.max(lo, Math.min(max, 1000)) }), fc.integer({ min, max }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 20) });
    case 'object':
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function bound(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = schema.required ?? [];
  const known = fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validValue(s)])), {
    requiredKeys: required.filter((k) => k in props),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const extra = schema.additionalProperties;
  if (!extra || typeof extra !== 'object') return known;
  // A map schema (e.g. answers: {q01: 1..5}): keys are free, values follow the declared schema.
  return fc
    .tuple(known, fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/), validValue(extra), { maxKeys: 8 }))
    .map(([k, e]) => ({ ...e, ...k }));
}

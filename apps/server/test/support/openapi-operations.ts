import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './schema-arbitrary.ts';

/** One route as the OpenAPI document declares it (issue #7 §1: the fuzz targets come from the document). */
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI template, e.g. /api/v8/acupoints/{id}. */
  path: string;
  pathParams: Param[];
  query: Param[];
  /** The application/json request body schema, when the route takes one. */
  body: JsonSchema | null;
  /** True when the operation declares bearer security: the fuzz sends a real token. */
  bearer: boolean;
};
export type Param = { name: string; required: boolean; schema: JsonSchema };

type OpenApiOperation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the app's own OpenAPI document, so a route added later is fuzzed without a new line. */
export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      ops.push({
        method: m.toUpperCase() as Operation['method'],
        path,
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        bearer: (op.security ?? []).some((s) => 'bearerAuth' in s),
      });
    }
  }
  return ops;
}

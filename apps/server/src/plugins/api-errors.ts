import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, ErrorEnvelopeSchema } from '@moxa/core/http/envelope';

/** The error statuses an operation may document (design §4). 405 belongs to a path, not an operation. */
const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 429, 502, 503] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses of this operation that its schema does not already imply (issue #27 item 14):
     * e.g. 403 (a role or a consent), 404 without a path id, 409, 429 (a rate limit), 502 (SMS, WeChat).
     * The rest are derived: see `errorStatuses`.
     */
    errors?: readonly ErrorStatus[];
  }
}

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: '请求不正确：参数、地址或 JSON 不符合要求（msg 说明原因）',
  401: '未登录或登录已失效',
  403: '没有权限，或需要先同意（如保存健康信息的单独同意）',
  404: '要找的内容不存在',
  409: '与当前状态冲突（如已关闭、已绑定、政策已更新）',
  410: '预览已过期（带 X-Moxa-Preview 的内容请求，issue #29）',
  413: '请求内容过大',
  415: '请求格式不支持，请使用 JSON',
  429: '操作太频繁，Retry-After 给出需要等待的秒数',
  502: '短信或微信服务出错',
  503: '服务暂时不可用（正在重启，或依赖的服务不可用；可能带 Retry-After）',
};
const RETRY_AFTER = { 'Retry-After': { type: 'integer', description: '多少秒后再试' } };

/** The error envelope {code, msg, data: null}, once in components (OpenAPI 3.0). */
const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
const errorEnvelopeJson = () =>
  z.toJSONSchema(ErrorEnvelopeSchema.extend({ code: z.number().int().min(1).describe('非零错误码') }), { target: 'openapi-3.0' });

type RouteSchema = {
  querystring?: unknown;
  params?: unknown;
  body?: unknown;
  security?: readonly Record<string, readonly string[]>[];
  errors?: readonly ErrorStatus[];
};

/**
 * The error statuses one operation can answer (issue #27 item 14): derived from what every route
 * shares, plus what the route declares in `schema.errors`.
 * - every operation: 503 (the restart answer of app.ts; a limit store or database that cannot answer);
 * - input (a query, a path id, a body): 400, as for any request whose input the schema refuses;
 * - any method that carries a body: 400 (not JSON), 413 (over the body limit), 415 (not JSON at all);
 * - bearer security: 401; a path id: 404.
 */
function errorStatuses(method: string, url: string, schema: RouteSchema): ErrorStatus[] {
  const found = new Set<ErrorStatus>([503, ...(schema.errors ?? [])]);
  const pathId = url.includes(':') || url.includes('{');
  if (schema.querystring || schema.params || schema.body || pathId) found.add(400);
  if (method !== 'GET' && method !== 'HEAD') for (const s of [400, 413, 415] as const) found.add(s);
  if ((schema.security ?? []).some((s) => 'bearerAuth' in s)) found.add(401);
  if (pathId) found.add(404);
  return ERROR_STATUSES.filter((s) => found.has(s));
}

/** Wraps the zod transform: every documented operation lists its error statuses with the envelope. */
export function withErrorResponses(inner: SwaggerTransform): SwaggerTransform {
  return (doc) => {
    const out = inner(doc);
    const transformed = out.schema as Record<string, unknown>;
    if (!doc.schema || transformed.hide) return out;
    const method = ([] as string[]).concat(doc.route.method)[0]!.toUpperCase();
    const response = { ...(transformed.response as Record<string, unknown> | undefined) };
    for (const status of errorStatuses(method, doc.url, doc.schema as RouteSchema)) {
      if (response[status]) continue;
      response[status] = {
        description: DESCRIPTIONS[status],
        'x-error-envelope': true,
        ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
        type: 'object',
      };
    }
    const { errors: _declared, ...schema } = transformed;
    return { ...out, schema: { ...schema, response } };
  };
}

type OpenApiDoc = {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }>
  >;
};

/** Points every error response added above at one ErrorEnvelope component. */
export const errorEnvelopeComponent: SwaggerTransformObject = (documentObject) => {
  const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as OpenApiDoc;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      for (const res of Object.values(op.responses ?? {})) {
        const media = res.content?.['application/json'];
        if (media?.schema?.['x-error-envelope']) media.schema = { $ref: ERROR_ENVELOPE_REF };
      }
    }
  }
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ErrorEnvelope: errorEnvelopeJson() } };
  return doc as ReturnType<SwaggerTransformObject>;
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods an API path supports, for a request that matched no route (issue #27 item 14): a path
 * that exists under another method answers 405 with Allow, not 404. The web app's catch-all (`/*`)
 * is not an API path.
 */
function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0]!;
  if (!/^\/(api|aysdmp)\//.test(path)) return [];
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !('*' in (found.params ?? {}));
  });
}

/** 405 in the envelope with Allow, when `request` names an API path under a method it does not support. */
export function answerMethodNotAllowed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): boolean {
  const allowed = allowedMethods(app, request.url);
  if (allowed.length === 0) return false;
  void reply
    .status(405)
    .header('Allow', allowed.join(', '))
    .send({ code: ErrorCode.methodNotAllowed, msg: '不支持的请求方法', data: null });
  return true;
}

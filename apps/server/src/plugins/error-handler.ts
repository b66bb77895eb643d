import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@moxa/core/http/envelope';
import { AppError } from '../lib/app-error.ts';

const CJK = /[\u3400-\u9fff]/;

/**
 * One error handler (design §4, fastify/demo): every failure answers with the envelope and a Chinese
 * message; a 5xx never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send({ code: error.code, msg: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first?.message && CJK.test(first.message) ? first.message : '请求参数不正确，请检查后重试';
      return reply.status(400).send({ code: ErrorCode.badInput, msg, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const msg = clientMessage(error);
      return reply.status(status).send({ code: status * 100, msg, data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ErrorCode.internal, msg: '服务器开小差了，请稍后再试', data: null });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '请求格式不支持，请使用JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '请求内容不是有效的JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '请求内容过大';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求长度不正确';
    default:
      if (error.statusCode === 413) return '请求内容过大';
      if (error.statusCode === 404) return '请求的内容不存在';
      if (error.statusCode === 405) return '不支持的请求方法';
      if (error.statusCode === 429) return '请求过于频繁，请稍后再试';
      return '请求不正确，请检查后重试';
  }
}

import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../env.ts';

const SECRET_KEYS = new Set(['mobile', 'code', 'token', 'ticket', 'phone', 'state', 'sign', 'salt']);
/** Seven or more digits in a row (a phone number, with or without +country code) in free text. */
const DIGIT_RUN = /\+?\d[\d -]{5,}\d/g;

/**
 * Request URLs in logs keep their shape but never a phone number, code or token (design §6). The
 * query is parsed as the server parses it (issue #13 item 12): `%6Dobile=…` is `mobile=…` too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const parts: string[] = [];
  for (const [key, value] of params) {
    const secret = SECRET_KEYS.has(key.toLowerCase()) || DIGIT_RUN.test(value);
    DIGIT_RUN.lastIndex = 0;
    parts.push(`${encodeURIComponent(key)}=${secret ? '***' : encodeURIComponent(value)}`);
  }
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Masks digit runs in free text, e.g. a database error that quotes the row it refused. */
const redactText = (text: string) => text.replace(DIGIT_RUN, '***');

/** Structured JSON logs with request ids; secrets redacted (issue #2 §5). */
export function loggerOptions(env: Env, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '***' },
    serializers: {
      req(req: { id: string; method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip, ua: req.headers?.['user-agent'] };
      },
      // Errors keep their type, code and stack, but not the fields PostgreSQL fills with row values
      // (detail: "Key (mobile)=(+86138…) already exists"), and digit runs in the message are masked.
      err(err: Error & { code?: unknown }) {
        return {
          type: err.constructor?.name ?? 'Error',
          message: redactText(String(err.message)),
          code: err.code,
          stack: redactText(err.stack ?? ''),
        };
      },
    },
  };
}

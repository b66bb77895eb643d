import { ErrorCode } from '@moxa/core/http/envelope';

/** An error whose Chinese message is fit to show to the user (design §4). */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly retryAfter: number | undefined;
  constructor(status: number, code: number, message: string, retryAfter?: number) {
    // No stack trace: the error handler only answers with the message, and capturing the stack under
    // a request's deep async stack took 2–4 µs, about a tenth of a refused login's own cost (issue #6).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export const badInput = (msg: string) => new AppError(400, ErrorCode.badInput, msg);
export const notLoggedIn = (msg = '请先登录') => new AppError(401, ErrorCode.notLoggedIn, msg);
export const forbidden = (msg = '没有权限访问此内容') => new AppError(403, ErrorCode.forbidden, msg);
export const notFound = (msg = '内容不存在或已删除') => new AppError(404, ErrorCode.notFound, msg);
export const conflict = (msg: string) => new AppError(409, ErrorCode.conflict, msg);
export const tooMany = (msg: string, retryAfter: number) => new AppError(429, ErrorCode.tooMany, msg, retryAfter);
export const unavailable = (msg: string) => new AppError(503, ErrorCode.unavailable, msg);

/** "N秒" / "N分钟" / "N小时" for refusal messages. */
export function humanWait(seconds: number): string {
  if (seconds < 60) return `${seconds}秒`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}分钟`;
  return `${Math.ceil(seconds / 3600)}小时`;
}

const CJK = /[\u3400-\u9fff]/;

/**
 * Why an answer breaks the HTTP contract (design §4), or null when it keeps it: never a 5xx; always
 * the envelope {code, msg, data}; an error carries a non-zero code, a Chinese msg and data null.
 * A successful image (a case photo, issue #17) is the one answer that is not JSON.
 */
export function envelopeProblem(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status === 304) return null;
  if (status === 200 && contentType?.startsWith('image/')) return null;
  // Issue #29: the console's audit export (audit.csv) is a spreadsheet, not an envelope.
  if (status === 200 && contentType === 'text/csv; charset=utf-8') return null;
  if (!contentType?.startsWith('application/json')) return `content-type ${contentType ?? 'none'}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof json !== 'object' || json === null) return 'body is not an object';
  const keys = Object.keys(json).sort().join(',');
  if (keys !== 'code,data,msg') return `envelope keys ${keys}`;
  const { code, msg, data } = json as { code: unknown; msg: unknown; data: unknown };
  if (typeof code !== 'number' || typeof msg !== 'string') return 'code/msg types';
  if (status < 400) return code === 0 ? null : `code ${code} on ${status}`;
  if (code === 0) return 'code 0 on an error';
  if (!CJK.test(msg)) return `msg not Chinese: ${msg}`;
  if (data !== null) return 'data not null on an error';
  return null;
}

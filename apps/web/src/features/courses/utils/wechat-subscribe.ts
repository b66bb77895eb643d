/** The accepting answers of WeChat's subscribe dialog ('acceptWithAudio': with a spoken alert). */
const ACCEPTED = new Set(['accept', 'acceptWithAudio']);

/**
 * `subscribeDetails` of the open tag's success event: a JSON string mapping each template id to its
 * own JSON string `{"status":"accept"}` (WeChat JS-SDK 开放标签 wx-open-subscribe). Read defensively:
 * whatever cannot be read counts as not accepted.
 */
export function acceptedTemplate(details: unknown, template: string): boolean {
  try {
    const all = (typeof details === 'string' ? JSON.parse(details) : details) as Record<string, unknown>;
    const one = all?.[template];
    const parsed = (typeof one === 'string' ? JSON.parse(one) : one) as { status?: string } | undefined;
    return ACCEPTED.has(parsed?.status ?? '');
  } catch {
    return false;
  }
}

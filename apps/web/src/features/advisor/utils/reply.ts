import type { AdvisorReply } from '@moxa/core/cases/case-contract';
import type { SearchAnswer } from '@moxa/core/search/search-contract';
import { RED_FLAG_TERMS } from '@moxa/core/cases/case-names';

/**
 * The advisor's reply box (issue #17), as pure functions: picking recommendations, checking the
 * text, and building the body of POST /api/v8/advisor/cases/{id}/replies. Tested in reply.test.ts.
 */
export const PICK_KINDS = ['acupoint', 'disease', 'product'] as const;
export type PickKind = (typeof PICK_KINDS)[number];
/** A picked item: for acupoints the id is the point's code (ST36). */
export type Pick = { id: string; title: string };
export type Picks = Readonly<Record<PickKind, readonly Pick[]>>;

/** The server's limits (AdvisorReplySchema). */
export const MAX_REPLY = 2000;
export const MAX_PICKS = 10;

export const NO_PICKS: Picks = { acupoint: [], disease: [], product: [] };

/** Adds an item unless it is already picked or the kind is full; the same object when nothing changes. */
export function addPick(picks: Picks, kind: PickKind, item: Pick): Picks {
  const list = picks[kind];
  if (list.length >= MAX_PICKS || list.some((p) => p.id === item.id)) return picks;
  return { ...picks, [kind]: [...list, { id: item.id, title: item.title }] };
}

export function removePick(picks: Picks, kind: PickKind, id: string): Picks {
  const list = picks[kind];
  return list.some((p) => p.id === id) ? { ...picks, [kind]: list.filter((p) => p.id !== id) } : picks;
}

export const pickCount = (picks: Picks): number => PICK_KINDS.reduce((n, k) => n + picks[k].length, 0);

/** The message shown under the text box, or null when it can be sent (the server trims, then checks). */
export function replyError(text: string): string | null {
  const body = text.trim();
  if (body.length === 0) return '请输入回复内容';
  if (body.length > MAX_REPLY) return `回复内容最多 ${MAX_REPLY} 字，现在 ${body.length} 字`;
  return null;
}

/**
 * The request body. An internal note carries no recommendation (the server would drop it, and the
 * user never sees the note anyway); a reply always sends the three lists, empty ones included.
 */
export function buildReplyBody(text: string, internal: boolean, picks: Picks): AdvisorReply {
  const body = text.trim();
  if (internal) return { body, internal: true };
  return {
    body,
    internal: false,
    recommendation: {
      acupoints: picks.acupoint.map((p) => p.id),
      diseases: picks.disease.map((p) => p.id),
      products: picks.product.map((p) => p.id),
    },
  };
}

/** What stays picked once a message went out: a reply sent its picks; an internal note sent none. */
export const picksAfterSent = (picks: Picks, internal: boolean): Picks => (internal ? picks : NO_PICKS);

/** A one-kind search answer's results as pickable items (groups[0].items; none when there is no group). */
export function searchPicks(answer: SearchAnswer | undefined): Pick[] {
  return (answer?.groups[0]?.items ?? []).map((i) => ({ id: i.id, title: i.title }));
}

/** Which red-flag terms a request mentions, so the notice can say what was found. */
export function redFlagTermsIn(text: string): string[] {
  return RED_FLAG_TERMS.filter((t) => text.includes(t));
}

/** Whether a reply tells the user to see a doctor — asked before a reply to a red-flag case goes out without it. */
export const advisesDoctor = (text: string): boolean => /就医|就诊|医院|医生|看病|急诊|120/.test(text);

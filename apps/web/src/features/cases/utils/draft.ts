import type { CONTACT_TIME_LABELS, DURATION_LABELS } from '@moxa/core/cases/case-names';
import { userKey } from '../../../lib/user-storage.ts';
import { MAX_COMPLAINT, MAX_SYMPTOMS } from './validation.ts';

/**
 * The consultation form's draft (issue #17): what the form holds, and the copy kept on the phone
 * while the user types, so a reload, a trip to /login or a failed send loses nothing. Pure logic,
 * apart from React, tested on its own (draft.test.ts). The checks live in validation.ts, the photo
 * checks in photos.ts.
 */

export type Gender = 'female' | 'male';
export type DurationId = keyof typeof DURATION_LABELS;
export type ContactTimeId = keyof typeof CONTACT_TIME_LABELS;
const GENDERS: readonly Gender[] = ['female', 'male'];
const DURATION_IDS: readonly DurationId[] = ['week', 'month', 'half-year', 'longer'];
const CONTACT_TIME_IDS: readonly ContactTimeId[] = ['any', 'morning', 'afternoon', 'evening'];

/** What the form holds, as typed ('' = not chosen yet). Photos are never part of it. */
export type ConsultationDraft = {
  gender: Gender | '';
  age: string;
  /** The condition group chosen in the picker's first step (only to show its list again). */
  diseaseGroup: string;
  /** A condition id of content/diseases, or '' for none. */
  disease: string;
  complaint: string;
  symptoms: string;
  duration: DurationId | '';
  seenDoctor: 'yes' | 'no' | '';
  physicalRecordId: string;
  contactTime: ContactTimeId | '';
  notifySms: boolean;
  // The separate consent is the account's 'consultation' consent (issue #27 item 15), asked on submit.
};

export const emptyDraft = (): ConsultationDraft => ({
  gender: '',
  age: '',
  diseaseGroup: '',
  disease: '',
  complaint: '',
  symptoms: '',
  duration: '',
  seenDoctor: '',
  physicalRecordId: '',
  contactTime: 'any',
  notifySms: true,
});

export type DraftField = Exclude<keyof ConsultationDraft, 'diseaseGroup' | 'notifySms'>;
/*
 * The draft on the device: under the user's own key (lib/user-storage.ts), so another account on the
 * phone never reads it and logout deletes it.
 */

export const DRAFT_KEY = 'consultation-draft';
export const draftKey = (userId: string) => userKey(userId, DRAFT_KEY);

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const oneOf = <T extends string>(v: unknown, list: readonly T[]): T | '' => (list.includes(v as T) ? (v as T) : '');

/** A stored draft, field by field: anything unreadable falls back to the empty value, never throws. */
export function parseDraft(raw: string | null): ConsultationDraft | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(v)) return null;
  const empty = emptyDraft();
  return {
    gender: oneOf(v.gender, GENDERS),
    age: str(v.age, 3).replace(/\D/g, ''),
    diseaseGroup: str(v.diseaseGroup, 64),
    disease: str(v.disease, 64),
    complaint: str(v.complaint, 2 * MAX_COMPLAINT),
    symptoms: str(v.symptoms, 2 * MAX_SYMPTOMS),
    duration: oneOf(v.duration, DURATION_IDS),
    seenDoctor: oneOf(v.seenDoctor, ['yes', 'no'] as const),
    physicalRecordId: str(v.physicalRecordId, 64),
    contactTime: v.contactTime === undefined ? empty.contactTime : oneOf(v.contactTime, CONTACT_TIME_IDS),
    notifySms: typeof v.notifySms === 'boolean' ? v.notifySms : empty.notifySms,
  };
}

const isEmpty = (d: ConsultationDraft) => JSON.stringify(d) === JSON.stringify(emptyDraft());

export function loadDraft(storage: KV | null, userId: string): ConsultationDraft | null {
  if (!userId) return null;
  try {
    return parseDraft(storage?.getItem(draftKey(userId)) ?? null);
  } catch {
    return null;
  }
}

/** Saves as the user types; a draft with nothing in it removes the key. Storage errors are ignored. */
export function saveDraft(storage: KV | null, userId: string, draft: ConsultationDraft): void {
  if (!userId) return;
  try {
    if (isEmpty(draft)) storage?.removeItem(draftKey(userId));
    else storage?.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Full or blocked storage (some private modes): the form still works, only without a draft.
  }
}

/** Only after the request was accepted. */
export function clearDraft(storage: KV | null, userId: string): void {
  if (!userId) return;
  try {
    storage?.removeItem(draftKey(userId));
  } catch {
    // Nothing to do.
  }
}

import type { ConsultationRequest } from '@moxa/core/cases/case-contract';
import type { CONTACT_TIME_LABELS, DURATION_LABELS } from '@moxa/core/cases/case-names';
import { userKey } from '../../../lib/user-storage.ts';

/**
 * The consultation form's pure logic (issue #17), kept apart from React so it is tested on its own:
 * the draft kept on the phone while the user types, the checks the server would make (same rules and
 * messages as ConsultationRequestSchema, which the web may not import: it would ship zod), and the
 * checks on photos made before anything is sent.
 */

/** Same limits as case-contract's MAX_PHOTOS / MAX_PHOTO_BYTES (draft.test.ts compares them). */
export const MAX_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_COMPLAINT = 100;
export const MAX_SYMPTOMS = 1000;
export const MAX_FOLLOW_UP = 1000;

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
/** The fields in the order they appear, so the first one with a problem gets the focus. */
export const FIELD_ORDER: readonly DraftField[] = [
  'gender',
  'age',
  'complaint',
  'disease',
  'symptoms',
  'duration',
  'seenDoctor',
  'physicalRecordId',
  'contactTime',
];

/* ----------------------------------------------------------------------------------------------
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

/* ----------------------------------------------------------------------------------------------
 * The server's rules (ConsultationRequestSchema), with its messages, so they show next to the field
 * before anything is sent.
 */

export type DraftErrors = Partial<Record<DraftField, string>>;

const text = (value: string, max: number, msg: string): string | undefined => {
  const t = value.trim();
  if (!t) return msg;
  if (t.length > max) return `${msg}（最多 ${max} 字）`;
  return undefined;
};

export function draftErrors(d: ConsultationDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!d.gender) errors.gender = '请选择性别';
  const age = d.age.trim();
  if (!age) errors.age = '请填写年龄';
  else if (!/^\d+$/.test(age)) errors.age = /^\d+\.\d+$/.test(age) ? '年龄请填整数' : '请填写年龄';
  else if (Number(age) < 1 || Number(age) > 120) errors.age = '请填写真实年龄';
  const complaint = text(d.complaint, MAX_COMPLAINT, '请简单说说想咨询什么');
  if (complaint) errors.complaint = complaint;
  const symptoms = text(d.symptoms, MAX_SYMPTOMS, '请描述症状和不适');
  if (symptoms) errors.symptoms = symptoms;
  if (!d.duration) errors.duration = '请选择症状持续了多久';
  if (!d.seenDoctor) errors.seenDoctor = '请选择是否看过医生';
  if (!d.contactTime) errors.contactTime = '请选择方便联系的时间';
  return errors;
}

/** The request to send, or the problems to show. */
export function toRequest(d: ConsultationDraft): { request: ConsultationRequest; errors: null } | { request: null; errors: DraftErrors } {
  const errors = draftErrors(d);
  if (Object.keys(errors).length > 0) return { request: null, errors };
  return {
    errors: null,
    request: {
      gender: d.gender as Gender,
      age: Number(d.age.trim()),
      disease: d.disease || null,
      complaint: d.complaint.trim(),
      symptoms: d.symptoms.trim(),
      duration: d.duration as DurationId,
      seenDoctor: d.seenDoctor === 'yes',
      physicalRecordId: d.physicalRecordId || null,
      contactTime: d.contactTime as ContactTimeId,
      notifySms: d.notifySms,
    },
  };
}

export const firstErrorField = (errors: DraftErrors): DraftField | undefined => FIELD_ORDER.find((f) => errors[f]);

/** The text of a follow-up (FollowUpSchema), or its problem. */
export function followUpError(body: string): string | undefined {
  return text(body, MAX_FOLLOW_UP, '请输入要补充的内容');
}

/* ----------------------------------------------------------------------------------------------
 * Photos, checked on the phone before sending: count, kind and size. The server checks again (it
 * recognises images by content and re-encodes them); this only saves a long upload that would fail.
 */

export type PhotoLike = { name: string; type: string; size: number };

const PHOTO_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heif',
};
const PHOTO_EXT = /\.(jpe?g|png|webp|heic|heif)$/i;
/** What the file picker offers. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** Some phones give HEIC photos no type (or a generic one): the name's ending decides then. */
export function isAcceptedPhoto(f: Pick<PhotoLike, 'name' | 'type'>): boolean {
  const type = f.type.toLowerCase();
  if (type in PHOTO_TYPES) return true;
  return (type === '' || type === 'application/octet-stream') && PHOTO_EXT.test(f.name);
}

const label = (name: string) => {
  const chars = Array.from(name);
  return chars.length > 16 ? `${chars.slice(0, 7).join('')}…${chars.slice(-7).join('')}` : name;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Which of the picked files join the `current` ones: images of an accepted kind, each at most
 * MAX_PHOTO_BYTES, up to MAX_PHOTOS in all. Every file left out gets a plain reason.
 */
export function checkPhotos<T extends PhotoLike>(current: number, picked: readonly T[]): { accepted: T[]; errors: string[] } {
  const accepted: T[] = [];
  const errors: string[] = [];
  let overflow = 0;
  for (const f of picked) {
    if (!isAcceptedPhoto(f)) errors.push(`“${label(f.name)}”不是 JPG、PNG、WebP 或 HEIC 照片，没有加上`);
    else if (f.size === 0) errors.push(`“${label(f.name)}”是空文件，没有加上`);
    else if (f.size > MAX_PHOTO_BYTES)
      errors.push(`“${label(f.name)}”有 ${mb(f.size)}，超过 ${MAX_PHOTO_BYTES / 1024 / 1024} MB，没有加上；请压缩或截图后再选`);
    else if (current + accepted.length >= MAX_PHOTOS) overflow++;
    else accepted.push(f);
  }
  if (overflow > 0) errors.push(`最多上传 ${MAX_PHOTOS} 张照片，多选的 ${overflow} 张没有加上`);
  return { accepted, errors };
}

/** A plain name for the upload (the server refuses names with paths or odd characters). */
export function photoUploadName(f: Pick<PhotoLike, 'name' | 'type'>, index: number): string {
  const ext = PHOTO_TYPES[f.type.toLowerCase()] ?? PHOTO_EXT.exec(f.name)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? 'jpg';
  return `photo-${index + 1}.${ext}`;
}

/* ---------------------------------------------------------------------------------------------- */

const pad = (n: number) => String(n).padStart(2, '0');

/** 3月8日 09:05, with the year when it is not this year's; in the phone's own time zone. */
export function formatCaseTime(ms: number, now: Date = new Date()): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getMonth() + 1}月${d.getDate()}日`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${d.getFullYear()}年${day} ${time}`;
}

/** 2025年3月8日 */
export function formatDay(value: number | string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
}

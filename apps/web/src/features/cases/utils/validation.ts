import type { ConsultationRequest } from '@moxa/core/cases/case-contract';
import type { ConsultationDraft, ContactTimeId, DraftField, DurationId, Gender } from './draft.ts';

/**
 * The consultation form's checks (issue #17): the server's rules (ConsultationRequestSchema and
 * FollowUpSchema, which the web may not import: it would ship zod), with its messages, so they show
 * next to the field before anything is sent. validation.test.ts holds them to the schemas.
 */

export const MAX_COMPLAINT = 100;
export const MAX_SYMPTOMS = 1000;
export const MAX_FOLLOW_UP = 1000;

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

/**
 * The draft as it can be sent: a condition or test record that no longer exists (deleted, or gone
 * from the content since the draft was kept) is left out rather than refused by the server. Lists
 * still loading (undefined) leave the choice as it is.
 */
export function withoutStale(
  d: ConsultationDraft,
  known: { diseases?: readonly { id: string }[]; records?: readonly { id: string }[] },
): ConsultationDraft {
  const gone = (id: string, list?: readonly { id: string }[]) => id !== '' && list !== undefined && !list.some((x) => x.id === id);
  return {
    ...d,
    disease: gone(d.disease, known.diseases) ? '' : d.disease,
    physicalRecordId: gone(d.physicalRecordId, known.records) ? '' : d.physicalRecordId,
  };
}

export const firstErrorField = (errors: DraftErrors): DraftField | undefined => FIELD_ORDER.find((f) => errors[f]);

/** The text of a follow-up (FollowUpSchema), or its problem. */
export function followUpError(body: string): string | undefined {
  return text(body, MAX_FOLLOW_UP, '请输入要补充的内容');
}

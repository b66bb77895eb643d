import { describe, expect, it } from 'vitest';
import { ConsultationRequestSchema, FollowUpSchema } from '@moxa/core/cases/case-contract';
import { emptyDraft, type ConsultationDraft } from './draft.ts';
import { filled } from './draft.fixture.ts';
import { firstErrorField, followUpError, toRequest, withoutStale } from './validation.ts';

describe('the form’s checks match ConsultationRequestSchema', () => {
  it('turns a complete draft into a request the server schema accepts', () => {
    const r = toRequest(filled({ complaint: '  膝盖痛  ', physicalRecordId: '' }));
    expect(r.errors).toBeNull();
    expect(r.request).toEqual({
      gender: 'female',
      age: 56,
      disease: 'knee-pain',
      complaint: '膝盖痛',
      symptoms: '最近膝盖怕冷，上下楼梯酸痛',
      duration: 'month',
      seenDoctor: false,
      physicalRecordId: null,
      contactTime: 'evening',
      notifySms: true,
    });
    expect(ConsultationRequestSchema.parse(r.request)).toEqual(r.request);
  });

  const schemaMessage = (d: ConsultationDraft) => {
    const raw = {
      gender: d.gender || undefined,
      age: d.age,
      disease: d.disease || null,
      complaint: d.complaint,
      symptoms: d.symptoms,
      duration: d.duration || undefined,
      seenDoctor: d.seenDoctor ? d.seenDoctor === 'yes' : undefined,
      physicalRecordId: null,
      contactTime: d.contactTime || undefined,
      notifySms: d.notifySms,
    };
    return ConsultationRequestSchema.safeParse(raw).error?.issues[0]?.message;
  };

  it.each<[string, Partial<ConsultationDraft>]>([
    ['gender', { gender: '' }],
    ['age out of range', { age: '0' }],
    ['age too high', { age: '130' }],
    ['age not an integer', { age: '56.5' }],
    ['complaint', { complaint: '   ' }],
    ['long complaint', { complaint: '膝'.repeat(101) }],
    ['symptoms', { symptoms: '' }],
    ['long symptoms', { symptoms: '痛'.repeat(1001) }],
    ['duration', { duration: '' }],
    ['seen a doctor', { seenDoctor: '' }],
    ['contact time', { contactTime: '' }],
  ])('shows the server’s message for %s', (_name, over) => {
    const d = filled(over);
    const r = toRequest(d);
    expect(r.request).toBeNull();
    const field = firstErrorField(r.errors!)!;
    expect(r.errors![field]).toBe(schemaMessage(d));
  });

  it('asks for the age when none is typed, and points at the first field in screen order', () => {
    const r = toRequest(emptyDraft());
    expect(r.errors).toMatchObject({ gender: '请选择性别', age: '请填写年龄' });
    expect(firstErrorField(r.errors!)).toBe('gender');
    expect(firstErrorField(toRequest(filled({ symptoms: '', duration: '' })).errors!)).toBe('symptoms');
  });

  it('checks a follow-up like FollowUpSchema', () => {
    for (const body of ['', '  ', '补充', '字'.repeat(1001)])
      expect(followUpError(body)).toBe(FollowUpSchema.safeParse({ body }).error?.issues[0]?.message);
  });

  it('leaves out a condition or test record that no longer exists, once their lists have loaded', () => {
    const d = filled({ disease: 'knee-pain', physicalRecordId: 'rec-1' });
    expect(withoutStale(d, {})).toEqual(d);
    expect(withoutStale(d, { diseases: [{ id: 'knee-pain' }], records: [{ id: 'rec-1' }] })).toEqual(d);
    expect(withoutStale(d, { diseases: [{ id: 'insomnia' }], records: [] })).toEqual({ ...d, disease: '', physicalRecordId: '' });
    expect(toRequest(withoutStale(d, { diseases: [], records: [] })).request).toMatchObject({ disease: null, physicalRecordId: null });
  });
});

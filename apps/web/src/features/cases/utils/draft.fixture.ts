import { emptyDraft, type ConsultationDraft } from './draft.ts';

/** A complete draft for the tests of the form's logic, with fields replaced as needed. */
export const filled = (over: Partial<ConsultationDraft> = {}): ConsultationDraft => ({
  ...emptyDraft(),
  gender: 'female',
  age: '56',
  diseaseGroup: '3f0c2a4e-0000-4000-8000-000000000001',
  disease: 'knee-pain',
  complaint: '膝盖怕冷酸痛想艾灸调理',
  symptoms: '最近膝盖怕冷，上下楼梯酸痛',
  duration: 'month',
  seenDoctor: 'no',
  contactTime: 'evening',
  notifySms: true,
  ...over,
});

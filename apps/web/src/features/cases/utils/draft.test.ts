import { describe, expect, it } from 'vitest';
import {
  ConsultationRequestSchema,
  FollowUpSchema,
  MAX_PHOTO_BYTES as CONTRACT_MAX_BYTES,
  MAX_PHOTOS as CONTRACT_MAX_PHOTOS,
} from '@moxa/core/cases/case-contract';
import { userKey } from '../../../lib/user-storage.ts';
import {
  checkPhotos,
  clearDraft,
  draftKey,
  emptyDraft,
  firstErrorField,
  followUpError,
  formatCaseTime,
  isAcceptedPhoto,
  loadDraft,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  parseDraft,
  photoUploadName,
  saveDraft,
  toRequest,
  type ConsultationDraft,
} from './draft.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const filled = (over: Partial<ConsultationDraft> = {}): ConsultationDraft => ({
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

describe('consultation draft on the device (issue #17)', () => {
  // The separate consent is the account's (issue #27 item 15): no field of the draft.
  it('saves under the user’s own key and restores every field', () => {
    const s = memoryStorage();
    const d = filled({ physicalRecordId: 'rec-1', notifySms: false });
    saveDraft(s, 'u1', d);
    expect([...s.data.keys()]).toEqual([userKey('u1', 'consultation-draft')]);
    expect(draftKey('u1')).toBe('u:u1:consultation-draft');
    expect(loadDraft(s, 'u1')).toEqual(d);
    expect(loadDraft(s, 'u2')).toBeNull();
  });

  it('clears the draft, and saving an empty form removes the key', () => {
    const s = memoryStorage();
    saveDraft(s, 'u1', filled());
    clearDraft(s, 'u1');
    expect(s.data.size).toBe(0);
    saveDraft(s, 'u1', filled());
    saveDraft(s, 'u1', emptyDraft());
    expect(s.data.size).toBe(0);
  });

  it('does nothing without a user, and survives a storage that throws', () => {
    const s = memoryStorage();
    saveDraft(s, '', filled());
    expect(s.data.size).toBe(0);
    expect(loadDraft(s, '')).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveDraft(broken, 'u1', filled())).not.toThrow();
    expect(() => clearDraft(broken, 'u1')).not.toThrow();
    expect(loadDraft(broken, 'u1')).toBeNull();
    expect(loadDraft(null, 'u1')).toBeNull();
  });

  it('reads corrupt or foreign values field by field, dropping unknown ones', () => {
    expect(parseDraft('{oops')).toBeNull();
    expect(parseDraft('[1,2]')).toBeNull();
    expect(parseDraft(null)).toBeNull();
    const d = parseDraft(
      JSON.stringify({
        gender: 'other',
        age: '5a6',
        duration: 'forever',
        seenDoctor: true,
        symptoms: 7,
        consent: 'yes',
        complaint: '膝盖',
      }),
    );
    expect(d).toEqual({ ...emptyDraft(), age: '56', complaint: '膝盖' });
    expect(parseDraft('{}')).toEqual(emptyDraft());
  });
});

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
});

describe('photos checked on the phone (issue #17)', () => {
  const photo = (name: string, type = 'image/jpeg', size = 1024 * 1024) => ({ name, type, size });

  it('uses the contract’s limits', () => {
    expect(MAX_PHOTOS).toBe(CONTRACT_MAX_PHOTOS);
    expect(MAX_PHOTO_BYTES).toBe(CONTRACT_MAX_BYTES);
  });

  it('accepts JPG, PNG, WebP and HEIC, also a HEIC the phone gives no type', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['b.png', 'image/png'],
      ['c.webp', 'image/webp'],
      ['IMG_0001.HEIC', 'image/heic'],
      ['IMG_0002.HEIC', ''],
      ['IMG_0003.heif', 'application/octet-stream'],
    ] as const)
      expect(isAcceptedPhoto({ name, type }), name).toBe(true);
    for (const [name, type] of [
      ['a.gif', 'image/gif'],
      ['report.pdf', 'application/pdf'],
      ['photo.jpg.exe', ''],
      ['clip.mp4', 'video/mp4'],
    ] as const)
      expect(isAcceptedPhoto({ name, type }), name).toBe(false);
  });

  it('leaves out other kinds, empty files and files over 10 MB, saying why', () => {
    const { accepted, errors } = checkPhotos(0, [
      photo('ok.jpg'),
      photo('doc.pdf', 'application/pdf'),
      photo('empty.png', 'image/png', 0),
      photo('huge.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1),
      photo('edge.jpg', 'image/jpeg', MAX_PHOTO_BYTES),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['ok.jpg', 'edge.jpg']);
    expect(errors).toEqual([
      '“doc.pdf”不是 JPG、PNG、WebP 或 HEIC 照片，没有加上',
      '“empty.png”是空文件，没有加上',
      '“huge.jpg”有 10.0 MB，超过 10 MB，没有加上；请压缩或截图后再选',
    ]);
  });

  it('takes at most 6 in all, counting those already chosen', () => {
    const eight = Array.from({ length: 8 }, (_, i) => photo(`${i}.jpg`));
    const first = checkPhotos(0, eight);
    expect(first.accepted).toHaveLength(6);
    expect(first.errors).toEqual(['最多上传 6 张照片，多选的 2 张没有加上']);
    const more = checkPhotos(4, eight.slice(0, 3));
    expect(more.accepted.map((f) => f.name)).toEqual(['0.jpg', '1.jpg']);
    expect(more.errors).toEqual(['最多上传 6 张照片，多选的 1 张没有加上']);
    expect(checkPhotos(6, [photo('x.jpg')]).accepted).toEqual([]);
  });

  it('shortens long file names in messages', () => {
    const { errors } = checkPhotos(0, [photo('a-very-long-file-name-from-the-camera.gif', 'image/gif')]);
    expect(errors[0]).toBe('“a-very-…era.gif”不是 JPG、PNG、WebP 或 HEIC 照片，没有加上');
  });

  it('names uploads plainly, whatever the phone called them', () => {
    expect(photoUploadName({ name: '../../etc/passwd.jpg', type: 'image/jpeg' }, 0)).toBe('photo-1.jpg');
    expect(photoUploadName({ name: 'IMG_1.HEIC', type: '' }, 2)).toBe('photo-3.heic');
    expect(photoUploadName({ name: 'x.JPEG', type: '' }, 1)).toBe('photo-2.jpg');
    expect(photoUploadName({ name: 'noext', type: 'image/png' }, 3)).toBe('photo-4.png');
  });
});

describe('times', () => {
  it('shows the year only when it is not this year', () => {
    const now = new Date(2026, 4, 20);
    expect(formatCaseTime(new Date(2026, 2, 8, 9, 5).getTime(), now)).toBe('3月8日 09:05');
    expect(formatCaseTime(new Date(2025, 11, 31, 21, 30).getTime(), now)).toBe('2025年12月31日 21:30');
  });
});

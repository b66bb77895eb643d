import { describe, expect, it } from 'vitest';
import { userKey } from '../../../lib/user-storage.ts';
import { clearDraft, draftKey, emptyDraft, loadDraft, parseDraft, saveDraft } from './draft.ts';
import { filled } from './draft.fixture.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

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

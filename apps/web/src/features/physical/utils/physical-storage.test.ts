import { describe, expect, it } from 'vitest';
import {
  createPhysicalStore,
  DRAFT_KEY,
  MAX_RESULTS,
  parseDraft,
  parseResults,
  RESULTS_KEY,
  SAVE_INTENT_KEY,
  SAVE_INTENT_TTL_MS,
  trimResults,
  type LocalResult,
} from './physical-storage.ts';
import { resultWith } from './test-fixtures.ts';

class MemoryStorage {
  data = new Map<string, string>();
  failWrites = false;
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

function setup(start = 1_700_000_000_000, storage = new MemoryStorage()) {
  let t = start;
  let owner = '';
  const store = createPhysicalStore(
    () => storage,
    () => t,
    () => owner,
  );
  return { storage, store, tick: (ms = 1000) => (t += ms), loginAs: (id: string) => (owner = id) };
}

const sample = (over: Partial<LocalResult> = {}): Omit<LocalResult, 'key' | 'savedId'> => ({
  createdAt: '2025-03-08T01:05:00.000Z',
  gender: 'female',
  version: 'ZYYXH/T157-2009',
  answers: { q01: 3, q02: 4 },
  result: resultWith({ qixu: { raw: 26, items: 8, converted: 56.25, verdict: 'yes' } }, { primary: 'qixu', conclusion: '气虚质' }),
  ...over,
});

describe('draft', () => {
  it('saves and restores answers and position under the physical: prefix', () => {
    const { storage, store } = setup();
    store.startDraft('male');
    store.writeDraft({ gender: 'male', answers: { q01: 2, q02: 5 }, index: 2, total: 60, updatedAt: 0 });
    expect([...storage.data.keys()]).toEqual([DRAFT_KEY]);
    expect(DRAFT_KEY.startsWith('physical:')).toBe(true);
    expect(store.readDraft()).toEqual({ gender: 'male', answers: { q01: 2, q02: 5 }, index: 2, total: 60, updatedAt: 1_700_000_000_000 });
  });

  it('starting again replaces the unfinished answers', () => {
    const { store } = setup();
    store.writeDraft({ gender: 'male', answers: { q01: 2 }, index: 1, total: 60, updatedAt: 0 });
    store.startDraft('female');
    expect(store.readDraft()).toMatchObject({ gender: 'female', answers: {}, index: 0 });
  });

  it('clears', () => {
    const { store } = setup();
    store.startDraft('female');
    store.clearDraft();
    expect(store.readDraft()).toBeNull();
  });

  it('tolerates corrupt or foreign data', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft('[]')).toBeNull();
    expect(parseDraft('"female"')).toBeNull();
    expect(parseDraft(JSON.stringify({ gender: 'other', answers: {} }))).toBeNull();
    expect(parseDraft(JSON.stringify({ gender: 'female', answers: { q01: 9 } }))).toBeNull();
    // A bad position or count falls back to the start rather than losing the answers.
    expect(parseDraft(JSON.stringify({ gender: 'female', answers: { q01: 1 }, index: -3, total: 'x' }))).toEqual({
      gender: 'female',
      answers: { q01: 1 },
      index: 0,
      total: 0,
      updatedAt: 0,
    });
  });

  it('keeps working from memory when localStorage refuses writes', () => {
    const { storage, store } = setup();
    storage.failWrites = true;
    expect(store.writeDraft({ gender: 'female', answers: { q01: 4 }, index: 1, total: 60, updatedAt: 0 })).toBe(false);
    expect(store.readDraft()?.answers).toEqual({ q01: 4 });
    storage.failWrites = false;
    expect(store.writeDraft({ gender: 'female', answers: { q01: 5 }, index: 1, total: 60, updatedAt: 0 })).toBe(true);
    expect(parseDraft(storage.getItem(DRAFT_KEY))?.answers).toEqual({ q01: 5 });
  });

  it('works with no storage at all', () => {
    const store = createPhysicalStore(() => null);
    store.startDraft('male');
    expect(store.readDraft()?.gender).toBe('male');
  });

  it('survives a storage whose reads throw', () => {
    const store = createPhysicalStore(() => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    }));
    expect(store.readDraft()).toBeNull();
    expect(store.readResults()).toEqual([]);
  });
});

describe('local results', () => {
  it('adds newest first with unique keys, finds and marks saved', () => {
    const { store, loginAs } = setup();
    loginAs('u1');
    const a = store.addResult(sample());
    const b = store.addResult(sample({ createdAt: '2025-03-09T01:05:00.000Z' }));
    expect(a.persisted).toBe(true);
    expect(a.entry.key).not.toBe(b.entry.key);
    expect(store.readResults().map((r) => r.key)).toEqual([b.entry.key, a.entry.key]);
    expect(store.latestResult()?.key).toBe(b.entry.key);
    expect(store.findResult(a.entry.key)?.result.primary).toBe('qixu');
    expect(store.findResult('nope')).toBeNull();
    store.markSaved(a.entry.key, 'rec-1');
    expect(store.pendingResults().map((r) => r.key)).toEqual([b.entry.key]);
    expect(store.findResult(a.entry.key)?.savedId).toBe('rec-1');
    store.removeResult(b.entry.key);
    expect(store.readResults().map((r) => r.key)).toEqual([a.entry.key]);
  });

  it('returns the same array while nothing changed (useSyncExternalStore needs a stable snapshot)', () => {
    const { store } = setup();
    store.addResult(sample());
    expect(store.readResults()).toBe(store.readResults());
  });

  it('notifies subscribers on every change', () => {
    const { store } = setup();
    let calls = 0;
    const off = store.subscribe(() => calls++);
    store.startDraft('female');
    store.addResult(sample());
    off();
    store.clearDraft();
    expect(calls).toBe(2);
  });

  it('drops unreadable entries but keeps the good ones', () => {
    const { storage, store } = setup();
    const good = store.addResult(sample()).entry;
    const list = JSON.parse(storage.getItem(RESULTS_KEY)!) as unknown[];
    storage.setItem(
      RESULTS_KEY,
      JSON.stringify([null, 'x', { key: 'bad', createdAt: 'never' }, { ...good, result: { scales: 'no' } }, ...list]),
    );
    expect(store.readResults().map((r) => r.key)).toEqual([good.key]);
    expect(parseResults('{oops')).toEqual([]);
    expect(parseResults('{"a":1}')).toEqual([]);
  });

  it('reports an unpersisted result but still serves it this session', () => {
    const { storage, store } = setup();
    storage.failWrites = true;
    const { entry, persisted } = store.addResult(sample());
    expect(persisted).toBe(false);
    expect(store.findResult(entry.key)).not.toBeNull();
  });

  it('keeps at most MAX_RESULTS, dropping saved ones before pending ones', () => {
    const mk = (i: number, saved: boolean): LocalResult => ({ ...sample(), key: `k${i}`, ...(saved ? { savedId: `s${i}` } : {}) });
    // Newest first: k0 … k11; the even ones are saved.
    const list = Array.from({ length: MAX_RESULTS + 2 }, (_, i) => mk(i, i % 2 === 0));
    const kept = trimResults(list);
    expect(kept).toHaveLength(MAX_RESULTS);
    expect(kept.map((r) => r.key)).not.toContain('k10');
    expect(kept.map((r) => r.key)).not.toContain('k8');
    expect(kept.filter((r) => !r.savedId)).toHaveLength(6);
    const allPending = Array.from({ length: MAX_RESULTS + 1 }, (_, i) => mk(i, false));
    expect(trimResults(allPending).map((r) => r.key)).not.toContain(`k${MAX_RESULTS}`);
  });
});

describe('save intent', () => {
  it('is taken once', () => {
    const { store } = setup();
    store.setSaveIntent('r1');
    expect(store.takeSaveIntent()).toBe('r1');
    expect(store.takeSaveIntent()).toBeNull();
  });

  it('expires', () => {
    const { store, tick } = setup();
    store.setSaveIntent('r1');
    tick(SAVE_INTENT_TTL_MS + 1);
    expect(store.takeSaveIntent()).toBeNull();
  });

  it('ignores and clears garbage', () => {
    const { storage, store } = setup();
    storage.setItem(SAVE_INTENT_KEY, '{garbage');
    expect(store.takeSaveIntent()).toBeNull();
    expect(storage.getItem(SAVE_INTENT_KEY)).toBeNull();
  });
});

describe('per-user results (issue #13 item 7)', () => {
  it('keeps a logged-in user’s draft and results under that user’s keys, unseen by anyone else', () => {
    const { storage, store, loginAs } = setup();
    loginAs('alice');
    store.startDraft('female');
    const mine = store.addResult(sample()).entry;
    expect([...storage.data.keys()].every((k) => k.startsWith('u:alice:'))).toBe(true);
    loginAs('bob');
    expect(store.readDraft()).toBeNull();
    expect(store.readResults()).toEqual([]);
    expect(store.findResult(mine.key)).toBeNull();
    loginAs('');
    expect(store.readResults()).toEqual([]);
    expect(store.readDraft()).toBeNull();
    loginAs('alice');
    expect(store.findResult(mine.key)?.key).toBe(mine.key);
  });

  it('offers a logged-out result to whoever logs in, and it becomes theirs only once they save it', () => {
    const { storage, store, loginAs } = setup();
    const loose = store.addResult(sample()).entry;
    expect(storage.getItem(RESULTS_KEY)).toContain(loose.key);
    loginAs('alice');
    expect(store.pendingResults().map((r) => r.key)).toEqual([loose.key]);
    store.markSaved(loose.key, 'rec-9');
    expect(store.pendingResults()).toEqual([]);
    expect(store.findResult(loose.key)?.savedId).toBe('rec-9');
    expect(parseResults(storage.getItem(RESULTS_KEY))).toEqual([]);
    loginAs('bob');
    expect(store.findResult(loose.key)).toBeNull();
    loginAs('');
    expect(store.readResults()).toEqual([]);
  });

  it('does not show results an older version kept, saved to some account, under the shared key', () => {
    const { storage, store } = setup();
    const stored = { ...sample(), key: 'legacy', savedId: 'rec-1' };
    storage.setItem(RESULTS_KEY, JSON.stringify([stored, { ...sample(), key: 'loose' }]));
    expect(store.readResults().map((r) => r.key)).toEqual(['loose']);
  });
});

import type { Answers, Gender, PhysicalResult } from '@moxa/core/physical/physical-contract';
import { isAnswers, isGender, isPhysicalResult } from '@moxa/core/physical/constitution';
import { getLoginInfo } from '../../../lib/login-info.ts';
import { USER_KEY_PREFIX, userKey } from '../../../lib/user-storage.ts';

/**
 * Everything the constitution test keeps on the device (issue #5): the unfinished questionnaire
 * (saved on every answer, so a reload or a failed request loses nothing) and results scored on the
 * device — pending ones (taken while logged out, or whose upload failed) are offered for saving.
 * Anything unreadable is ignored, never thrown.
 *
 * Issue #13 item 7: a logged-in user's draft and results live under that user's keys
 * (lib/user-storage.ts), so another account on the same phone never sees them and logout deletes
 * them; what is taken while logged out lives under the plain `physical:` keys and is only uploaded
 * when the user asks. A logged-in user sees their own results and the logged-out ones, which are
 * moved under their keys once saved to their account.
 */
export const DRAFT_KEY = 'physical:draft';
export const RESULTS_KEY = 'physical:results';
export const SAVE_INTENT_KEY = 'physical:save-intent';
/** Older results beyond this are dropped (pending ones last), so the device never fills up. */
export const MAX_RESULTS = 10;
/** A "save after login" intent older than this is stale (the user went elsewhere). */
export const SAVE_INTENT_TTL_MS = 30 * 60 * 1000;

export type Draft = {
  gender: Gender;
  answers: Answers;
  /** Position of the question on screen (0-based). */
  index: number;
  /** Number of questions when last seen, for the 继续上次的测试 progress; 0 before they loaded. */
  total: number;
  updatedAt: number;
};

export type LocalResult = {
  key: string;
  createdAt: string;
  gender: Gender;
  version: string;
  answers: Answers;
  result: PhysicalResult;
  /** Set once the server holds this result as a record. */
  savedId?: string;
};

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function parseDraft(raw: string | null): Draft | null {
  const v = parseJson(raw);
  if (!isObject(v)) return null;
  const answers = v.answers ?? {};
  if (!isGender(v.gender) || !isAnswers(answers)) return null;
  const index = typeof v.index === 'number' && Number.isInteger(v.index) && v.index >= 0 ? v.index : 0;
  const total = typeof v.total === 'number' && Number.isInteger(v.total) && v.total >= 0 ? v.total : 0;
  const updatedAt = typeof v.updatedAt === 'number' ? v.updatedAt : 0;
  return { gender: v.gender, answers, index, total, updatedAt };
}

function parseResult(v: unknown): LocalResult | null {
  if (!isObject(v)) return null;
  if (typeof v.key !== 'string' || !v.key || typeof v.createdAt !== 'string' || Number.isNaN(Date.parse(v.createdAt))) return null;
  if (!isGender(v.gender) || !isAnswers(v.answers) || !isPhysicalResult(v.result)) return null;
  const entry: LocalResult = {
    key: v.key,
    createdAt: v.createdAt,
    gender: v.gender,
    version: typeof v.version === 'string' ? v.version : '',
    answers: v.answers,
    result: v.result,
  };
  if (typeof v.savedId === 'string' && v.savedId) entry.savedId = v.savedId;
  return entry;
}

/** Newest first; unreadable entries are dropped one by one so one bad entry does not hide the rest. */
export function parseResults(raw: string | null): LocalResult[] {
  const v = parseJson(raw);
  if (!Array.isArray(v)) return [];
  return v.map(parseResult).filter((r): r is LocalResult => r !== null);
}

/** Keeps at most MAX_RESULTS, dropping the oldest saved ones first, then the oldest pending ones. */
export function trimResults(list: LocalResult[], max = MAX_RESULTS): LocalResult[] {
  if (list.length <= max) return list;
  const drop = new Set<string>();
  const oldestFirst = [...list].reverse();
  for (const r of oldestFirst) if (list.length - drop.size > max && r.savedId) drop.add(r.key);
  for (const r of oldestFirst) if (list.length - drop.size > max) drop.add(r.key);
  return list.filter((r) => !drop.has(r.key));
}

function browserStorage(): KV | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The storage key of `name` for an owner ('' = logged out). */
export const ownedKey = (owner: string, key: string): string => (owner ? userKey(owner, key) : key);

const currentUserId = (): string => getLoginInfo()?.user.id ?? '';

export function createPhysicalStore(
  getStorage: () => KV | null = browserStorage,
  now: () => number = Date.now,
  owner: () => string = currentUserId,
) {
  // When localStorage is unavailable or full (private mode, quota) the session still works from
  // memory; writes then report false so callers know nothing was persisted.
  const memory = new Map<string, string | null>();
  const listeners = new Set<() => void>();

  const read = (key: string): string | null => {
    if (memory.has(key)) return memory.get(key) ?? null;
    try {
      return getStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null): boolean => {
    let persisted = false;
    try {
      const s = getStorage();
      if (s) {
        if (value === null) s.removeItem(key);
        else s.setItem(key, value);
        persisted = true;
      }
    } catch {
      persisted = false;
    }
    if (persisted) memory.delete(key);
    else memory.set(key, value);
    listeners.forEach((l) => l());
    return persisted;
  };

  const resultsCache = new Map<string, { raw: string | null; list: LocalResult[] }>();
  const parsedAt = (key: string): LocalResult[] => {
    const raw = read(key);
    const hit = resultsCache.get(key);
    if (hit && hit.raw === raw) return hit.list;
    const list = parseResults(raw);
    resultsCache.set(key, { raw, list });
    return list;
  };
  /** Logged-out results; an entry already saved to some account is not anyone's to see here. */
  const anonymous = (): LocalResult[] => {
    const list = parsedAt(RESULTS_KEY);
    return list.some((r) => r.savedId) ? list.filter((r) => !r.savedId) : list;
  };
  const own = (): LocalResult[] => (owner() ? parsedAt(ownedKey(owner(), RESULTS_KEY)) : anonymous());
  let merged: { own: LocalResult[]; anon: LocalResult[]; list: LocalResult[] } | null = null;
  const readResults = (): LocalResult[] => {
    if (!owner()) return anonymous();
    const o = own();
    const a = anonymous();
    if (merged?.own !== o || merged.anon !== a) {
      const list = [...o, ...a].sort((x, y) => Date.parse(y.createdAt) - Date.parse(x.createdAt));
      merged = { own: o, anon: a, list };
    }
    return merged.list;
  };
  const writeList = (key: string, list: LocalResult[]): boolean => write(key, JSON.stringify(trimResults(list)));
  const writeOwn = (list: LocalResult[]): boolean => writeList(ownedKey(owner(), RESULTS_KEY), list);
  const draftKey = () => ownedKey(owner(), DRAFT_KEY);

  return {
    readDraft: (): Draft | null => parseDraft(read(draftKey())),
    /** A fresh questionnaire for this gender; replaces any unfinished one. */
    startDraft(gender: Gender): Draft {
      const draft: Draft = { gender, answers: {}, index: 0, total: 0, updatedAt: now() };
      write(draftKey(), JSON.stringify(draft));
      return draft;
    },
    writeDraft(draft: Draft): boolean {
      return write(draftKey(), JSON.stringify({ ...draft, updatedAt: now() }));
    },
    clearDraft(): void {
      write(draftKey(), null);
    },

    /** Newest first, the same array while nothing changed (safe for useSyncExternalStore). */
    readResults,
    findResult: (key: string): LocalResult | null => readResults().find((r) => r.key === key) ?? null,
    latestResult: (): LocalResult | null => readResults()[0] ?? null,
    pendingResults: (): LocalResult[] => readResults().filter((r) => !r.savedId),
    /** Stores a new result; `persisted` is false when it only lives in memory for this session. */
    addResult(input: Omit<LocalResult, 'key' | 'savedId'>): { entry: LocalResult; persisted: boolean } {
      const t = now();
      let key = `r${t.toString(36)}`;
      for (let n = 2; readResults().some((r) => r.key === key); n++) key = `r${t.toString(36)}${n}`;
      const entry: LocalResult = { ...input, key };
      const persisted = writeOwn([entry, ...own()]);
      return { entry, persisted };
    },
    /** Marks a result as held by the server; a logged-out result becomes the logged-in user's. */
    markSaved(key: string, savedId: string): void {
      const loose = owner() ? anonymous().find((r) => r.key === key) : undefined;
      if (loose) {
        writeOwn([{ ...loose, savedId }, ...own()].sort((x, y) => Date.parse(y.createdAt) - Date.parse(x.createdAt)));
        writeList(
          RESULTS_KEY,
          anonymous().filter((r) => r.key !== key),
        );
      } else writeOwn(own().map((r) => (r.key === key ? { ...r, savedId } : r)));
    },
    removeResult(key: string): void {
      if (own().some((r) => r.key === key)) writeOwn(own().filter((r) => r.key !== key));
      else
        writeList(
          RESULTS_KEY,
          anonymous().filter((r) => r.key !== key),
        );
    },

    /** "Save this result once I am logged in" (issue #5: after login the user comes back and it saves). */
    setSaveIntent(key: string): void {
      write(SAVE_INTENT_KEY, JSON.stringify({ key, at: now() }));
    },
    /** Returns and clears the pending intent, if fresh. */
    takeSaveIntent(): string | null {
      const raw = read(SAVE_INTENT_KEY);
      if (raw === null) return null;
      write(SAVE_INTENT_KEY, null);
      const v = parseJson(raw);
      if (!isObject(v) || typeof v.key !== 'string' || typeof v.at !== 'number') return null;
      return now() - v.at <= SAVE_INTENT_TTL_MS ? v.key : null;
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === null || e.key.startsWith('physical:') || e.key.startsWith(USER_KEY_PREFIX)) listener();
      };
      const win = typeof window === 'undefined' ? null : window;
      win?.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        win?.removeEventListener('storage', onStorage);
      };
    },
  };
}

export type PhysicalStore = ReturnType<typeof createPhysicalStore>;

/** The app's one store over window.localStorage. */
export const physicalStore = createPhysicalStore();

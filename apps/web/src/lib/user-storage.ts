/**
 * Per-user device storage (issue #13 item 7): whatever the app keeps on the phone about one logged-in
 * user (health drafts and results) lives under `u:<userId>:…`, so another account on the same phone
 * never reads it and logout can delete all of it without knowing which features wrote what.
 */
export const USER_KEY_PREFIX = 'u:';

export const userKey = (userId: string, key: string): string => `${USER_KEY_PREFIX}${userId}:${key}`;

/** Deletes every key of this user; returns how many went. Storage errors are ignored (nothing to do). */
export function clearUserData(userId: string, storage: Storage | null = safeLocalStorage()): number {
  if (!storage || !userId) return 0;
  const prefix = userKey(userId, '');
  const doomed: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  } catch {
    return 0;
  }
  return doomed.length;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

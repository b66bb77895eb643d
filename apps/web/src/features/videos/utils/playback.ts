/**
 * What the video page keeps on the device (issue #16): where each video was left, so coming back
 * resumes there, and an anonymous device id, so reloading counts a view once a day. Neither is tied to
 * an account; storage errors (private mode, full) only lose the convenience.
 */
export const POSITIONS_KEY = 'moxa:video-positions';
export const VISITOR_KEY = 'moxa:visitor';
/** Positions are kept for the most recent videos only. */
const MAX_POSITIONS = 30;

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const local = (): Store | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function readPositions(s: Store | null): Record<string, number> {
  try {
    const value: unknown = JSON.parse(s?.getItem(POSITIONS_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Seconds to resume at, or 0 near the start or the end (then it starts from the beginning). */
export function savedPosition(id: string, duration: number, s: Store | null = local()): number {
  const at = Number(readPositions(s)[id] ?? 0);
  return Number.isFinite(at) && at > 3 && (!duration || at < duration - 3) ? at : 0;
}

export function savePosition(id: string, seconds: number, duration: number, s: Store | null = local()): void {
  if (!s) return;
  const positions = readPositions(s);
  delete positions[id];
  if (seconds > 3 && !(duration && seconds >= duration - 3)) positions[id] = Math.floor(seconds);
  const kept = Object.entries(positions).slice(-MAX_POSITIONS);
  try {
    s.setItem(POSITIONS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Full or blocked storage: resuming is a convenience.
  }
}

/** A random id for this device, made on first use. */
export function visitorId(s: Store | null = local()): string | undefined {
  try {
    let id = s?.getItem(VISITOR_KEY);
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      s?.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

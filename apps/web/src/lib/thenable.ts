/**
 * A promise that carries its outcome on itself, the way React's `use` records it (`status`, `value`,
 * `reason`): once settled, `use` reads it at once instead of suspending, on React and on the Preact
 * shim (compat/use.ts, decision 044) alike.
 */
export type ThenableState<T> =
  { status?: undefined } | { status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown };

/** Records `thenable`'s outcome on it as it settles (kept as is when already recorded). */
export function track<T, P extends PromiseLike<T> = Promise<T>>(thenable: P & PromiseLike<T>): P & ThenableState<T> {
  const t = thenable as P & { status?: string; value?: unknown; reason?: unknown };
  if (t.status === undefined) {
    t.status = 'pending';
    t.then(
      (value) => {
        if (t.status !== 'pending') return;
        t.status = 'fulfilled';
        t.value = value;
      },
      (reason: unknown) => {
        if (t.status !== 'pending') return;
        t.status = 'rejected';
        t.reason = reason;
      },
    );
  }
  return t as P & ThenableState<T>;
}

/** Whether `thenable` is known to have resolved (recorded by `track` or by React's `use`). */
export const isFulfilled = (thenable: PromiseLike<unknown>): boolean => (thenable as { status?: string }).status === 'fulfilled';

import { track } from '../lib/thenable.ts';

/**
 * React 19's `use(promise)` for the Preact build (decision 044: preact/compat has no `use`). Like
 * React, it records the promise's outcome on the promise itself: fulfilled returns the value,
 * rejected throws the reason, pending throws the promise, which Preact's <Suspense> waits for.
 * The app never lets a screen suspend without a boundary (app/root-layout.tsx shows a location only
 * once its screens are in), so that path is for lazy parts inside a <Suspense>.
 * `use(context)` is not supported: nothing in the app or its libraries calls it.
 */
export function use<T>(usable: PromiseLike<T>): T {
  if (typeof usable?.then !== 'function') throw new TypeError('use(): only promises are supported on Preact (decision 044)');
  const t = track(usable);
  if (t.status === 'fulfilled') return t.value;
  if (t.status === 'rejected') throw t.reason;
  throw t; // Suspense's protocol: a thrown thenable
}

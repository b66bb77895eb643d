import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { ConsentPurpose } from '@moxa/core/consent/consent-rules';
import { hasConsent, isConsentRequired } from '../lib/consent.ts';

const ConsentSheet = lazy(() => import('./consent-sheet.tsx'));

export type ConsentGate = {
  /** True once a consent of the purpose is in force, asking with the sheet if needed; false if the user did not agree. */
  ask: () => Promise<boolean>;
  /**
   * Runs a save under the consent: asks first, and asks once more should the server still refuse
   * (withdrawn on another phone). Null when the user did not agree: nothing was sent.
   */
  run: <T>(save: () => Promise<T>) => Promise<T | null>;
  /** The sheet while it is open: render it anywhere in the screen. */
  sheet: ReactNode;
};

/**
 * Issue #27 items 15 and 17: health data of a purpose goes to the account only with its separate
 * consent. The first save of a purpose opens the consent sheet (loaded then); 暂不保存, or a
 * person under 14, leaves everything on the phone as it was.
 */
export function useConsentGate(purpose: ConsentPurpose): ConsentGate {
  const [open, setOpen] = useState(false);
  const settle = useRef<((agreed: boolean) => void) | null>(null);

  const askSheet = () =>
    new Promise<boolean>((resolve) => {
      settle.current?.(false);
      settle.current = resolve;
      setOpen(true);
    });
  const ask = async () => (await hasConsent(purpose)) || askSheet();
  const run = async <T,>(save: () => Promise<T>): Promise<T | null> => {
    if (!(await ask())) return null;
    try {
      return await save();
    } catch (e) {
      if (!isConsentRequired(e)) throw e;
    }
    return (await askSheet()) ? save() : null;
  };
  const done = (agreed: boolean) => {
    setOpen(false);
    settle.current?.(agreed);
    settle.current = null;
  };
  const sheet = open ? (
    <Suspense fallback={null}>
      <ConsentSheet purpose={purpose} onDone={done} />
    </Suspense>
  ) : null;
  return { ask, run, sheet };
}

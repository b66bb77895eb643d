import { useEffect, useState } from 'react';
import { clearDraft, emptyDraft, loadDraft, saveDraft, type ConsultationDraft, type DraftField } from '../utils/draft.ts';
import { usePrefillFromLink } from './use-prefill-from-link.ts';

function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The consultation form's fields (issue #17): what is typed is kept on the phone as it is typed
 * (never the photos) and comes back after a reload, a trip to /login or a failed send; `?disease=`
 * and `?product=` fill it once. `touched` remembers the fields left once, so their problems show.
 */
export function useConsultationDraft(userId: string) {
  const [draft, setDraft] = useState<ConsultationDraft>(() => loadDraft(deviceStorage(), userId) ?? emptyDraft());
  const [restored, setRestored] = useState(() => loadDraft(deviceStorage(), userId) !== null);
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());

  useEffect(() => saveDraft(deviceStorage(), userId, draft), [userId, draft]);
  usePrefillFromLink(setDraft);

  return {
    draft,
    /** Shown once, when the form opened with a draft kept from before. */
    restored,
    touched,
    set: (patch: Partial<ConsultationDraft>) => setDraft((d) => ({ ...d, ...patch })),
    touch: (f: DraftField) => setTouched((t) => (t.has(f) ? t : new Set(t).add(f))),
    /** 清空重填: an empty form, nothing kept. */
    reset: () => {
      setDraft(emptyDraft());
      setTouched(new Set());
      setRestored(false);
    },
    /** After the request was accepted: the phone's copy goes at once, even if the screen has gone. */
    sent: () => {
      clearDraft(deviceStorage(), userId);
      setDraft(emptyDraft());
    },
  };
}
export type ConsultationDraftState = ReturnType<typeof useConsultationDraft>;

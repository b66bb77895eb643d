import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsultationRequest } from '@moxa/core/cases/case-contract';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { caseRoute } from '../api/paths.ts';
import { postConsultation } from '../api/post-consultation.ts';
import { caseKey, caseListKey } from '../api/queries.ts';
import { fieldId } from '../components/form-fields.tsx';
import { firstErrorField, type DraftErrors } from '../utils/validation.ts';

const NOT_AGREED = '需要您同意处理健康信息后才能提交。';

/**
 * Sending a consultation (issue #17): a draft with problems shows them all and takes the user to the
 * first; a complete one asks the separate consent (issue #27 item 15; declining sends nothing), then
 * goes with its photos. On success the case opens; on failure everything stays (the fields, also on
 * the phone, and the photos while the page is open) with the reason.
 */
export function useSubmitConsultation({
  userId,
  checked,
  photos,
  onSent,
}: {
  userId: string;
  checked: { request: ConsultationRequest; errors: null } | { request: null; errors: DraftErrors };
  photos: readonly File[];
  onSent: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consent = useConsentGate('consultation');
  /** Set by the first 提交: from then on every problem shows, touched or not. */
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setSendError(null);
    if (!checked.request) {
      const first = firstErrorField(checked.errors);
      const el = first && document.getElementById(fieldId(first));
      if (el) {
        el.scrollIntoView({ block: 'center', behavior: 'smooth' });
        el.focus({ preventScroll: true });
      }
      return;
    }
    const request = checked.request;
    try {
      if (!(await consent.ask())) return setSendError(NOT_AGREED);
    } catch (err) {
      return setSendError(errorMessage(err));
    }
    setBusy(true);
    try {
      const detail = await consent.run(() => postConsultation(request, photos));
      if (!detail) {
        if (mounted.current) setSendError(NOT_AGREED);
        return;
      }
      onSent();
      queryClient.setQueryData(caseKey(userId, detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: caseListKey(userId) });
      if (!mounted.current) return;
      void showToast('已提交，顾问会尽快回复', 'success');
      void navigate(caseRoute(detail.id));
    } catch (err) {
      if (mounted.current) setSendError(errorMessage(err));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return {
    submitted,
    busy,
    sendError,
    submit,
    /** 清空重填: back to a form nobody has tried to send. */
    reset: () => setSubmitted(false),
    consentSheet: consent.sheet,
  };
}

import type { ConsentList } from '@moxa/core/consent/consent-contract';
import { CONSENT_ERROR_CODES, PRIVACY_POLICY_VERSION, type ConsentPurpose } from '@moxa/core/consent/consent-rules';
import { ApiError, apiFetch } from './api-client.ts';
import { getLoginInfo } from './login-info.ts';

/**
 * Issue #27 item 15: the account's separate consents to keep health data (`/api/v8/me/consents`).
 * Asked afresh before each save (saves are rare; a consent withdrawn on another phone counts at once).
 * No state here, so the build may copy this small module into the screens that use it (decision 012).
 */
export const CONSENTS_PATH = '/api/v8/me/consents';

export const fetchConsents = () => apiFetch<ConsentList>(CONSENTS_PATH);

/** Whether the logged-in user has a consent of this purpose in force. */
export async function hasConsent(purpose: ConsentPurpose): Promise<boolean> {
  if (!getLoginInfo()?.token) return false;
  return (await fetchConsents()).consents.some((c) => c.purpose === purpose && c.granted);
}

/** 同意并保存: records the consent (the policy version shown, the birth year asked). */
export const grantConsent = (purpose: ConsentPurpose, birthYear: number) =>
  apiFetch<ConsentList>(CONSENTS_PATH, { method: 'POST', body: { purpose, policyVersion: PRIVACY_POLICY_VERSION, birthYear } });

/** 撤回授权: nothing more of this purpose is saved to the account. */
export const withdrawConsent = (purpose: ConsentPurpose) => apiFetch<ConsentList>(`${CONSENTS_PATH}/${purpose}`, { method: 'DELETE' });

/** A saving route refused for want of a consent (withdrawn meanwhile). */
export const isConsentRequired = (e: unknown): boolean => e instanceof ApiError && e.code === CONSENT_ERROR_CODES.consentRequired;

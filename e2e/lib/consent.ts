import { CONSENT_PURPOSES, PRIVACY_POLICY_VERSION, type ConsentPurpose } from '@moxa/core/consent/consent-rules';
import { baseUrl } from './page.ts';

/**
 * Grants the separate consents to keep health data (issue #27 item 15) for a logged-in token through
 * the API, as the consent sheet would, for tests about something else (e2e/consent.test.ts drives the
 * sheet itself).
 */
export async function grantConsents(
  token: string,
  purposes: readonly ConsentPurpose[] = CONSENT_PURPOSES,
  base: string = baseUrl(),
): Promise<void> {
  for (const purpose of purposes) {
    const res = await fetch(`${base}/api/v8/me/consents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ purpose, policyVersion: PRIVACY_POLICY_VERSION, birthYear: 1966 }),
    });
    if (!res.ok) throw new Error(`POST /api/v8/me/consents ${purpose}: ${res.status} ${await res.text()}`);
  }
}

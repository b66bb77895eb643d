import { CONSENT_PURPOSES, PRIVACY_POLICY_VERSION, type ConsentPurpose } from '@moxa/core/consent/consent-contract';
import type { TestApp } from './test-app.ts';

/** An adult's birth year, for tests (issue #27 item 17). */
export const ADULT_BIRTH_YEAR = 1968;

const body = (purpose: ConsentPurpose) => ({ purpose, policyVersion: PRIVACY_POLICY_VERSION, birthYear: ADULT_BIRTH_YEAR });

/**
 * Grants the separate consents of issue #27 item 15 for a token, as the consent sheet does, so tests
 * about something else can save health data.
 */
export async function grantConsents(t: TestApp, token: string, purposes: readonly ConsentPurpose[] = CONSENT_PURPOSES): Promise<void> {
  for (const purpose of purposes) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/me/consents',
      payload: body(purpose),
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`consent ${purpose}: ${res.body}`);
  }
}

/** The same through HTTP, for tests of a running server process. */
export async function grantConsentsThrough(baseUrl: string, token: string, purposes: readonly ConsentPurpose[] = CONSENT_PURPOSES) {
  for (const purpose of purposes) {
    const res = await fetch(`${baseUrl}/api/v8/me/consents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(purpose)),
    });
    if (res.status !== 200) throw new Error(`consent ${purpose}: ${await res.text()}`);
  }
}

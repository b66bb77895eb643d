import { randomUUID } from 'node:crypto';
import {
  CONSENT_PURPOSES,
  PRIVACY_POLICY_VERSION,
  type ConsentList,
  type ConsentPurpose,
  type ConsentRecord,
} from '@moxa/core/consent/consent-contract';
import { ErrorCode } from '@moxa/core/http/envelope';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';

type Row = { purpose: string; policy_version: string; birth_year: number; granted_at: number; withdrawn_at: number | null };
const toRecord = (r: Row): ConsentRecord => ({
  purpose: r.purpose as ConsentPurpose,
  policyVersion: r.policy_version,
  birthYear: Number(r.birth_year),
  grantedAt: Number(r.granted_at),
  withdrawnAt: r.withdrawn_at === null ? null : Number(r.withdrawn_at),
});

/** The answer of a saving route without a consent in force (issue #27 item 15): 403 in the envelope. */
const consentRequired = () => new AppError(403, ErrorCode.consentRequired, '请先同意保存健康信息');

/**
 * Issue #27 item 15: the consent ledger. A grant is a new row; withdrawing closes the open rows of
 * the purpose (`withdrawn_at`), so the history of what was agreed, to which policy version and when,
 * stays. Owner-only: every query is scoped by the user's id. Deleting the account cascades.
 */
export function consentRepository(db: Db, clock: () => number = Date.now) {
  /** Newest first; of rows granted in the same millisecond, the one in force first, then the latest withdrawn. */
  const history = async (userId: string): Promise<ConsentRecord[]> =>
    (
      await db
        .selectFrom('consents')
        .select(['purpose', 'policy_version', 'birth_year', 'granted_at', 'withdrawn_at'])
        .where('user_id', '=', userId)
        .execute()
    )
      .map(toRecord)
      .sort((a, b) => b.grantedAt - a.grantedAt || (b.withdrawnAt ?? Number.MAX_SAFE_INTEGER) - (a.withdrawnAt ?? Number.MAX_SAFE_INTEGER));
  const isGranted = async (userId: string, purpose: ConsentPurpose): Promise<boolean> =>
    (await db
      .selectFrom('consents')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst()) !== undefined;

  return {
    /** Every purpose's state (its latest row) and the whole ledger, newest first. */
    async list(userId: string): Promise<ConsentList> {
      const rows = await history(userId);
      return {
        policyVersion: PRIVACY_POLICY_VERSION,
        consents: CONSENT_PURPOSES.map((purpose) => {
          const latest = rows.find((r) => r.purpose === purpose && r.withdrawnAt === null) ?? rows.find((r) => r.purpose === purpose);
          return {
            purpose,
            granted: Boolean(latest && latest.withdrawnAt === null),
            grantedAt: latest?.grantedAt ?? null,
            withdrawnAt: latest?.withdrawnAt ?? null,
            policyVersion: latest?.policyVersion ?? null,
          };
        }),
        history: rows,
      };
    },

    /** Records a grant; granting again to the same policy version while in force changes nothing. */
    async grant(userId: string, purpose: ConsentPurpose, policyVersion: string, birthYear: number): Promise<void> {
      const open = await db
        .selectFrom('consents')
        .select('id')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('policy_version', '=', policyVersion)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      if (open) return;
      await db
        .insertInto('consents')
        .values({
          id: randomUUID(),
          user_id: userId,
          purpose,
          policy_version: policyVersion,
          birth_year: birthYear,
          granted_at: clock(),
          withdrawn_at: null,
        })
        .execute();
    },

    /** Closes the purpose's consents in force; answers how many were closed (0: nothing to withdraw). */
    async withdraw(userId: string, purpose: ConsentPurpose): Promise<number> {
      const res = await db
        .updateTable('consents')
        .set({ withdrawn_at: clock() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** Whether the user has a consent of this purpose in force. */
    isGranted,

    /** Refuses (403, consentRequired) unless a consent of this purpose is in force: the saving routes' gate. */
    async require(userId: string, purpose: ConsentPurpose): Promise<void> {
      if (!(await isGranted(userId, purpose))) throw consentRequired();
    },

    /** The ledger as kept, newest first (for the export of issue #27 item 16). */
    history,
  };
}
export type ConsentRepository = ReturnType<typeof consentRepository>;

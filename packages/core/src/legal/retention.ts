/**
 * Issue #27 item 18: how long each kind of data is kept, declared once. The privacy policy states
 * these periods (apps/web features/legal) and the server's daily retention job enforces the ones it
 * can (apps/server/src/retention). Zod-free, so the policy page loads without the schema library.
 */
export const DAY_MS = 86_400_000;

export const RETENTION = {
  /** A consultation, with its messages and photos, this many days after it was closed or last touched. */
  consultationDays: 3 * 365,
  /** The audit trail (exports and other account actions; no personal data in it). */
  auditDays: 3 * 365,
  /** Database backups are overwritten after this many days (docs/operations.md). */
  backupDays: 30,
  /** An SMS code row (number and code hash), this many days after it expired. */
  smsCodeDays: 1,
  /** Server logs (《网络安全法》 §21: at least six months); kept by the deployment (docs/operations.md). */
  logMonths: 6,
  /** Issue #33 item 5: sampled page-speed reports (no personal data), by the day they were received. */
  vitalsDays: 90,
  /** Issue #31: a notice (SMS or WeChat reminder) this many days after it was sent, skipped or given up. */
  noticeDays: 90,
} as const;

/** The instants before which rows are expired at `now` (epoch ms). */
export function retentionCutoffs(now: number) {
  return {
    consultations: now - RETENTION.consultationDays * DAY_MS,
    audit: now - RETENTION.auditDays * DAY_MS,
    vitals: now - RETENTION.vitalsDays * DAY_MS,
  };
}

/** Whole years, for the policy's wording (1095 days → 3). */
export const daysAsYears = (days: number) => Math.round(days / 365);

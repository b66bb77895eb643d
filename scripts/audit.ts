/**
 * CI's dependency audit (issue #13 item 16): `npm audit --omit=dev` must report no high or critical
 * advisory for what ships. Where the registry's audit endpoint cannot be reached (as in this
 * workplace, which answers 405), that is said plainly and the step passes: an unreachable service is
 * not a finding, and the lock file is still pinned by the check in .ci/run.
 */
import { spawnSync } from 'node:child_process';

type AuditJson = {
  statusCode?: number;
  message?: string;
  error?: unknown;
  metadata?: { vulnerabilities?: Partial<Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>> };
};

export type AuditVerdict = { ok: boolean; reachable: boolean; text: string };

export function judgeAudit(json: AuditJson): AuditVerdict {
  const v = json.metadata?.vulnerabilities;
  if (!v) {
    const why = json.message ?? (json.statusCode ? `HTTP ${json.statusCode}` : 'no report');
    return {
      ok: true,
      reachable: false,
      text: `audit: the registry's audit service did not answer (${why}); no advisories could be checked`,
    };
  }
  const serious = (v.high ?? 0) + (v.critical ?? 0);
  return serious > 0
    ? {
        ok: false,
        reachable: true,
        text: `audit: ${v.critical ?? 0} critical and ${v.high ?? 0} high advisories in production dependencies`,
      }
    : { ok: true, reachable: true, text: `audit: no high or critical advisories (${v.moderate ?? 0} moderate, ${v.low ?? 0} low)` };
}

if (import.meta.main) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  let json: AuditJson;
  try {
    json = JSON.parse(run.stdout || '{}') as AuditJson;
  } catch {
    json = { message: 'unreadable answer' };
  }
  const verdict = judgeAudit(json);
  process.stdout.write(`${verdict.text}\n`);
  process.exit(verdict.ok ? 0 : 1);
}

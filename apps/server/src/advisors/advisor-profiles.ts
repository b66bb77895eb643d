import type {
  AdvisorProfile,
  AdvisorProfileFields,
  AdvisorSignature,
  ConsoleAdvisor,
  ProfileStatus,
} from '@moxa/core/advisors/advisor-profile-contract';
import type { Role } from '@moxa/core/login/roles';
import type { AuditRepository } from '../audit/audit-repository.ts';
import { badInput, conflict, forbidden, notFound } from '../lib/app-error.ts';
import type { AdvisorProfileRepository, ProfileRecord } from './advisor-profile-repository.ts';

/** The 4-digit runs of a phone number's national digits, as they could appear in a text. */
export const digitWindows = (mobile: string) => {
  const digits = mobile.replace(/\D/g, '').slice(-11);
  return Array.from({ length: Math.max(0, digits.length - 3) }, (_, i) => digits.slice(i, i + 4));
};

function statusOf(p: ProfileRecord | null): ProfileStatus {
  if (!p) return 'none';
  if (p.pending) return 'pending';
  if (p.comment !== null) return 'rejected';
  return p.approved ? 'approved' : 'none';
}

export function profileView(p: ProfileRecord | null): AdvisorProfile {
  return {
    approved: p?.approved ?? null,
    pending: p?.pending ?? null,
    status: statusOf(p),
    comment: p?.comment ?? null,
    onDuty: p?.onDuty ?? false,
    updatedAt: p?.updatedAt ?? null,
  };
}

/** How a reply is signed in a thread from the approved profile and its photo's URL (issue #30). */
export const signatureOf = (f: AdvisorProfileFields & { photoUrl: string | null }): AdvisorSignature => ({
  name: f.name,
  title: f.title,
  introduction: f.introduction,
  photoUrl: f.photoUrl,
});

type Actor = { id: string; roles: readonly Role[] };

/**
 * Advisor profiles' rules (issue #30, docs/decisions/043): display fields are submitted (by the advisor,
 * or an admin for any advisor) and become visible only when a reviewer who is neither the advisor nor the
 * submitter approves them; on duty is set directly. Every step is in the audit trail, with no personal
 * data in its detail (the subject names the advisor's account).
 */
export function advisorProfiles(deps: { repo: AdvisorProfileRepository; audit: AuditRepository }) {
  const { repo, audit } = deps;
  const subject = (userId: string) => `user:${userId}`;

  async function advisorAccount(userId: string) {
    const account = await repo.account(userId);
    if (!account?.advisor) throw notFound('没有找到这位顾问');
    return account;
  }

  /** Issue #30: an advisor's phone digits appear nowhere, so none of them may be typed into the profile. */
  function checkNoDigitsOfNumber(mobile: string, fields: AdvisorProfileFields) {
    const text = `${fields.name} ${fields.title} ${fields.introduction}`;
    if (digitWindows(mobile).some((w) => text.includes(w))) throw badInput('顾问资料里不能有手机号里的数字');
  }

  async function pendingOf(userId: string) {
    const p = await repo.get(userId);
    if (!p?.pending || p.pendingAt === null) throw conflict('这位顾问没有待审核的资料');
    return { ...p, pending: p.pending, pendingAt: p.pendingAt };
  }

  return {
    async own(userId: string): Promise<AdvisorProfile> {
      return profileView(await repo.get(userId));
    },

    /** The advisor, or an admin for them, submits display fields for review. */
    async submit(actor: Actor, advisorId: string, fields: AdvisorProfileFields): Promise<AdvisorProfile> {
      if (actor.id !== advisorId && !actor.roles.includes('admin')) throw forbidden();
      const account = await advisorAccount(advisorId);
      checkNoDigitsOfNumber(account.mobile, fields);
      if (fields.photo !== null && !(await repo.photoExists(fields.photo))) throw badInput('照片在媒体库里找不到，请重新选择');
      await repo.submit(advisorId, fields, actor.id);
      await audit.record({
        actorId: actor.id,
        action: 'advisor.profile.submit',
        subject: subject(advisorId),
        detail: { own: actor.id === advisorId, photo: fields.photo !== null },
      });
      return profileView(await repo.get(advisorId));
    },

    /** A reviewer approves the submission waiting; never their own profile, never one they submitted. */
    async approve(actor: Actor, advisorId: string): Promise<ConsoleAdvisor> {
      const p = await pendingOf(advisorId);
      if (actor.id === advisorId) throw forbidden('不能审核自己的顾问资料');
      if (actor.id === p.pendingBy) throw forbidden('不能审核自己提交的资料，请另一位审核员审核');
      if (!(await repo.approve(advisorId, p.pending, p.pendingAt, actor.id))) throw conflict('资料刚刚有变动，请刷新后再审核');
      if (p.pending.photo) await repo.publishPhoto(p.pending.photo);
      await audit.record({ actorId: actor.id, action: 'advisor.profile.approve', subject: subject(advisorId) });
      return this.one(advisorId);
    },

    async reject(actor: Actor, advisorId: string, comment: string): Promise<ConsoleAdvisor> {
      const p = await pendingOf(advisorId);
      if (actor.id === advisorId) throw forbidden('不能审核自己的顾问资料');
      if (!(await repo.reject(advisorId, p.pendingAt, comment))) throw conflict('资料刚刚有变动，请刷新后再审核');
      await audit.record({ actorId: actor.id, action: 'advisor.profile.reject', subject: subject(advisorId) });
      return this.one(advisorId);
    },

    /** On duty is operational (no review): the advisor or an admin sets it; audited. */
    async setDuty(actor: Actor, advisorId: string, onDuty: boolean): Promise<AdvisorProfile> {
      if (actor.id !== advisorId && !actor.roles.includes('admin')) throw forbidden();
      await advisorAccount(advisorId);
      await repo.setDuty(advisorId, onDuty);
      await audit.record({
        actorId: actor.id,
        action: 'advisor.duty',
        subject: subject(advisorId),
        detail: { onDuty, own: actor.id === advisorId },
      });
      return profileView(await repo.get(advisorId));
    },

    async list(status?: ProfileStatus): Promise<ConsoleAdvisor[]> {
      const all = await repo.list();
      const names = new Map(all.map((a) => [a.userId, a.accountName]));
      const out: ConsoleAdvisor[] = [];
      for (const a of all) {
        const view = profileView(a.profile);
        if (status && view.status !== status) continue;
        const by = a.profile?.pendingBy ?? null;
        const byName = by === null ? null : (names.get(by) ?? (await repo.account(by))?.name ?? '工作人员');
        out.push({
          ...view,
          id: a.userId,
          accountName: a.accountName,
          submittedBy: by === null ? null : { id: by, name: byName ?? '工作人员' },
          submittedAt: a.profile?.pendingAt ?? null,
        });
      }
      // Those waiting for review first, then in the order the advisors joined.
      return out.sort((x, y) => Number(y.status === 'pending') - Number(x.status === 'pending'));
    },

    async one(advisorId: string): Promise<ConsoleAdvisor> {
      const found = (await this.list()).find((a) => a.id === advisorId);
      if (!found) throw notFound('没有找到这位顾问');
      return found;
    },
  };
}
export type AdvisorProfiles = ReturnType<typeof advisorProfiles>;

import { hasRole, type Role } from '@moxa/core/login/roles';
import type { AdvisorCaseDetail, CaseDetail, CaseSummary, Recommendation } from '@moxa/core/cases/case-contract';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { ContentStore } from '../content/content-store.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import { badInput } from '../lib/app-error.ts';
import { productKind } from '../products/product-kinds.ts';
import { isWaiting, type CaseRepository, type CaseRow } from './case-repository.ts';
import type { AdvisorProfileRepository } from '../advisors/advisor-profile-repository.ts';
import { signatureOf } from '../advisors/advisor-profiles.ts';

/** How cases are shown to their owner and to advisors (issue #17), from the repository's rows. */
export function caseViews(
  cases: CaseRepository,
  store: ContentStore,
  acupoints: AcupointCatalog,
  clock: () => number,
  profiles: Pick<AdvisorProfileRepository, 'signatures'>,
) {
  const summary = (c: CaseRow): CaseSummary => ({
    id: c.id,
    status: c.status,
    complaint: c.complaint,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    unread: c.lastReplyAt !== null && c.lastReplyAt > c.userReadAt,
    redFlag: c.redFlag,
  });

  /**
   * Issue #30: a reply by an advisor with an approved profile is signed with it (name, title, photo),
   * whenever it was written; otherwise with the name it was signed with (顾问 + 昵称), never a number.
   */
  async function signed(caseId: string, withInternal: boolean): Promise<CaseDetail['messages']> {
    const [messages, signatures] = await Promise.all([cases.messages(caseId, withInternal), profiles.signatures(caseId)]);
    return messages.map((m) => {
      const p = signatures.get(m.id);
      return p ? { ...m, authorName: p.name, advisor: signatureOf(p) } : { ...m, advisor: null };
    });
  }

  async function detail(c: CaseRow, withInternal: boolean): Promise<CaseDetail> {
    const r = c.request;
    const disease = r.disease ? store.get(diseaseKind, r.disease) : undefined;
    return {
      ...summary(c),
      request: {
        gender: r.gender,
        age: r.age,
        disease: disease ? { id: disease.id, name: disease.name } : null,
        complaint: r.complaint,
        symptoms: r.symptoms,
        duration: r.duration,
        seenDoctor: r.seenDoctor,
        physicalRecord: r.physicalRecordId ? await cases.physicalRecordOf(c.userId, r.physicalRecordId) : null,
        contactTime: r.contactTime,
        notifySms: r.notifySms,
      },
      photos: (await cases.photos(c.id)).map((p) => ({ ...p, url: `/api/v8/cases/${c.id}/photos/${p.id}` })),
      messages: await signed(c.id, withInternal),
      history: c.history,
    };
  }

  return {
    summary,
    knownDisease: (id: string) => store.get(diseaseKind, id) !== undefined,
    isAdvisor: (roles: readonly Role[]) => hasRole(roles, ['advisor']),
    detail: (c: CaseRow) => detail(c, false),
    async advisorDetail(c: CaseRow): Promise<AdvisorCaseDetail> {
      return { ...(await detail(c, true)), userName: c.userName };
    },
    advisorSummary: (c: CaseRow) => ({
      ...summary(c),
      userName: c.userName,
      // Issue #27 item 4: since the user began waiting (an internal note does not reset it).
      waiting: isWaiting(c) ? Math.max(0, clock() - c.queueAt) : 0,
    }),
    /** An advisor's picks resolved to names; anything unknown refuses the reply (400). */
    recommendation(ids: { acupoints: string[]; diseases: string[]; products: string[] }): Recommendation {
      return {
        acupoints: ids.acupoints.map((code) => {
          const p = acupoints.resolvePoint(code);
          if (!p) throw badInput(`推荐的穴位 ${code} 不存在`);
          return { code: p.code, name: p.name };
        }),
        diseases: ids.diseases.map((id) => {
          const d = store.get(diseaseKind, id);
          if (!d) throw badInput('推荐的调理方法不存在');
          return { id: d.id, name: d.name };
        }),
        products: ids.products.map((id) => {
          const p = store.get(productKind, id);
          if (!p) throw badInput('推荐的产品不存在');
          return { id: p.id, name: p.name };
        }),
      };
    },
  };
}
export type CaseViews = ReturnType<typeof caseViews>;

import { canonicalCode } from '@moxa/core/acupoints/acupoint-codes';
import type { DiseaseDetail, DiseaseGroupSummary, DiseaseSummary } from '@moxa/core/diseases/disease-contract';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { ContentStore } from '../content/content-store.ts';
import { noticeKind } from '../notices/notice-kinds.ts';
import { diseaseGroupKind, diseaseKind, type DiseaseRecord } from './disease-kinds.ts';

/** Notices every condition page offers after its own links (issue #15: "related notices"). */
const GENERAL_NOTICES = ['before-moxa', 'who-should-not', 'after-moxa', 'fainting'];

/** Read model of moxibustion by condition over the loaded content (issue #15). */
export function diseaseCatalog(store: ContentStore, acupoints: AcupointCatalog) {
  const groups = store.list(diseaseGroupKind);
  const diseases = store.list(diseaseKind);
  const summary = (d: DiseaseRecord): DiseaseSummary => ({ id: d.id, name: d.name, summary: d.summary, group: d.group });
  // Which conditions use each point, for the acupoint page (issue #15: "each acupoint page lists the conditions").
  const byPoint = new Map<string, DiseaseRecord[]>();
  for (const d of diseases) for (const p of d.prescription.points) byPoint.set(p.code, [...(byPoint.get(p.code) ?? []), d]);

  return {
    groups(): DiseaseGroupSummary[] {
      return groups.map((g) => ({ ...g, count: diseases.filter((d) => d.group === g.id).length }));
    },
    hasGroup: (id: string) => groups.some((g) => g.id === id),
    list(filter: { type?: string; acupoint?: string }): DiseaseSummary[] {
      const pool = filter.acupoint ? (byPoint.get(canonicalCode(filter.acupoint)) ?? []) : diseases;
      return pool.filter((d) => !filter.type || d.group === filter.type).map(summary);
    },
    detail(id: string): DiseaseDetail | undefined {
      const d = store.get(diseaseKind, id);
      if (!d) return undefined;
      // Everyday names serve search only (issue #26); the page shows the name and its aliases.
      const { links, everydayNames: _everyday, ...rest } = d;
      const related = new Map<string, { kind: 'notice' | 'disease'; id: string; title: string }>();
      for (const link of [...links, ...GENERAL_NOTICES.map((n) => ({ kind: 'notice', id: n }))]) {
        const title =
          link.kind === 'notice'
            ? store.get(noticeKind, link.id)?.title
            : link.kind === 'disease'
              ? store.get(diseaseKind, link.id)?.name
              : undefined;
        if (title && link.id !== id)
          related.set(`${link.kind}:${link.id}`, { kind: link.kind as 'notice' | 'disease', id: link.id, title });
      }
      return {
        ...rest,
        groupName: groups.find((g) => g.id === d.group)?.name ?? '',
        prescription: {
          ...d.prescription,
          points: d.prescription.points.map((p) => {
            const point = acupoints.resolvePoint(p.code)!;
            return { ...p, name: point.name, level: point.moxa.level, cautions: point.cautions };
          }),
        },
        related: [...related.values()].slice(0, 8),
      };
    },
  };
}
export type DiseaseCatalog = ReturnType<typeof diseaseCatalog>;

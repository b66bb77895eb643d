import { MERIDIAN_ALIASES, type AcupointDetail, type AcupointSummary, type ChartMark } from '@moxa/core/acupoints/acupoint-contract';
import type { MeridianDetail, MeridianSummary } from '@moxa/core/acupoints/meridian-contract';
import { canonicalCode } from '@moxa/core/acupoints/acupoint-codes';
import { acupointSearchDoc } from '@moxa/core/acupoints/acupoint-search';
import { buildSearchIndex, searchIndex } from '@moxa/core/search/text-search';
import type { ContentStore } from '../content/content-store.ts';
import { acupointKind, chartViewKind, meridianKind, type AcupointRecord } from './acupoint-kinds.ts';

/**
 * Read model of the acupoint reference over the loaded content (content changes only with a deploy),
 * so every read is a map lookup and search is an in-memory scan (issue #4: p95 < 20 ms).
 */
export function acupointCatalog(store: ContentStore) {
  const points = store.list(acupointKind);
  const meridians = store.list(meridianKind);
  const views = store.list(chartViewKind).map(({ svg, ...view }) => ({ view, svg }));
  const byCode = new Map(points.map((p) => [p.code, p]));
  const meridianByCode = new Map(meridians.map((m) => [m.code as string, m]));
  const pointsOf = (meridian: string) => points.filter((p) => p.meridian === meridian);

  const summary = (p: AcupointRecord): AcupointSummary => ({
    id: p.code,
    code: p.code,
    name: p.name,
    pinyin: p.pinyin,
    meridian: p.meridian,
    region: p.region,
    moxaLevel: p.moxa.level,
    common: p.common,
    indications: p.indications,
    ...(p.aliases?.length ? { aliases: p.aliases } : {}),
  });
  const summaries = points.map(summary);

  const index = buildSearchIndex(points.map(acupointSearchDoc));

  return {
    summaries,
    views,
    /** id or code, any case, with SJ/DU/RN aliases (sj5 → TE5). */
    resolvePoint(idOrCode: string): AcupointRecord | undefined {
      return byCode.get(canonicalCode(idOrCode));
    },
    pointDetail(p: AcupointRecord): AcupointDetail {
      const siblings = pointsOf(p.meridian);
      const i = siblings.findIndex((s) => s.code === p.code);
      const prev = siblings[i - 1];
      const next = siblings[i + 1];
      return {
        ...summary(p),
        location: p.location,
        findMethod: p.findMethod,
        moxa: p.moxa,
        cautions: p.cautions,
        categories: p.categories,
        categoryNote: p.categoryNote ?? null,
        chart: p.chart,
        meridianName: meridianByCode.get(p.meridian)?.name ?? '经外奇穴',
        neighbours: { prev: prev ? summary(prev) : null, next: next ? summary(next) : null },
      };
    },
    meridianList(): MeridianSummary[] {
      return meridians.map((m) => ({
        id: m.code,
        code: m.code,
        name: m.name,
        shortName: m.shortName,
        organ: m.organ,
        pointCount: m.pointCount,
        flowHour: m.flowHour,
        summary: m.summary,
      }));
    },
    meridianDetail(idOrCode: string): MeridianDetail | undefined {
      const code = idOrCode.toUpperCase();
      const m = meridianByCode.get(MERIDIAN_ALIASES[code] ?? code);
      if (!m) return undefined;
      return { ...m, id: m.code, points: pointsOf(m.code).map((p) => ({ ...summary(p), chart: p.chart as ChartMark | null })) };
    },
    list(filter: { meridian?: string; region?: string; q?: string; common?: boolean }): AcupointSummary[] {
      const pass = (p: AcupointRecord) =>
        (!filter.meridian || p.meridian === filter.meridian) &&
        (!filter.region || p.region === filter.region) &&
        (!filter.common || p.common);
      if (filter.q && filter.q.trim()) {
        return searchIndex(index, filter.q, 100)
          .filter((h) => pass(h.doc.point))
          .map((h) => summary(h.doc.point));
      }
      return points.filter(pass).map(summary);
    },
  };
}
export type AcupointCatalog = ReturnType<typeof acupointCatalog>;

import { canonicalCode } from '@moxa/core/acupoints/acupoint-codes';
import { MAX_PLAN_POINTS, type PlanPoint, type PlanQuery, type SessionPlan } from '@moxa/core/moxa/moxa-contract';
import { courseLength, minutesOf } from '@moxa/core/moxa/moxa-rules';
import { CONSTITUTION_NAMES, isConstitutionType } from '@moxa/core/physical/constitution';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { ContentStore } from '../content/content-store.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import type { PhysicalContent } from '../physical/physical-content.ts';
import { productKind } from '../products/product-kinds.ts';
import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';

type Step = { code: string; method?: string; distance?: string; minutes?: number; note?: string };

/** Distance for a method when the source names none (standard practice for a moxa stick held by hand). */
const DEFAULT_DISTANCE = `离皮肤${SAFETY_FACTS.distance.values.standard}`;

/**
 * Builds the plan a guided session walks through (issue #18) from its source. Points not for home
 * moxibustion (禁灸) are refused with the reason and never part of the plan; unknown sources are null
 * (404), unknown or repeated codes picked by hand are an error message (400).
 */
export function sessionPlans(store: ContentStore, acupoints: AcupointCatalog, physical: PhysicalContent) {
  function build(
    source: SessionPlan['source'],
    title: string,
    steps: Step[],
    extra: Omit<SessionPlan, 'source' | 'title' | 'points' | 'refused' | 'courseLength'>,
  ): SessionPlan {
    const points: PlanPoint[] = [];
    const refused: SessionPlan['refused'] = [];
    for (const step of steps) {
      const p = acupoints.resolvePoint(step.code);
      if (!p) continue;
      if (p.moxa.level === 'forbidden') {
        refused.push({ code: p.code, name: p.name, reason: p.moxa.note || '此穴不适合在家自行艾灸' });
        continue;
      }
      if (step.method === '按揉' || p.moxa.methods.length === 0) {
        // A massage step or a point without a home method has no countdown of heat: it stays on the page.
        refused.push({
          code: p.code,
          name: p.name,
          reason: step.method === '按揉' ? '此穴以按揉为主，不计入艾灸计时' : '此穴没有适合在家使用的灸法',
        });
        continue;
      }
      points.push({
        code: p.code,
        name: p.name,
        method: step.method ?? p.moxa.methods[0]!,
        distance: step.distance ?? DEFAULT_DISTANCE,
        minutes: Math.min(40, Math.max(1, step.minutes ?? minutesOf(p.moxa.minutes) ?? 10)),
        note: step.note ?? (p.moxa.note || null),
        level: p.moxa.level === 'caution' ? 'caution' : 'suitable',
        cautions: p.cautions,
        location: p.location,
        findMethod: p.findMethod,
        chart: p.chart,
        bilateral: p.meridian !== 'GV' && p.meridian !== 'CV' && p.meridian !== 'EX',
      });
    }
    return {
      source,
      title,
      points,
      refused,
      ...extra,
      courseLength: extra.course ? courseLength(extra.course, extra.frequency ?? '') : null,
    };
  }

  return {
    /** The plan for the query; null when its condition, scheme or product does not exist. */
    plan(query: PlanQuery): SessionPlan | { error: string } | null {
      if (query.disease) {
        const d = store.get(diseaseKind, query.disease);
        if (!d) return null;
        return build({ kind: 'disease', id: d.id }, d.name, d.prescription.points, {
          cautions: [...d.contraindications, ...d.cautions],
          frequency: d.prescription.frequency,
          course: d.prescription.course,
        });
      }
      if (query.scheme) {
        if (!isConstitutionType(query.scheme)) return null;
        const s = physical.schemes.find((x) => x.type === query.scheme);
        if (!s) return null;
        const steps = s.moxibustion.points.map((p) => ({
          code: p.code,
          method: p.method,
          minutes: minutesOf(p.minutes) ?? undefined,
          note: p.note || undefined,
        }));
        return build({ kind: 'scheme', id: s.type }, `${CONSTITUTION_NAMES[s.type]}调理`, steps, {
          cautions: s.cautions,
          frequency: s.moxibustion.points[0]?.frequency ?? null,
          course: s.moxibustion.course,
        });
      }
      if (query.product) {
        const p = store.get(productKind, query.product);
        if (!p?.session) return null;
        return build({ kind: 'product', id: p.id }, p.session.title, p.session.points, {
          cautions: [...p.notSuits.map((n) => `不适合：${n}`), ...p.cautions],
          frequency: p.session.frequency,
          course: null,
        });
      }
      const codes = query
        .points!.split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      if (codes.length > MAX_PLAN_POINTS) return { error: `一次最多灸 ${MAX_PLAN_POINTS} 个穴位` };
      const seen = new Set<string>();
      for (const c of codes) {
        const p = acupoints.resolvePoint(c);
        if (!p) return { error: `没有找到穴位 ${c.slice(0, 12)}` };
        if (seen.has(p.code)) return { error: `${p.name}重复了` };
        seen.add(p.code);
      }
      if (seen.size === 0) return { error: '请选择要灸的穴位' };
      const names = [...seen].map((c) => acupoints.resolvePoint(canonicalCode(c))!.name);
      return build(
        { kind: 'points', id: null },
        names.length > 3 ? `${names.slice(0, 3).join('、')}等` : names.join('、'),
        [...seen].map((code) => ({ code })),
        {
          cautions: [],
          frequency: null,
          course: null,
        },
      );
    },
  };
}
export type SessionPlans = ReturnType<typeof sessionPlans>;

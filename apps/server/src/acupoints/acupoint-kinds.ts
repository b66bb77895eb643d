import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AcupointContentSchema, ChartMarkSchema, MERIDIAN_CODES } from '@moxa/core/acupoints/acupoint-contract';
import { canonicalCode } from '@moxa/core/acupoints/acupoint-codes';
import { acupointSearchDoc } from '@moxa/core/acupoints/acupoint-search';
import { ChartViewSchema, MeridianContentSchema } from '@moxa/core/acupoints/meridian-contract';
import { ContentError, defineKind, parseContent, readJson, readJsonList, type ContentItem } from '../content/content-kind.ts';

/** The acupoint reference as content kinds (issue #4 content, issue #14 §1). */
export type AcupointRecord = z.infer<typeof AcupointContentSchema> & { position: number; chart: z.infer<typeof ChartMarkSchema> | null };
type MeridianRecord = z.infer<typeof MeridianContentSchema>;
type ChartViewRecord = z.infer<typeof ChartViewSchema> & { svg: string };

export const meridianKind = defineKind<MeridianRecord>({
  name: 'meridian',
  public: { title: (m) => m.name },
  // Fourteen meridians, no more (the reader requires exactly 14): edited, never added.
  edit: { label: '经络', schema: MeridianContentSchema, paths: (id) => [`/meridian_detail/${encodeURIComponent(id)}`] },
  read: (dir) =>
    parseContent(z.array(MeridianContentSchema).length(14), readJson(dir, 'meridians.json'), 'meridians.json').map((m, position) => ({
      id: m.code,
      position,
      file: 'meridians.json',
      data: m,
    })),
  check(items, all) {
    const points = (all.get('acupoint') ?? []) as ContentItem<AcupointRecord>[];
    for (const m of items) {
      const n = points.filter((p) => p.data.meridian === m.id).length;
      if (n !== m.data.pointCount)
        throw new ContentError(`Invalid content in ${m.file}: meridian ${m.id} declares ${m.data.pointCount} points, files have ${n}`);
    }
  },
});

export const acupointKind = defineKind<AcupointRecord>({
  name: 'acupoint',
  // Links and saved entries may spell a code in any case or with its alias (sj5 → TE5).
  public: { title: (p) => p.name, canonicalId: canonicalCode },
  edit: {
    label: '穴位',
    schema: AcupointContentSchema,
    // A new point needs its place on the charts and its meridian's count: not added from the console.
    note: '编辑穴位的文字；穴位在穴位图上的位置（charts/points.json）和新增穴位由开发人员维护',
    paths: (id) => [`/acupoint_detail/${encodeURIComponent(id)}`],
  },
  read(dir) {
    const charts = parseContent(z.record(z.string(), ChartMarkSchema), readJson(dir, 'charts/points.json'), 'charts/points.json');
    const points: ContentItem<AcupointRecord>[] = [];
    for (const [fileIndex, meridian] of [...MERIDIAN_CODES, 'EX'].entries()) {
      const file = `acupoints/${meridian}.json`;
      parseContent(z.array(AcupointContentSchema), readJson(dir, file), file).forEach((p, i) => {
        if (p.meridian !== meridian) throw new ContentError(`Invalid content in ${file}: ${p.code} has meridian ${p.meridian}`);
        const position = fileIndex * 1000 + i;
        points.push({ id: p.code, position, file, data: { ...p, position, chart: charts[p.code] ?? null } });
      });
    }
    for (const code of Object.keys(charts))
      if (!points.some((p) => p.id === code)) throw new ContentError(`Invalid content in charts/points.json: ${code} is not an acupoint`);
    return points;
  },
  search(p) {
    const { point: _point, ...doc } = acupointSearchDoc(p);
    return { ...doc, title: p.name, summary: `${p.code} · ${p.indications.slice(0, 4).join('、')}` };
  },
});

export const chartViewKind = defineKind<ChartViewRecord>({
  name: 'chart-view',
  // Issue #29: one view is an element of charts/views.json plus charts/<id>.svg, two files.
  edit: { label: '穴位图视图', editable: false, note: '每个视图由 charts/views.json 的一项和一张 SVG 图组成，跨两个文件，不能逐项编辑' },
  read: (dir) =>
    readJsonList(dir, 'charts/views.json', ChartViewSchema).map((v) => ({
      ...v,
      data: { ...v.data, svg: readFileSync(join(dir, 'charts', `${v.id}.svg`), 'utf8') },
    })),
});

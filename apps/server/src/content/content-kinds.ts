import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AcupointContentSchema, ChartMarkSchema, MERIDIAN_CODES } from '@moxa/core/acupoints/acupoint-contract';
import { ChartViewSchema, MeridianContentSchema } from '@moxa/core/acupoints/meridian-contract';
import { ConstitutionDescriptionSchema, QuestionnaireSchema, SchemeSchema } from '@moxa/core/physical/physical-contract';
import { DiseaseContentSchema, DiseaseGroupSchema } from '@moxa/core/diseases/disease-contract';
import { NoticeContentSchema, NoticeTypeSchema } from '@moxa/core/notices/notice-contract';
import { ProblemContentSchema, ProblemTopicSchema } from '@moxa/core/problems/problem-contract';
import { splitFrontMatter } from './front-matter.ts';

/**
 * Reads and validates the bundled content (design §5). Each kind returns rows keyed by a stable id;
 * the loader upserts them and removes rows whose files are gone. A new kind (diseases, notices,
 * products …) joins by adding a reader here and its table.
 */
const readJson = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid content in ${where}: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return result.data;
}

export type AcupointRecord = z.infer<typeof AcupointContentSchema> & {
  position: number;
  chart: z.infer<typeof ChartMarkSchema> | null;
};

export function readAcupoints(dir: string): AcupointRecord[] {
  const charts = parse(z.record(z.string(), ChartMarkSchema), readJson(dir, 'charts/points.json'), 'charts/points.json');
  const files = [...MERIDIAN_CODES, 'EX'];
  const points: AcupointRecord[] = [];
  for (const [fileIndex, meridian] of files.entries()) {
    const list = parse(z.array(AcupointContentSchema), readJson(dir, `acupoints/${meridian}.json`), `acupoints/${meridian}.json`);
    list.forEach((p, i) => {
      if (p.meridian !== meridian) throw new Error(`Invalid content in acupoints/${meridian}.json: ${p.code} has meridian ${p.meridian}`);
      points.push({ ...p, position: fileIndex * 1000 + i, chart: charts[p.code] ?? null });
    });
  }
  return points;
}

export function readMeridians(dir: string) {
  return parse(z.array(MeridianContentSchema).length(14), readJson(dir, 'meridians.json'), 'meridians.json');
}

export function readChartViews(dir: string) {
  const views = parse(z.array(ChartViewSchema), readJson(dir, 'charts/views.json'), 'charts/views.json');
  return views.map((v) => ({ ...v, svg: readFileSync(join(dir, 'charts', `${v.id}.svg`), 'utf8') }));
}

export function readConstitution(dir: string) {
  const c = (f: string) => readJson(dir, `constitution/${f}`);
  return {
    questionnaire: parse(QuestionnaireSchema, c('questionnaire.json'), 'constitution/questionnaire.json'),
    types: parse(z.array(ConstitutionDescriptionSchema).length(9), c('types.json'), 'constitution/types.json'),
    schemes: parse(z.array(SchemeSchema).length(9), c('schemes.json'), 'constitution/schemes.json'),
  };
}

/**
 * Markdown items of one kind: `<folder>/<id>.md`, front matter validated by `schema`, the file name
 * being the id. Sorted by position, then id.
 */
function readMarkdownItems<T extends z.ZodType<{ id: string; position: number }>>(dir: string, folder: string, schema: T) {
  const items: (z.infer<T> & { body: string; file: string })[] = [];
  for (const name of readdirSync(join(dir, folder))
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const file = `${folder}/${name}`;
    const { data, body } = splitFrontMatter(readFileSync(join(dir, file), 'utf8'), file);
    const item = parse(schema, data, file);
    if (`${item.id}.md` !== name) throw new Error(`Invalid content in ${file}: id ${item.id} does not match the file name`);
    if (!body) throw new Error(`Invalid content in ${file}: the Markdown body is empty`);
    items.push({ ...item, body, file });
  }
  return items.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

function readList<T extends z.ZodType>(dir: string, file: string, schema: T): z.infer<T>[] {
  return parse(z.array(schema).min(1), readJson(dir, file), file);
}

export function readDiseases(dir: string) {
  return {
    groups: readList(dir, 'diseases/groups.json', DiseaseGroupSchema),
    items: readMarkdownItems(dir, 'diseases', DiseaseContentSchema),
  };
}

export function readNotices(dir: string) {
  return { types: readList(dir, 'notices/types.json', NoticeTypeSchema), items: readMarkdownItems(dir, 'notices', NoticeContentSchema) };
}

export function readProblems(dir: string) {
  return {
    topics: readList(dir, 'problems/topics.json', ProblemTopicSchema),
    items: readMarkdownItems(dir, 'problems', ProblemContentSchema),
  };
}

/** All files under the content folder, for change detection. */
export function listContentFiles(dir: string, sub = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listContentFiles(dir, rel));
    else if (!entry.name.endsWith('.test.ts')) out.push(rel);
  }
  return out.sort();
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { listContentFiles, readAcupoints, readChartViews, readConstitution, readMeridians } from './content-kinds.ts';

export type LoadReport = { changed: boolean; counts: Record<string, number> };

/**
 * Loads content/ into the database idempotently (issue #2, design §5): stable ids, upserts, removal
 * of rows that left the files, and nothing at all when the files' hash is unchanged.
 */
export async function loadContent(db: Db, dir: string, now = Date.now()): Promise<LoadReport> {
  const hash = createHash('sha256');
  for (const file of listContentFiles(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)));
  const digest = hash.digest('hex');
  const meta = await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
  if (meta?.hash === digest) return { changed: false, counts: {} };

  // Validate everything before writing anything.
  const meridians = readMeridians(dir);
  const points = readAcupoints(dir);
  const views = readChartViews(dir);
  const constitution = readConstitution(dir);
  checkCrossReferences(meridians, points, constitution.schemes);

  await db.transaction().execute(async (trx) => {
    await replaceRows(
      trx,
      'meridians',
      meridians.map((m, i) => ({ id: m.code, position: i, data: JSON.stringify(m) })),
    );
    await replaceRows(
      trx,
      'acupoints',
      points.map((p) => ({
        id: p.code,
        code: p.code,
        name: p.name,
        meridian: p.meridian,
        region: p.region,
        position: p.position,
        common: p.common ? 1 : 0,
        data: JSON.stringify(p),
      })),
    );
    await replaceRows(
      trx,
      'chart_views',
      views.map((v, i) => ({
        id: v.id,
        position: i,
        svg: v.svg,
        data: JSON.stringify({ id: v.id, name: v.name, width: v.width, height: v.height }),
      })),
    );
    await replaceRows(trx, 'constitution_docs', [
      { id: 'questionnaire', data: JSON.stringify(constitution.questionnaire) },
      { id: 'types', data: JSON.stringify(constitution.types) },
      { id: 'schemes', data: JSON.stringify(constitution.schemes) },
    ]);
    await trx
      .insertInto('content_meta')
      .values({ kind: 'all', hash: digest, loaded_at: now })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ hash: digest, loaded_at: now }))
      .execute();
  });
  return {
    changed: true,
    counts: {
      meridians: meridians.length,
      acupoints: points.length,
      chartViews: views.length,
      questions: constitution.questionnaire.questions.length,
    },
  };
}

type ContentTable = 'meridians' | 'acupoints' | 'chart_views' | 'constitution_docs';

async function replaceRows(db: Kysely<Database>, table: ContentTable, rows: ({ id: string } & Record<string, unknown>)[]) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one generic upsert for every content table
  const t = db as any;
  const columns = Object.keys(rows[0] ?? {}).filter((c) => c !== 'id');
  for (let i = 0; i < rows.length; i += 100) {
    await t
      .insertInto(table)
      .values(rows.slice(i, i + 100))
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's conflict builder for a dynamic table
      .onConflict((oc: any) => oc.column('id').doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))))
      .execute();
  }
  const ids = rows.map((r) => r.id);
  const del = t.deleteFrom(table);
  await (ids.length > 0 ? del.where('id', 'not in', ids) : del).execute();
}

function checkCrossReferences(
  meridians: ReturnType<typeof readMeridians>,
  points: ReturnType<typeof readAcupoints>,
  schemes: ReturnType<typeof readConstitution>['schemes'],
) {
  const codes = new Set(points.map((p) => p.code));
  for (const m of meridians) {
    const n = points.filter((p) => p.meridian === m.code).length;
    if (n !== m.pointCount) throw new Error(`Invalid content: meridian ${m.code} declares ${m.pointCount} points, files have ${n}`);
  }
  for (const s of schemes) {
    for (const p of s.moxibustion.points) {
      if (!codes.has(p.code)) throw new Error(`Invalid content: scheme ${s.type} links unknown acupoint ${p.code}`);
    }
  }
}

import type { ConstitutionDescription, Questionnaire, Scheme } from '@moxa/core/physical/physical-contract';
import type { Db } from '../db/database.ts';

/** The constitution questionnaire, descriptions and schemes, loaded once from the database. */
export async function loadPhysicalContent(db: Db) {
  const rows = await db.selectFrom('constitution_docs').selectAll().execute();
  const get = (id: string) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error(`constitution content ${id} is missing; was content loaded?`);
    return JSON.parse(row.data) as unknown;
  };
  return {
    questionnaire: get('questionnaire') as Questionnaire,
    types: get('types') as ConstitutionDescription[],
    schemes: get('schemes') as Scheme[],
  };
}
export type PhysicalContent = Awaited<ReturnType<typeof loadPhysicalContent>>;

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A private, empty PostgreSQL schema for server processes under test (the server migrates it itself),
 * reached through `options=-c search_path=…` as in test-app.ts. Drop it in afterAll.
 */
export async function privateSchema(base: string): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `rel_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create schema ${schema}`);
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  // Issue #31: a server on the schema keeps its job queue in `<schema>_jobs` (jobs/select-queue.ts).
  const drop = async () =>
    void (await adminQuery(base, `drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`));
  return { url, schema, drop };
}

export async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

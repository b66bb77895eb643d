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
  return { url, schema, drop: async () => void (await adminQuery(base, `drop schema if exists ${schema} cascade`)) };
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

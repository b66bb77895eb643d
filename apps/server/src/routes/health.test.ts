import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/** Issue #27 item 19: the public health answer says whether the service works, never what it runs on. */
describe.each(DIALECTS)('GET /api/health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers status, database state and version, and nothing about the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', db: 'ok', version: '1.0.0' } });
    expect(res.body).not.toMatch(/sqlite|postgres|pg|kysely|node/i);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('documents only those values in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const schema = doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(schema.properties.db.enum).toEqual(['ok', 'down']);
    expect(schema.properties.status.enum).toEqual(['ok', 'degraded']);
  });
});

import { DAY_MS, RETENTION } from '@moxa/core/legal/retention';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionPurge } from '../retention/retention-job.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

type Metric = { name: string; value: number };
const beacon = (route: string, metrics: Metric[], extra: Record<string, unknown> = {}) => ({
  route,
  device: 'mid',
  network: '4g',
  metrics,
  ...extra,
});

/** Issue #33 item 5: real users' Core Web Vitals, on both databases. */
describe.each(DIALECTS)('page-speed reports on %s', (dialect) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { VITALS_MAX_PER_IP_HOUR: 30 });
    const { token, userId } = await loginAs(t, '13800138661');
    await userRepository(t.db, t.clock.now).grant(userId, 'editor');
    editor = token;
  });
  afterAll(async () => t.close());

  let ip = 0;
  /** Each report from its own address unless told: the per-client limit has its own test. */
  const send = (body: unknown, remoteAddress = `10.33.${Math.floor(++ip / 250)}.${ip % 250}`) =>
    t.app.inject({ method: 'POST', url: '/api/v8/vitals', payload: body as object, remoteAddress });
  const report = async (days = 7) => {
    const res = await t.app.inject({ url: `/api/v8/admin/vitals?days=${days}`, headers: { authorization: `Bearer ${editor}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { from: string; to: string; rows: Record<string, unknown>[] };
  };

  it('keeps a report and shows the 75th percentile per route and day, with the count', async () => {
    // LCP 100, 200, … 800 ms on one route: nearest rank ⌈0.75 × 8⌉ = 6 → 600 ms.
    for (let i = 1; i <= 8; i++) {
      const metrics = [
        { name: 'LCP', value: i * 100 + 0.4 },
        { name: 'CLS', value: i / 1000 },
      ];
      if (i <= 4) metrics.push({ name: 'INP', value: i * 50 }, { name: 'TTFB', value: i * 10 });
      const res = await send(beacon('/disease_detail/:id', metrics));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ code: 0, msg: 'ok', data: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    await send(beacon('/product', [{ name: 'LCP', value: 1500 }]));
    const r = await report();
    expect(r.to).toBe('2026-11-22');
    expect(r.rows).toEqual([
      {
        day: '2026-11-22',
        route: '/disease_detail/:id',
        LCP: { p75: 600, n: 8 },
        CLS: { p75: 0.006, n: 8 },
        INP: { p75: 150, n: 4 },
        TTFB: { p75: 30, n: 4 },
      },
      { day: '2026-11-22', route: '/product', LCP: { p75: 1500, n: 1 }, CLS: null, INP: null, TTFB: null },
    ]);
    // The next day is its own row, listed first.
    t.clock.advance(DAY_MS);
    await send(beacon('/product', [{ name: 'LCP', value: 900 }]));
    const next = await report();
    expect(next.rows.map((row) => [row.day, row.route])).toEqual([
      ['2026-11-23', '/product'],
      ['2026-11-22', '/disease_detail/:id'],
      ['2026-11-22', '/product'],
    ]);
    expect((await report(1)).rows).toHaveLength(1);
  });

  it('stores only the pattern, the device class, the network type and the values', async () => {
    const rows = await t.db.selectFrom('web_vitals').selectAll().execute();
    expect(Object.keys(rows[0]!).sort()).toEqual(['cls', 'day', 'device', 'inp', 'lcp', 'network', 'route', 'ttfb']);
  });

  it.each([
    ['a URL with an id, not a pattern', beacon('/disease_detail/13800138000', [{ name: 'LCP', value: 1 }]), '页面不正确'],
    ['a query string', beacon('/product?from=13800138000', [{ name: 'LCP', value: 1 }]), '页面不正确'],
    ['a full URL', beacon('https://example.com/product', [{ name: 'LCP', value: 1 }]), '页面不正确'],
    ['an unknown metric', beacon('/product', [{ name: 'FID', value: 1 }]), '指标不正确'],
    [
      'a metric twice',
      beacon('/product', [
        { name: 'LCP', value: 1 },
        { name: 'LCP', value: 2 },
      ]),
      '指标重复',
    ],
    ['no metric', beacon('/product', []), '指标不正确'],
    ['a negative value', beacon('/product', [{ name: 'LCP', value: -1 }]), '指标数值不正确'],
    ['an impossible value', beacon('/product', [{ name: 'CLS', value: 1e9 }]), '指标数值不正确'],
    ['an unknown device class', beacon('/product', [{ name: 'LCP', value: 1 }], { device: 'iPhone 15' }), '设备类型不正确'],
  ])('refuses %s with a Chinese message and stores nothing', async (_name, body, msg) => {
    const before = await t.db
      .selectFrom('web_vitals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    const after = await t.db
      .selectFrom('web_vitals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses more than VITALS_MAX_PER_IP_HOUR reports an hour from one client, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(beacon('/videos', [{ name: 'LCP', value: 1 }]), '10.99.0.1')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await send(beacon('/videos', [{ name: 'LCP', value: 1 }]), '10.99.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^上报太频繁，请.+后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back.
    expect((await send(beacon('/videos', [{ name: 'LCP', value: 1 }]), '10.99.1.1')).statusCode).toBe(200);
  });

  it('refuses a body over 2 KB (413)', async () => {
    const res = await send({ ...beacon('/product', [{ name: 'LCP', value: 1 }]), pad: 'x'.repeat(3000) });
    expect(res.statusCode).toBe(413);
  });

  it('deletes reports after RETENTION.vitalsDays, with the daily retention job', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('web_vitals')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const purge = retentionPurge(t.db, t.clock.now);
    const total = await count();
    const today = (await t.db.selectFrom('web_vitals').select('day').where('day', '=', '2026-11-23').execute()).length;
    // The reports of 2026-11-22 go once that day is more than RETENTION.vitalsDays behind; those of the 23rd a day later.
    t.clock.advance((RETENTION.vitalsDays - 1) * DAY_MS);
    expect((await purge.run()).vitals).toBe(0);
    t.clock.advance(DAY_MS);
    expect((await purge.run()).vitals).toBe(total - today);
    expect(await count()).toBe(today);
    t.clock.advance(DAY_MS);
    expect((await purge.run()).vitals).toBe(today);
    expect(await count()).toBe(0);
  });
});

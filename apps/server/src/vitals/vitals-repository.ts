import { sql } from 'kysely';
import { DAY_MS } from '@moxa/core/legal/retention';
import type { VitalsBeacon, VitalsReport } from '@moxa/core/vitals/vitals-contract';
import { VITAL_METRICS, type VitalMetric } from '@moxa/core/vitals/vitals-names';
import type { Db } from '../db/database.ts';

/** A day in China time (UTC+8), as YYYY-MM-DD: reports are grouped by the day they arrived. */
export const chinaDay = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);

const COLUMN = { LCP: 'lcp', INP: 'inp', CLS: 'cls', TTFB: 'ttfb' } as const satisfies Record<VitalMetric, string>;
/** Stored as integers: milliseconds, and CLS in ten-thousandths. */
const SCALE: Record<VitalMetric, number> = { LCP: 1, INP: 1, CLS: 10_000, TTFB: 1 };

type Row = VitalsReport['rows'][number];

/**
 * Real users' Core Web Vitals (issue #33 item 5, decision 034): one row per report, holding nothing
 * personal (the day, the route pattern, device class, network type and the values). The 75th
 * percentile per route and day is computed by the database (window functions, the same SQL on SQLite
 * and PostgreSQL), nearest rank: the value at rank ⌈0.75·n⌉.
 */
export function vitalsRepository(db: Db, clock: () => number) {
  return {
    async record(beacon: VitalsBeacon): Promise<void> {
      const values = { lcp: null, inp: null, cls: null, ttfb: null } as Record<(typeof COLUMN)[VitalMetric], number | null>;
      for (const m of beacon.metrics) values[COLUMN[m.name]] = Math.round(m.value * SCALE[m.name]);
      await db
        .insertInto('web_vitals')
        .values({ day: chinaDay(clock()), route: beacon.route, device: beacon.device, network: beacon.network, ...values })
        .execute();
    },

    /** p75 of each metric per route and day over the last `days` days (today included), newest day first. */
    async report(days: number): Promise<VitalsReport> {
      const now = clock();
      const from = chinaDay(now - (days - 1) * DAY_MS);
      const rows = new Map<string, Row>();
      for (const metric of VITAL_METRICS) {
        const col = sql.ref(COLUMN[metric]);
        const { rows: found } = await sql<{ day: string; route: string; value: number | string; n: number | string }>`
          select day, route, value, n from (
            select day, route, ${col} as value,
              row_number() over (partition by day, route order by ${col}) as rn,
              count(*) over (partition by day, route) as n
            from web_vitals
            where day >= ${from} and ${col} is not null
          ) ranked
          where rn = (n * 3 + 3) / 4`.execute(db);
        for (const r of found) {
          const key = `${r.day}|${r.route}`;
          const row = rows.get(key) ?? { day: r.day, route: r.route, LCP: null, INP: null, CLS: null, TTFB: null };
          row[metric] = { p75: Number(r.value) / SCALE[metric], n: Number(r.n) };
          rows.set(key, row);
        }
      }
      return {
        from,
        to: chinaDay(now),
        rows: [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || a.route.localeCompare(b.route)),
      };
    },

    /** Deletes the reports received before the China-time day of `before` (the retention job). */
    async purgeBefore(before: number): Promise<number> {
      const res = await db.deleteFrom('web_vitals').where('day', '<', chinaDay(before)).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type VitalsRepository = ReturnType<typeof vitalsRepository>;

import { z } from 'zod';
import { DEVICE_CLASSES, NETWORK_TYPES, VITAL_MAX, VITAL_METRICS, VITALS_ROUTE_MAX, VITALS_ROUTE_PATTERN } from './vitals-names.ts';

/**
 * `POST /api/v8/vitals` (issue #33 item 5): one sampled visit's Core Web Vitals, sent with
 * navigator.sendBeacon as the page is hidden. Only the route pattern, the device class, the network
 * type and the values: no URL, no user, no address, no time beyond the day the server receives it.
 */
export const VitalsBeaconSchema = z.object({
  route: z
    .string({ error: '页面不正确' })
    .max(VITALS_ROUTE_MAX, { error: '页面不正确' })
    .regex(VITALS_ROUTE_PATTERN, { error: '页面不正确' })
    .refine((r) => !/[0-9]{4}/.test(r), { error: '页面不正确' }),
  device: z.enum(DEVICE_CLASSES, { error: '设备类型不正确' }),
  network: z.enum(NETWORK_TYPES, { error: '网络类型不正确' }),
  metrics: z
    .array(
      z
        .object({
          name: z.enum(VITAL_METRICS, { error: '指标不正确' }),
          value: z.number({ error: '指标数值不正确' }).min(0, { error: '指标数值不正确' }),
        })
        .refine((m) => m.value <= VITAL_MAX[m.name], { error: '指标数值不正确' }),
      { error: '指标不正确' },
    )
    .min(1, { error: '指标不正确' })
    .max(VITAL_METRICS.length, { error: '指标不正确' })
    .refine((ms) => new Set(ms.map((m) => m.name)).size === ms.length, { error: '指标重复' }),
});
export type VitalsBeacon = z.infer<typeof VitalsBeaconSchema>;

export const VitalsReportQuerySchema = z.object({
  days: z.coerce
    .number({ error: '天数不正确' })
    .int({ error: '天数不正确' })
    .min(1, { error: '天数不正确' })
    .max(90, { error: '天数不正确' })
    .default(7),
});

/** The 75th percentile of one metric over `n` reports (nearest rank). */
export const VitalP75Schema = z.object({ p75: z.number(), n: z.number().int().positive() });
export type VitalP75 = z.infer<typeof VitalP75Schema>;

/** `GET /api/v8/admin/vitals` (editor): p75 per route and day (China time), newest day first. */
export const VitalsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      day: z.string(),
      route: z.string(),
      LCP: VitalP75Schema.nullable(),
      INP: VitalP75Schema.nullable(),
      CLS: VitalP75Schema.nullable(),
      TTFB: VitalP75Schema.nullable(),
    }),
  ),
});
export type VitalsReport = z.infer<typeof VitalsReportSchema>;

import type { Region } from '@moxa/core/acupoints/acupoint-contract';
import { REGION_ORDER } from './grouping.ts';

/** The three views of /acupoint (issue #4), kept in ?tab= so back restores the one the user chose. */
export const ACUPOINT_TABS = [
  { key: 'meridian', label: '经络' },
  { key: 'region', label: '部位' },
  { key: 'common', label: '常用' },
] as const;
export type AcupointTab = (typeof ACUPOINT_TABS)[number]['key'];

export const parseTab = (value: string | null): AcupointTab => ACUPOINT_TABS.find((t) => t.key === value)?.key ?? 'meridian';

export const parseRegion = (value: string | null): Region | null =>
  (REGION_ORDER as string[]).includes(value ?? '') ? (value as Region) : null;

import type { Gender } from '@moxa/core/physical/physical-contract';

export const GENDER_LABELS: Record<Gender, string> = { female: '女', male: '男' };

const pad = (n: number) => String(n).padStart(2, '0');

/** 2025年3月8日 — dates in the device's own time zone, the way people say them. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
}

/** 2025年3月8日 09:05 */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 3/8 for a chart axis; with the year (24/3/8) when the series spans more than one year. */
export function formatShortDate(iso: string, withYear = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const md = `${d.getMonth() + 1}/${d.getDate()}`;
  return withYear ? `${String(d.getFullYear()).slice(2)}/${md}` : md;
}

import type { SavedItem } from '@moxa/core/mine/saved-kinds';

/** A local calendar day as a number, for comparing days (not times). */
const dayOf = (t: number) => {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/** 今天 / 昨天 / 11月3日 / 2025年11月3日 for a history section (issue #18: history by day). */
export function dayLabel(t: number, now: number): string {
  const day = dayOf(t);
  const today = dayOf(now);
  if (day === today) return '今天';
  if (day === dayOf(today - 12 * 3600_000)) return '昨天';
  const d = new Date(t);
  const md = `${d.getMonth() + 1}月${d.getDate()}日`;
  return d.getFullYear() === new Date(now).getFullYear() ? md : `${d.getFullYear()}年${md}`;
}

/** History newest first, in runs of one day each. */
export function groupByDay(items: readonly SavedItem[], now: number): { label: string; items: SavedItem[] }[] {
  const groups: { label: string; items: SavedItem[] }[] = [];
  for (const item of [...items].sort((a, b) => b.at - a.at)) {
    const label = dayLabel(item.at, now);
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/** 08:05 */
export const timeOfDay = (t: number): string => {
  const d = new Date(t);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

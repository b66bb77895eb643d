/** Line icons of the 我的 rows (issue #18): 24-unit viewBox, currentColor, hidden from screen readers. */
const PATHS = {
  star: 'M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3.5 2',
  flame: 'M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.5 1.5-4 2.5-5 .3 2 1.2 3 2.5 3.5C11 9 11.5 6 12 3z',
  chart: 'M4 20h16M7 16v-5M12 16V7M17 16v-8',
  chat: 'M4 5h16v11H9l-5 4z',
  shield: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4',
  book: 'M4 5.5C6.5 4 9.5 4 12 6c2.5-2 5.5-2 8-.5V19c-2.5-1.5-5.5-1.5-8 .5-2.5-2-5.5-2-8-.5zM12 6v13.5',
  // Issue #27 items 16, 18: 我的数据 (a download), 隐私政策 and 用户协议 (a page of text).
  download: 'M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19h14',
  doc: 'M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7',
} as const;

export function RowIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Shared line icons (issue #14 §8): 24-unit viewBox, currentColor, hidden from screen readers. */
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/**
 * The row chevron (›): one empty `<i>` that CSS draws (`.icon-chevron` in styles/global.css, two
 * borders in the text colour). List screens show one per row, and as an SVG each was two more
 * elements and a dozen attributes to render and hydrate (issue #33 item 3); as a CSS image it cost
 * the page an SVG document (decision 057).
 */
export function Chevron({ className = 'chevron' }: { className?: string }) {
  return <i className={`icon-chevron ${className}`} aria-hidden="true" />;
}

export function SearchIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" {...stroke} />
      <path d="M16 16l4.5 4.5" {...stroke} />
    </svg>
  );
}

/** Group icons of /disease_types and /notice, by the `icon` name the content gives. */
const GROUP_PATHS: Record<string, string> = {
  spine: 'M12 3v18M8 6h8M7 10h10M8 14h8M9 18h6',
  stomach: 'M9 3v5c0 2-3 3-3 7a6 6 0 0 0 12 0c0-3-2-4-4-4h-1',
  flower: 'M12 12m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M12 4v5M12 15v5M4 12h5M15 12h5',
  lungs: 'M12 4v7M12 11c-2 0-6 1-6 6v2h4v-6M12 11c2 0 6 1 6 6v2h-4v-6',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  drop: 'M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z',
  shield: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z',
  leaf: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
};
export function GroupIcon({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d={GROUP_PATHS[name] ?? GROUP_PATHS.list} {...stroke} />
    </svg>
  );
}

import type { ReactNode } from 'react';
import { Chevron, SearchIcon } from './icons.tsx';
import { Link } from './link.tsx';

/** List and detail building blocks shared by the content screens (issue #14 §8). */
export type LinkRow = { to: string; title: ReactNode; subtitle?: ReactNode; icon?: ReactNode; extra?: ReactNode };

/** A card of tappable rows, each at least 56 px tall, with a chevron. */
export function LinkList({ rows, label }: { rows: LinkRow[]; label?: string }) {
  return (
    <ul className="link-list" aria-label={label}>
      {rows.map((r) => (
        <li key={r.to}>
          <Link to={r.to} className="link-row">
            {r.icon && <span className="link-row-icon">{r.icon}</span>}
            <span className="link-row-body">
              <span className="link-row-title">{r.title}</span>
              {r.subtitle && <span className="link-row-sub">{r.subtitle}</span>}
            </span>
            {r.extra && <span className="link-row-extra">{r.extra}</span>}
            <Chevron />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A titled card section of a detail page. */
export function SectionCard({ title, children, tone }: { title: string; children: ReactNode; tone?: 'warn' | 'danger' }) {
  return (
    <section className={`card section-card${tone ? ` section-card-${tone}` : ''}`}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A plain bullet list of short texts. */
export function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className="bullets">
      {items.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}

/** The search entry at the top of a list screen: leads to /search/{type} (issue #15). */
export function SearchEntry({ type, placeholder }: { type: string; placeholder: string }) {
  return (
    <Link to={`/search/${type}`} className="search-entry">
      <SearchIcon />
      <span>{placeholder}</span>
    </Link>
  );
}

import { SAVED_KIND_LABELS, savedItemPath, type SavedItem } from '@moxa/core/mine/saved-kinds';
import { Chevron } from '../../../components/icons.tsx';
import { Link } from '../../../components/link.tsx';

/** Rows of kept items (issue #18): the item's name and kind, a link to it, and a ≥ 44 px remove button. */
export function KeptList({
  items,
  label,
  meta,
  removeLabel,
  onRemove,
}: {
  items: readonly SavedItem[];
  label: string;
  meta?: (item: SavedItem) => string;
  removeLabel: string;
  onRemove: (item: SavedItem) => void;
}) {
  return (
    <ul className="link-list mine-list" aria-label={label}>
      {items.map((item) => (
        <li key={`${item.kind}:${item.id}`} className="mine-row">
          <Link to={savedItemPath(item.kind, item.id)} className="link-row mine-row-link">
            <span className="link-row-body">
              <span className="link-row-title">{item.title}</span>
              <span className="link-row-sub">
                <span className="tag mine-kind">{SAVED_KIND_LABELS[item.kind]}</span>
                {meta && <span className="mine-meta">{meta(item)}</span>}
              </span>
            </span>
            <Chevron />
          </Link>
          <button type="button" className="mine-remove" aria-label={`${removeLabel}：${item.title}`} onClick={() => onRemove(item)}>
            {removeLabel}
          </button>
        </li>
      ))}
    </ul>
  );
}

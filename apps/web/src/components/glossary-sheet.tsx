import { useEffect, useId, useRef, useState } from 'react';
import Popup from 'antd-mobile/es/components/popup';
import type { GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { glossaryTermPath } from '../lib/glossary.ts';
import { Link } from './link.tsx';

/**
 * A glossary term explained (issue #26): the term, its category and other names, the plain
 * explanation, the way to the whole list, and a full-width 关闭 at the bottom (长辈版: ≥ 60 px, bottom
 * centre, large text, as the 我的 sheet). Loaded on the first tap, or ahead of it once a page has marks.
 */
export default function GlossarySheet({ term, onClose }: { term: GlossaryTerm; onClose: () => void }) {
  const [visible, setVisible] = useState(true);
  const close = () => setVisible(false);
  const title = useId();
  const dialog = useRef<HTMLElement>(null);
  useEffect(() => dialog.current?.focus({ preventScroll: true }), []);
  return (
    <Popup visible={visible} onMaskClick={close} afterClose={onClose} bodyClassName="gloss-sheet" destroyOnClose>
      <section ref={dialog} role="dialog" aria-modal="true" aria-labelledby={title} tabIndex={-1} className="gloss-sheet-body">
        <p className="gloss-sheet-kind">
          <span className="tag">术语 · {term.category}</span>
        </p>
        <h2 id={title} className="gloss-sheet-term">
          {term.term}
        </h2>
        {term.aliases.length > 0 && <p className="gloss-sheet-aliases">也叫：{term.aliases.join('、')}</p>}
        <p className="gloss-sheet-text">{term.explanation}</p>
        <div className="gloss-sheet-actions">
          <Link to={glossaryTermPath(term.id)} className="btn btn-block" onClick={close}>
            查看全部术语
          </Link>
          <button type="button" className="btn btn-block btn-primary" onClick={close}>
            关闭
          </button>
        </div>
      </section>
    </Popup>
  );
}

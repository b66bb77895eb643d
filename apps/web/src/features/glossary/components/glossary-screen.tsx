import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GLOSSARY_CATEGORIES } from '@moxa/core/glossary/glossary-categories';
import type { GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { SearchEntry } from '../../../components/content-list.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useGlossary } from '../../../lib/glossary.ts';
import { restoresScroll } from '../../../lib/navigation.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import '../glossary.css';

const sectionId = (i: number) => `glossary-cat-${i}`;
const JUMP_ID = 'glossary-categories';
const termId = (id: string) => `term-${id}`;
const TERMS_PER_FRAME = 12;
const smooth = () => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * `/glossary` 术语解释 (issue #26): every term by category, with a bar to jump to a category.
 * `?term=<id>` (the sheet's 查看全部术语, a search result) scrolls to that term and highlights it.
 */
export function GlossaryScreen() {
  const q = useGlossary();
  const [params] = useSearchParams();
  const current = params.get('term') ?? '';
  // A place on the page coming back (going back, a reload) or a term to scroll to: the whole page at once.
  const [restoring] = useState(restoresScroll);
  return (
    <Page title="术语解释">
      <QueryState query={q} errorTitle="术语没有加载出来">
        {(terms) => <Glossary terms={terms} current={current} whole={restoring || current !== ''} />}
      </QueryState>
    </Page>
  );
}

function Glossary({ terms, current, whole }: { terms: GlossaryTerm[]; current: string; whole: boolean }) {
  // Each category with the number of terms listed before it, and the number listed in all.
  const { groups, listed } = useMemo(() => {
    let before = 0;
    const list = GLOSSARY_CATEGORIES.map((name) => ({ name, terms: terms.filter((t) => t.category === name) }))
      .filter((g) => g.terms.length > 0)
      .map((g) => ({ ...g, before: (before += g.terms.length) - g.terms.length }));
    return { groups: list, listed: before };
  }, [terms]);
  // About a screenful of terms per frame (issue #33: each frame's layout stays short).
  const [shown, revealAll] = useRevealed(listed, whole, TERMS_PER_FRAME);
  // A term asked for by the address: brought to the middle of the screen and focused, unless going
  // back has already restored a place on the page.
  useEffect(() => {
    if (!current || window.scrollY > 0) return;
    const el = document.getElementById(termId(current));
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [current]);
  const jump = (id: string) => {
    const go = () => {
      const target = document.getElementById(id);
      target?.scrollIntoView({ behavior: smooth(), block: 'start' });
      target?.focus({ preventScroll: true });
    };
    if (shown === listed) return go();
    // A category not rendered yet (a tap in the page's first frames): all of them, then the jump.
    revealAll();
    requestAnimationFrame(go);
  };
  return (
    <>
      <p className="intro">
        文章里<span className="gl-sample">带虚线下划线</span>的词，点一下就能看到解释。这里按类别列出全部 {terms.length} 个术语。
      </p>
      <SearchEntry type="glossary" placeholder="搜索术语，如 同身寸、阴虚" />
      <nav className="gl-jump" id={JUMP_ID} tabIndex={-1} aria-label="按类别查看">
        {groups.map((g, i) => (
          <button key={g.name} type="button" className="chip" onClick={() => jump(sectionId(i))}>
            {g.name}
          </button>
        ))}
      </nav>
      {groups.map((g, i) =>
        g.before >= shown ? null : (
          <section key={g.name} aria-labelledby={sectionId(i)}>
            <h2 className="section-title gl-cat" id={sectionId(i)} tabIndex={-1}>
              {g.name}
            </h2>
            <ul className="card gl-list">
              {g.terms.slice(0, shown - g.before).map((t) => (
                <li
                  key={t.id}
                  id={termId(t.id)}
                  tabIndex={-1}
                  className={`gl-item${t.id === current ? ' gl-item-on' : ''}`}
                  aria-current={t.id === current ? 'true' : undefined}
                >
                  <h3 className="gl-term">{t.term}</h3>
                  {t.aliases.length > 0 && <p className="gl-aliases">也叫：{t.aliases.join('、')}</p>}
                  <p className="gl-text">{t.explanation}</p>
                </li>
              ))}
            </ul>
            {/* A long category: the way back to the others without scrolling all the way up. */}
            <p className="gl-back">
              <button type="button" className="btn btn-plain" onClick={() => jump(JUMP_ID)}>
                回到分类目录 <span aria-hidden="true">↑</span>
              </button>
            </p>
          </section>
        ),
      )}
      {shown === listed && <Disclaimer />}
    </>
  );
}

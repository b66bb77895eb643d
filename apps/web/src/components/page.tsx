import { type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useExternalStore } from '../lib/hydration.ts';

/** Whether this page is the first of the visit (opened from a WeChat menu or a shared link). */
const isEntry = () => !(window.history.state as { idx?: number } | null)?.idx;
const noSubscription = () => () => undefined;

/** Goes back one step, or home when this page was the entry page (opened from a WeChat menu). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    if (!isEntry()) void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

export function BackIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A screen with a sticky header (title + back + the screen's actions, such as 收藏).
 *
 * Inside WeChat (html[data-wechat], issue #32 item 5) WeChat's own bar already shows the title and
 * goes back, so CSS folds this header into a slim row at the top of the page: the title stays for
 * screen readers only, the actions stay, and 返回 shows only on the visit's first page (`data-entry`),
 * where WeChat's back would close the page instead of going home.
 */
export function Page({ title, children, right, back = true }: { title: string; children: ReactNode; right?: ReactNode; back?: boolean }) {
  const goBack = useBack();
  // Read after hydration (the prerendered markup cannot know the history), again on every render.
  const entry = useExternalStore(noSubscription, isEntry, () => false);
  return (
    <div className="page">
      <header className={right ? 'page-header' : 'page-header page-header-bare'} data-entry={entry || undefined}>
        {back ? (
          <button type="button" className="icon-btn page-back" aria-label="返回" onClick={goBack}>
            <BackIcon />
            <span className="page-back-text">返回</span>
          </button>
        ) : (
          <span />
        )}
        <h1>{title}</h1>
        <span>{right}</span>
      </header>
      <main>{children}</main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** Goes back one step, or home when this page was the entry page (opened from a WeChat menu). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
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

/** A screen with a sticky header (title + back) — readable inside WeChat, where the title bar shows document.title. */
export function Page({ title, children, right, back = true }: { title: string; children: ReactNode; right?: ReactNode; back?: boolean }) {
  const goBack = useBack();
  return (
    <div className="page">
      <header className="page-header">
        {back ? (
          <button type="button" className="icon-btn" aria-label="返回" onClick={goBack}>
            <BackIcon />
          </button>
        ) : (
          <span style={{ width: 44 }} />
        )}
        <h1>{title}</h1>
        <span style={{ minWidth: 44, display: 'inline-flex', justifyContent: 'flex-end' }}>{right}</span>
      </header>
      <main>{children}</main>
    </div>
  );
}

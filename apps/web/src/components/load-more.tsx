import { useEffect, useRef } from 'react';

/**
 * The foot of an infinitely scrolling list (issue #16): asks for the next page when it comes near the
 * screen, says so while loading, offers a retry if a page failed (what is shown stays), and says when
 * everything is shown. A button does the same for anyone who prefers to tap.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onMore,
  doneText,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  doneText: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, failed]);
  return (
    <div ref={ref} className="load-more" aria-live="polite">
      {!hasMore ? (
        <span className="load-more-done">{doneText}</span>
      ) : failed ? (
        <button type="button" className="btn" onClick={onMore}>
          没有加载出来，点此重试
        </button>
      ) : (
        <button type="button" className="btn btn-plain" disabled={loading} onClick={onMore}>
          {loading ? '加载中…' : '加载更多'}
        </button>
      )}
    </div>
  );
}

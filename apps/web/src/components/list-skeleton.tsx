/** A light placeholder while a list loads (web conventions: loading state on every data screen). */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="list-skeleton" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="list-skeleton-row">
          <span className="skeleton list-skeleton-line" style={{ width: '40%' }} />
          <span className="skeleton list-skeleton-line list-skeleton-thin" style={{ width: `${60 + ((i * 13) % 30)}%` }} />
        </div>
      ))}
    </div>
  );
}

/** A light placeholder while a detail loads (issue #14 §8): grey bars in cards, shaped like what is coming. */
export function CardSkeleton({ cards = 2, lines = 4, inline = false }: { cards?: number; lines?: number; inline?: boolean }) {
  const bars = (n: number) =>
    Array.from({ length: n }, (_, l) => (
      <span key={l} className="skeleton" style={{ width: `${l === 0 ? 40 : 100 - ((l * 17) % 35)}%` }} />
    ));
  if (inline) {
    return (
      <div className="card-skeleton" aria-busy="true" aria-label="加载中">
        {bars(lines)}
      </div>
    );
  }
  return (
    <div aria-busy="true" aria-label="加载中">
      {Array.from({ length: cards }, (_, c) => (
        <div key={c} className="card card-skeleton">
          {bars(lines)}
        </div>
      ))}
    </div>
  );
}

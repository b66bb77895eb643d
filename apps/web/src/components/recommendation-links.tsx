import type { Recommendation } from '@moxa/core/cases/case-contract';
import { Link } from './link.tsx';

/** An advisor's recommendation (issue #17) as links to the acupoint, condition and product pages. */
export function RecommendationLinks({ r }: { r: Recommendation }) {
  const groups = [
    { title: '推荐穴位', links: r.acupoints.map((a) => ({ to: `/acupoint_detail/${encodeURIComponent(a.code)}`, text: a.name })) },
    { title: '调理方法', links: r.diseases.map((d) => ({ to: `/disease_detail/${encodeURIComponent(d.id)}`, text: d.name })) },
    { title: '推荐产品', links: r.products.map((p) => ({ to: `/product_detail/${encodeURIComponent(p.id)}`, text: p.name })) },
  ].filter((g) => g.links.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="recs">
      {groups.map((g) => (
        <div key={g.title}>
          <h4>{g.title}</h4>
          <div className="chips">
            {g.links.map((l) => (
              <Link key={l.to} className="chip rec-chip" to={l.to}>
                {l.text}
              </Link>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

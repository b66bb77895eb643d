import { ICP_LOOKUP_URL } from '../lib/about.ts';
import { telHref, useBrand } from '../lib/brand.ts';
import { Link } from './link.tsx';
import './brand-footer.css';

/**
 * The small footer of 我的 and 关于我们 (issue #30): the company, 客服电话 and the ICP filing number
 * linked to the MIIT's lookup, as the brand settings give them. Nothing set, nothing shown: no
 * placeholder company, no invented number.
 */
export function BrandFooter({ about = true }: { about?: boolean }) {
  const { data: b } = useBrand();
  if (!b || (!b.companyName && !b.servicePhone && !b.icpNumber)) return null;
  return (
    <footer className="brand-footer">
      {b.companyName && <p>{about ? <Link to="/about">{b.companyName}</Link> : b.companyName}</p>}
      {b.servicePhone && (
        <p>
          客服电话 <a href={telHref(b.servicePhone)}>{b.servicePhone}</a>
        </p>
      )}
      {b.icpNumber && (
        <p>
          <a href={ICP_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
            {b.icpNumber}
          </a>
        </p>
      )}
    </footer>
  );
}

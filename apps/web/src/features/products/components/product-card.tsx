import type { ProductSummary } from '@moxa/core/products/product-contract';
import { Image } from '../../../components/image.tsx';
import { Price } from '../../../components/price.tsx';
import { PRODUCT_CARD_SIZES } from '@moxa/core/media/picture-sizes';
import { Link } from '../../../components/link.tsx';

/** A product in a two-column grid: picture, name, one line, price. `priority`: on screen at first. */
export function ProductCard({ p, priority = false }: { p: ProductSummary; priority?: boolean }) {
  return (
    <li className="product-card">
      <Link to={`/product_detail/${p.id}`}>
        <Image image={p.cover} sizes={PRODUCT_CARD_SIZES} priority={priority} />
        <span className="product-card-name">{p.name}</span>
        <span className="product-card-summary">{p.summary}</span>
        <Price price={p.price} unit={p.unit} />
      </Link>
    </li>
  );
}

/**
 * `eager`: how many pictures are on screen when the grid is the first thing on the page. They load
 * first and at high priority; the rest lazily, so the largest paint does not wait behind pictures
 * further down (Chromium fetches lazy images well ahead of the viewport on slow networks).
 */
export function ProductGrid({ products, label, eager = 0 }: { products: readonly ProductSummary[]; label: string; eager?: number }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <ProductCard key={p.id} p={p} priority={i < eager} />
      ))}
    </ul>
  );
}

import { Link } from 'react-router';
import type { ProductSummary } from '@moxa/core/products/product-contract';
import { Image } from '../../../components/image.tsx';
import { Price } from '../../../components/price.tsx';

/** A product in a two-column grid: picture, name, one line, price. */
export function ProductCard({ p }: { p: ProductSummary }) {
  return (
    <li className="product-card">
      <Link to={`/product_detail/${p.id}`}>
        <Image image={p.cover} sizes="(max-width: 640px) 50vw, 320px" />
        <span className="product-card-name">{p.name}</span>
        <span className="product-card-summary">{p.summary}</span>
        <Price price={p.price} unit={p.unit} />
      </Link>
    </li>
  );
}

export function ProductGrid({ products, label }: { products: readonly ProductSummary[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <ProductCard key={p.id} p={p} />
      ))}
    </ul>
  );
}

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { priceText } from '@moxa/core/products/product-contract';
import { ContentError, parseContent, readContentText } from '../content/content-kind.ts';
import { splitFrontMatter } from '../content/front-matter.ts';

/**
 * Prices in product and marketing text (issue #26 §20): a text never types a price, it writes
 * `{{price}}` (the product's own price) or `{{price:<product-id>}}` (another product's), and the
 * content loader renders the placeholder from that product's `price` and `unit` fields, formatted as
 * the product screen shows them (priceText: `¥268 / 盒`). A placeholder naming no product, or written
 * any other way, refuses the load, naming the file.
 */
type PriceTable = ReadonlyMap<string, { price: number; unit: string }>;

const PRICE = /\{\{price(?::([a-z0-9]+(?:-[a-z0-9]+)*))?\}\}/g;

/** Renders the price placeholders of one string; `own` is the product the text belongs to. */
export function renderPriceText(text: string, own: string, prices: PriceTable, file: string): string {
  const out = text.replace(PRICE, (whole, id: string | undefined) => {
    const p = prices.get(id ?? own);
    if (!p) throw new ContentError(`Invalid content in ${file}: ${whole} names no product`);
    return priceText(p.price, p.unit);
  });
  const left = /\{\{\s*price[^}]*\}\}/.exec(out);
  if (left)
    throw new ContentError(`Invalid content in ${file}: ${left[0]} is not a price placeholder ({{price}} or {{price:<product-id>}})`);
  return out;
}

/** Every string in a value (front matter, a rich-text tree, a marketing page) with its price placeholders rendered. */
export function renderPrices<T>(value: T, own: string, prices: PriceTable, file: string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes('{{') ? renderPriceText(v, own, prices, file) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

const PriceFieldsSchema = z.object({ id: z.string(), price: z.number().positive(), unit: z.string().trim().min(1) });

/** The price and unit of every product, read from the front matter of content/products/*.md. */
export function readProductPrices(dir: string): PriceTable {
  const table = new Map<string, { price: number; unit: string }>();
  for (const name of readdirSync(join(dir, 'products')).filter((n) => n.endsWith('.md'))) {
    const file = `products/${name}`;
    const { data } = splitFrontMatter(readContentText(dir, file), file);
    const { id, price, unit } = parseContent(PriceFieldsSchema, data, file);
    table.set(id, { price, unit });
  }
  return table;
}

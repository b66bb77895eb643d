import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError } from '../content/content-kind.ts';
import { productKind, productMarketingKind } from './product-kinds.ts';
import { readProductPrices, renderPrices, renderPriceText } from './product-prices.ts';

const CONTENT_DIR = process.env.TEST_CONTENT_DIR ?? new URL('../../../../content', import.meta.url).pathname;

/** Issue #26 §20: prices in product and marketing text are rendered from the price fields, never typed. */
describe('price placeholders', () => {
  const prices = new Map([
    ['gift', { price: 268, unit: '盒' }],
    ['patch', { price: 29.9, unit: '盒' }],
  ]);

  it('renders the own price and another product’s, as the product screen formats them', () => {
    expect(renderPriceText('{{price}}，送爸妈', 'gift', prices, 'x.json')).toBe('¥268 / 盒，送爸妈');
    expect(renderPriceText('暖贴{{price:patch}}', 'gift', prices, 'x.json')).toBe('暖贴¥29.90 / 盒');
    expect(renderPriceText('没有价格', 'gift', prices, 'x.json')).toBe('没有价格');
  });

  it('refuses a product that does not exist and a placeholder written another way, naming the file', () => {
    expect(() => renderPriceText('{{price:no-such}}', 'gift', prices, 'product-marketing/gift.json')).toThrow(ContentError);
    expect(() => renderPriceText('{{price:no-such}}', 'gift', prices, 'product-marketing/gift.json')).toThrow(/gift\.json.*no-such/);
    expect(() => renderPriceText('{{price}}', 'nobody', prices, 'x.json')).toThrow(ContentError);
    for (const bad of ['{{ price }}', '{{price:}}', '{{price:Gift}}', '{{price.gift}}'])
      expect(() => renderPriceText(bad, 'gift', prices, 'x.json'), bad).toThrow(ContentError);
  });

  it('renders every string of a nested value and leaves the rest as it is', () => {
    const value = { n: 3, ok: true, none: null, list: ['{{price}}', { deep: '仅{{price:patch}}' }] };
    expect(renderPrices(value, 'gift', prices, 'x.json')).toEqual({
      n: 3,
      ok: true,
      none: null,
      list: ['¥268 / 盒', { deep: '仅¥29.90 / 盒' }],
    });
  });
});

describe('prices in the content (issue #26 §20)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-prices-'));
    for (const sub of ['products', 'product-marketing', 'media/products'])
      cpSync(join(CONTENT_DIR, sub), join(dir, sub), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every product’s price field', () => {
    const table = readProductPrices(dir);
    for (const p of productKind.read(dir)) expect(table.get(p.id), p.id).toEqual({ price: p.data.price, unit: p.data.unit });
  });

  it('renders a marketing page’s prices when it is loaded, and follows a changed price field', () => {
    const file = join(dir, 'product-marketing', 'starter-set.json');
    const page = JSON.parse(readFileSync(file, 'utf8')) as { blocks: { kind: string; text?: string }[] };
    page.blocks.find((b) => b.kind === 'cta')!.text = '一套{{price}}，艾条另购{{price:pure-moxa-stick}}。';
    writeFileSync(file, JSON.stringify(page));
    const md = join(dir, 'products', 'starter-set.md');
    writeFileSync(md, readFileSync(md, 'utf8').replace(/^price: .*$/m, 'price: 135.5'));
    const cta = productMarketingKind
      .read(dir)
      .find((m) => m.id === 'starter-set')!
      .data.blocks.find((b) => b.kind === 'cta');
    expect(cta).toMatchObject({ text: '一套¥135.50 / 套，艾条另购¥68 / 盒。' });
  });

  it('refuses to load a marketing page naming a product that does not exist', () => {
    const file = join(dir, 'product-marketing', 'starter-set.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('{{price:pure-moxa-stick}}', '{{price:no-such-stick}}'));
    expect(() => productMarketingKind.read(dir)).toThrow(/product-marketing\/starter-set\.json.*no-such-stick/);
  });
});

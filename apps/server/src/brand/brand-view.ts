import type { Brand } from '@moxa/core/brand/brand-contract';
import type { StoreLink } from '@moxa/core/products/product-contract';
import type { ContentStore } from '../content/content-store.ts';
import { brandKind, type BrandRecord } from './brand-kinds.ts';

const orNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/** The brand item, if the content has one (issue #30). */
export const brandRecord = (store: ContentStore): BrandRecord | undefined => store.get(brandKind, 'brand');

/** GET /api/v8/brand's answer: what is not set is null, and the H5 leaves it out. */
export function brandView(store: ContentStore): Brand {
  const b = brandRecord(store);
  return {
    companyName: orNull(b?.companyName),
    address: orNull(b?.address),
    servicePhone: orNull(b?.servicePhone),
    serviceWechatQr: b?.serviceWechatQrImage ?? null,
    icpNumber: orNull(b?.icpNumber),
    about: b?.about ?? { type: 'root', children: [] },
    share: b?.share ? { title: b.share.title, description: b.share.description, image: b.shareImage } : null,
    store: b?.store ?? null,
  };
}

/** The store 购买 leads to for a product (issue #30): its own link, else the brand's default, else none. */
export const storeFor = (store: ContentStore, own: StoreLink | undefined): StoreLink | null => own ?? brandRecord(store)?.store ?? null;

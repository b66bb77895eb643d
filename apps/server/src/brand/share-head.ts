import type { ContentStore } from '../content/content-store.ts';
import { brandRecord } from './brand-view.ts';

/**
 * The brand's default share card (issue #30): what a page that sets no card of its own shares. The
 * image is a path on this site: the fallback (JPEG/PNG) nearest 640 px, as the H5's share-card.ts
 * picks, or the app icon when the brand gives the card no picture.
 */
export type ShareDefaults = { title: string; description: string; image: string };

/** The id of the JSON the H5 reads the defaults from (lib/wechat-share.ts). */
export const SHARE_DEFAULTS_ID = 'moxa-share';
const APP_ICON = '/icon-512.png';

export function shareDefaults(store: ContentStore): ShareDefaults | null {
  const b = brandRecord(store);
  if (!b?.share) return null;
  const fallback = b.shareImage?.fallback;
  const image = fallback ? (fallback.find((v) => v.width >= 640) ?? fallback.at(-1))?.url : undefined;
  return { title: b.share.title, description: b.share.description, image: image ?? APP_ICON };
}

/** An attribute value: `&`, quotes and angle brackets escaped (a brand name may hold any of them). */
const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script>: no `<`, `>` or `&` that could close the element or start a comment. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The <head> tags of the defaults for every page the server writes (the shell and prerendered pages):
 * Open Graph, the itemprop tags WeChat's crawler reads, and the defaults as JSON for the H5's JS-SDK
 * sharing. `origin` (PUBLIC_ORIGIN, issue #27 item 7): og:image must be absolute; without an origin
 * this site trusts, the image tags are left out (a page's Host is not taken for it). The H5's own card
 * (share-card.ts) overwrites the same tags while its page is shown, and puts them back after.
 */
export function shareHeadTags(defaults: ShareDefaults | null, origin: string | null): string {
  if (!defaults) return '';
  const image = origin ? new URL(defaults.image, origin).href : null;
  const meta = (key: 'property' | 'itemprop', name: string, value: string) => `<meta ${key}="${name}" content="${attr(value)}">`;
  return [
    meta('property', 'og:title', defaults.title),
    meta('property', 'og:description', defaults.description),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('itemprop', 'name', defaults.title),
    meta('itemprop', 'description', defaults.description),
    ...(image ? [meta('itemprop', 'image', image)] : []),
    `<script type="application/json" id="${SHARE_DEFAULTS_ID}">${scriptJson(defaults)}</script>`,
  ].join('\n    ');
}

import { useEffect } from 'react';
import type { MediaImage } from '@moxa/core/media/media-contract';

/** `image` absent: the app's icon (condition and constitution pages have no picture of their own). */
export type ShareCard = {
  title: string;
  description: string;
  image?: MediaImage;
  /** Where the shared card leads (a private page shares a public one); default this page. */
  link?: string;
};

/** The meta tags a share card is read from: Open Graph, and the itemprop tags WeChat's own crawler reads. */
const TAGS: [attr: 'property' | 'itemprop' | 'name', key: string, field: 'title' | 'description' | 'image' | 'link'][] = [
  ['property', 'og:title', 'title'],
  ['property', 'og:description', 'description'],
  ['property', 'og:image', 'image'],
  ['itemprop', 'name', 'title'],
  ['itemprop', 'description', 'description'],
  ['itemprop', 'image', 'image'],
  ['name', 'description', 'description'],
  ['property', 'og:url', 'link'],
];

/** An absolute URL of the image's fallback nearest 640 px (share cards want JPEG/PNG, not WebP). */
export const shareImageUrl = (image: MediaImage | undefined) =>
  new URL(image ? (image.fallback.find((v) => v.width >= 640) ?? image.fallback.at(-1)!).url : '/icon-512.png', location.origin).href;

/** The absolute address a card leads to. */
export const shareLink = (card: ShareCard) => new URL(card.link ?? location.href.split('#')[0]!, location.origin).href;

/**
 * Product, marketing, video, condition and constitution-result pages set their share card (issue #16):
 * title, description and image, removed again when the page is left. WeChat JS-SDK sharing, when the
 * server has WeChat credentials, takes the same card (wechat-share.ts).
 */
export function useShareCard(card: ShareCard | undefined | null | false): void {
  const key = card ? `${card.title}|${card.description}|${card.image?.src ?? ''}|${card.link ?? ''}` : '';
  useEffect(() => {
    if (!card) return;
    const added: HTMLMetaElement[] = [];
    const previous: [HTMLMetaElement, string][] = [];
    for (const [attr, name, field] of TAGS) {
      const value = field === 'image' ? shareImageUrl(card.image) : field === 'link' ? shareLink(card) : card[field];
      let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`);
      if (el) previous.push([el, el.content]);
      else {
        el = document.createElement('meta');
        el.setAttribute(attr, name);
        document.head.append(el);
        added.push(el);
      }
      el.content = value;
    }
    // Inside WeChat only, the JS-SDK takes the card too (loaded on demand, never in other browsers);
    // once the page is left, the brand's default card again (issue #30).
    const wechat = /MicroMessenger/i.test(navigator.userAgent);
    if (wechat) void import('./wechat-share.ts').then((m) => m.applyCard(card));
    return () => {
      for (const el of added) el.remove();
      for (const [el, content] of previous) el.content = content;
      if (wechat) void import('./wechat-share.ts').then((m) => m.applyDefaultCard(true));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the card's identity is its content
  }, [key]);
}

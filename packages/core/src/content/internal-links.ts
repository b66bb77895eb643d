/**
 * Internal links in content Markdown (issue #14 §2): authors write `[足三里](acupoint:ST36)` or
 * `[失眠](disease:insomnia)`. The loader validates every target at load time (a broken link refuses
 * the load); the web turns them into router links. One table, shared by server and web.
 */
export const INTERNAL_LINK_ROUTES = {
  acupoint: '/acupoint_detail/',
  meridian: '/meridian_detail/',
  disease: '/disease_detail/',
  notice: '/notice_detail/',
  problem: '/problem_detail/',
  product: '/product_detail/',
  video: '/video_detail/',
  // Issue #26: a term's place in the glossary list (`[同身寸](glossary:tongshencun)`).
  glossary: '/glossary?term=',
} as const;

export type InternalLinkKind = keyof typeof INTERNAL_LINK_ROUTES;
export type InternalLink = { kind: InternalLinkKind; id: string };

const PATTERN = /^([a-z]+):([A-Za-z0-9_-]{1,64})$/;

/** Parses `acupoint:ST36`; null for anything else (external URLs, unknown kinds). */
export function parseInternalLink(href: string): InternalLink | null {
  const m = PATTERN.exec(href);
  if (!m || !Object.hasOwn(INTERNAL_LINK_ROUTES, m[1]!)) return null;
  return { kind: m[1] as InternalLinkKind, id: m[2]! };
}

/** The app path an internal link leads to. */
export const internalHref = (link: InternalLink): string => `${INTERNAL_LINK_ROUTES[link.kind]}${encodeURIComponent(link.id)}`;

/** Every internal link in a Markdown text (inline links only; reference-style links are not used). */
export function findInternalLinks(markdown: string): InternalLink[] {
  const out: InternalLink[] = [];
  for (const m of markdown.matchAll(/\]\(([a-z]+:[^)\s]+)\)/g)) {
    const link = parseInternalLink(m[1]!);
    if (link) out.push(link);
  }
  return out;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import FindMyWay from 'find-my-way';
import { leadImage } from '@moxa/core/content/lead-image';
import type { MediaImage } from '@moxa/core/media/media-contract';
import {
  COLUMN_SIZES,
  PRODUCT_CARD_SIZES,
  PRODUCT_CENTRE_EAGER,
  VIDEO_CARD_SIZES,
  VIDEO_CENTRE_EAGER,
  videoPosterUrl,
} from '@moxa/core/media/picture-sizes';
import type { ProductDetail, ProductMarketing, ProductTypeSection } from '@moxa/core/products/product-contract';
import { ROUTE_PATTERNS, ROUTE_READS, type RouteDataScreen } from '@moxa/core/http/route-data';
import type { NoticeDetail } from '@moxa/core/notices/notice-contract';
import type { VideoDetail, VideoHome } from '@moxa/core/videos/video-contract';

/**
 * No waterfall (issue #33 item 1, decision 033): the HTML of a page that is not prerendered names, in
 * <head>, what its first screen needs, so the browser fetches it while the entry script downloads:
 * - the API reads of the screen (packages/core http/route-data.ts, the list the app itself prefetches
 *   from), as `<link rel="preload" as="fetch" crossorigin>`: the app's own fetch of the same URL (same
 *   mode and credentials) takes the preloaded response instead of asking again;
 * - the screen's largest picture, where the screen is known to show one first (PICTURES);
 * - on every route, the screen's chunk, the chunks it imports and its CSS, its guard's module, and the
 *   mount chunk (the renderer), from the Vite manifest and the build's route → modules table
 *   (`.vite/routes.json`, apps/web/build/screens.ts): `modulepreload` (Vite's loader then skips them)
 *   and `preload as="style"`.
 * Only answers a client without a login gets, marked `public`, are named: the reads are made here
 * without credentials, and a read answering anything else (401, 404, `no-store`, `private`) is left out.
 */

/** A read made as an anonymous client would make it (`requestId`: the navigation's, for the logs). */
export type PublicRead = (path: string, requestId?: string) => Promise<{ status: number; cacheControl: string; body: string }>;

type Picture = { href: string } | { srcset: string; sizes: string; type: string };

const srcset = (variants: MediaImage['webp']) => variants.map((v) => `${v.url} ${v.width}w`).join(', ');
/** As components/image.tsx renders a picture: a drawing's SVG, else the WebP source chosen by `sizes`. */
const responsive = (image: MediaImage | null | undefined, sizes: string): Picture | null =>
  !image ? null : image.vector ? { href: image.vector } : { srcset: srcset(image.webp), sizes, type: 'image/webp' };

/**
 * The first screen's largest pictures, from its first read's answer, as the web renders them (the same
 * `sizes`, so the browser picks the same file and uses the preloaded one): the product gallery's first
 * picture, the promotional page's hero, the video poster (the player's poster is the fallback ≥ 640 px);
 * on the product and video centres, the pictures the first section loads at once (on screen at first;
 * whichever paints first is the largest paint); the lead picture of an article, whose text opens its page.
 */
const PICTURES: Partial<Record<RouteDataScreen, (data: never) => (Picture | null)[]>> = {
  ProductDetailScreen: (p: ProductDetail) => [responsive(p.gallery[0], '100vw')],
  MarketingScreen: (m: ProductMarketing) => {
    const hero = m.blocks[0];
    return [hero?.kind === 'hero' ? responsive(hero.image, '100vw') : null];
  },
  VideoDetailScreen: (v: VideoDetail) => {
    return [{ href: videoPosterUrl(v.poster) }];
  },
  ProductHomeScreen: (types: ProductTypeSection[]) =>
    (types[0]?.products ?? []).slice(0, PRODUCT_CENTRE_EAGER).map((p) => responsive(p.cover, PRODUCT_CARD_SIZES)),
  NoticeDetailScreen: (n: NoticeDetail) => [responsive(leadImage(n.body), COLUMN_SIZES)],
  VideoCenterScreen: (home: VideoHome) => home.brand.slice(0, VIDEO_CENTRE_EAGER).map((v) => responsive(v.poster, VIDEO_CARD_SIZES)),
};

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Public answers only: cacheable by anyone, never per user. */
const isPublic = (status: number, cacheControl: string) =>
  status === 200 && /\bpublic\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl);

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The files a manifest key needs beyond what the HTML's entry already loads. */
export function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const closure = (start: string[], seen = new Set<string>()) => {
    const visit = (k: string) => {
      if (seen.has(k) || !manifest[k]) return;
      seen.add(k);
      for (const i of manifest[k].imports ?? []) visit(i);
    };
    start.forEach(visit);
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  const entryCss = new Set([...entry].flatMap((k) => manifest[k]!.css ?? []));
  const own = [...closure([key])].filter((k) => !entry.has(k));
  return {
    js: own.map((k) => `/${manifest[k]!.file}`),
    css: [...new Set(own.flatMap((k) => manifest[k]!.css ?? []))].filter((c) => !entryCss.has(c)).map((c) => `/${c}`),
  };
}

/** A JSON file of the build, read again whenever a deploy replaces it (null while there is none). */
function buildFileReader<T>(path: string): () => T | null {
  let cached: { mtime: number; value: T } | null = null;
  return () => {
    if (!existsSync(path)) return null;
    const mtime = statSync(path).mtimeMs;
    if (cached?.mtime !== mtime) cached = { mtime, value: JSON.parse(readFileSync(path, 'utf8')) as T };
    return cached.value;
  };
}

type RouteModules = { path: string; modules: string[] }[];
const MOUNT_SOURCE = 'src/app/mount.tsx';

/** The modules a path's first render loads, by the build's route table (the not-found screen's for any other path). */
function routeModuleFinder(read: () => RouteModules | null): (pathname: string) => string[] {
  let built: { table: RouteModules; router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> } | null = null;
  return (pathname) => {
    const table = read();
    if (!table) return [];
    if (built?.table !== table) {
      const router = FindMyWay({ ignoreTrailingSlash: true });
      for (const row of table) router.on('GET', row.path, () => {}, { modules: row.modules });
      built = { table, router };
    }
    return (built.router.find('GET', pathname)?.store as { modules: string[] } | undefined)?.modules ?? [];
  };
}

export function routePreloads(opts: { manifestPath: string; routesPath: string; read: PublicRead }) {
  const manifest = buildFileReader<Manifest>(opts.manifestPath);
  const routeModules = routeModuleFinder(buildFileReader<RouteModules>(opts.routesPath));
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const [screen, patterns] of Object.entries(ROUTE_PATTERNS) as [RouteDataScreen, readonly string[]][])
    for (const pattern of patterns) router.on('GET', pattern, () => {}, { screen });

  /**
   * The <head> tags for a navigation to `pathname` (a page that is not prerendered). A console
   * preview's navigation (`preview`, issue #29) names no reads: the browser's preloaded response,
   * made without the preview header, would answer the app's own fetch with the published content.
   */
  return async function headTags(pathname: string, requestId?: string, preview = false): Promise<string> {
    const tags: string[] = [];
    const found = router.find('GET', pathname);
    const screen = (found?.store as { screen: RouteDataScreen } | undefined)?.screen;
    if (found && screen && !preview) {
      const paths = ROUTE_READS[screen](found.params);
      const answers = await Promise.all(paths.map((p) => opts.read(p, requestId).catch(() => null)));
      answers.forEach((a, i) => {
        if (a && isPublic(a.status, a.cacheControl)) tags.push(`<link rel="preload" as="fetch" crossorigin href="${attr(paths[i]!)}">`);
      });
      const first = answers[0];
      const pick = PICTURES[screen];
      if (pick && first && isPublic(first.status, first.cacheControl)) {
        for (const picture of pick((JSON.parse(first.body) as { data: never }).data)) {
          if (picture && 'href' in picture) tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${attr(picture.href)}">`);
          else if (picture)
            tags.push(
              `<link rel="preload" as="image" fetchpriority="high" type="${picture.type}" imagesrcset="${attr(picture.srcset)}" imagesizes="${attr(picture.sizes)}">`,
            );
        }
      }
    }
    const m = manifest();
    if (m) {
      const js = new Set<string>();
      const css = new Set<string>();
      for (const key of [...routeModules(pathname), MOUNT_SOURCE]) {
        const files = chunkFiles(m, key);
        files.js.forEach((f) => js.add(f));
        files.css.forEach((f) => css.add(f));
      }
      for (const f of css) tags.push(`<link rel="preload" as="style" crossorigin href="${attr(f)}">`);
      for (const f of js) tags.push(`<link rel="modulepreload" crossorigin href="${attr(f)}">`);
    }
    return tags.join('\n    ');
  };
}

/** The HTML with `tags` at the end of its <head>. */
export const withHeadTags = (html: string, tags: string) => (tags ? html.replace('</head>', `  ${tags}\n  </head>`) : html);

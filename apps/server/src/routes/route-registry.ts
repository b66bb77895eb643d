import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { CaseViews } from '../cases/case-views.ts';
import type { ContentStore } from '../content/content-store.ts';
import { diseaseCatalog } from '../diseases/disease-catalog.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import type { AppContext } from '../lib/context.ts';
import { savedContent } from '../mine/saved-content.ts';
import { sessionPlans } from '../moxa/session-plans.ts';
import type { PhysicalContent } from '../physical/physical-content.ts';
import { searchService } from '../search/search-service.ts';
import type { ViewCounter } from '../videos/view-counter.ts';
import type { VitalsRepository } from '../vitals/vitals-repository.ts';
import { accountDataRoutes } from './account-data-routes.ts';
import { acupointRoutes } from './acupoint-routes.ts';
import { adminRoutes } from './admin-routes.ts';
import { brandRoutes } from './brand-routes.ts';
import { advisorRoutes } from './advisor-routes.ts';
import { advisorProfileRoutes } from './advisor-profile-routes.ts';
import { caseRoutes } from './case-routes.ts';
import { consentRoutes } from './consent-routes.ts';
import { consoleRoutes } from './console-routes.ts';
import { diseaseRoutes } from './disease-routes.ts';
import { glossaryRoutes } from './glossary-routes.ts';
import { legalRoutes } from './legal-routes.ts';
import { mediaRoutes } from './media-routes.ts';
import { loginRoutes } from './login-routes.ts';
import { mineRoutes } from './mine-routes.ts';
import { miscRoutes } from './misc-routes.ts';
import { moxaRoutes } from './moxa-routes.ts';
import { noticeRoutes } from './notice-routes.ts';
import { physicalRoutes } from './physical-routes.ts';
import { problemRoutes } from './problem-routes.ts';
import { productRoutes } from './product-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { videoRoutes } from './video-routes.ts';
import { notificationRoutes } from './notification-routes.ts';
import { courseRoutes } from './course-routes.ts';
import { shortLinkRoutes } from './short-link-routes.ts';
import { simpleKindRoutes } from './simple-kind-routes.ts';
import { CONTENT_KINDS } from '../content/registry.ts';
import { vitalsRoutes } from './vitals-routes.ts';
import { wechatRoutes } from './wechat-routes.ts';

/** What app.ts has built by the time routes register: the context, the loaded content and its views. */
export type RouteDeps = {
  ctx: AppContext;
  content: ContentStore;
  catalog: AcupointCatalog;
  physical: PhysicalContent;
  views: CaseViews;
  /** Built in app.ts: it holds the database handle, which route code never touches (issue #14 §7). */
  videoViews: ViewCounter;
  vitals: VitalsRepository;
};

type RouteEntry = {
  /** The module's exported plugin or plugin factory; route-registry.test.ts checks every *-routes.ts file has one here. */
  routes: FastifyPluginAsyncZod | ((...args: never[]) => FastifyPluginAsyncZod);
  plugin: (deps: RouteDeps) => FastifyPluginAsyncZod;
  /** Built from the loaded content: rebuilt on every reload and per preview (issue #29, live-route-plugins.ts). */
  live: boolean;
};

/** A plugin that needs only `app.ctx`. */
function route(plugin: FastifyPluginAsyncZod): RouteEntry;
/** A plugin factory, with the arguments it is built from. */
function route<A extends unknown[]>(factory: (...args: A) => FastifyPluginAsyncZod, args: (deps: RouteDeps) => [...A]): RouteEntry;
function route(routes: (...args: never[]) => unknown, args?: (deps: RouteDeps) => unknown[]): RouteEntry {
  return {
    routes: routes as RouteEntry['routes'],
    live: args !== undefined,
    plugin: args ? (deps) => (routes as (...a: unknown[]) => FastifyPluginAsyncZod)(...args(deps)) : () => routes as FastifyPluginAsyncZod,
  };
}

/**
 * Every route module of the API, in registration order (issue #28 item 3): app.ts registers exactly
 * these, so a new `*-routes.ts` file is one line here, and forgetting it fails route-registry.test.ts
 * rather than leaving the API silently without it.
 */
export const ROUTE_REGISTRY: readonly RouteEntry[] = [
  route(miscRoutes),
  route(loginRoutes),
  route(wechatRoutes),
  route(acupointRoutes, (d) => [d.catalog]),
  route(physicalRoutes, (d) => [d.physical, d.catalog]),
  route(diseaseRoutes, (d) => [diseaseCatalog(d.content, d.catalog)]),
  route(noticeRoutes, (d) => [d.content]),
  route(problemRoutes, (d) => [d.content]),
  route(glossaryRoutes, (d) => [d.content]),
  route(productRoutes, (d) => [d.content]),
  route(videoRoutes, (d) => [d.content, d.catalog, d.videoViews]),
  route(searchRoutes, (d) => [searchService(d.content)]),
  route(adminRoutes),
  route(caseRoutes, (d) => [d.views]),
  route(advisorRoutes, (d) => [d.views]),
  // Issue #30: advisors' profiles (reviewed) and 在岗.
  route(advisorProfileRoutes),
  route(moxaRoutes, (d) => [sessionPlans(d.content, d.catalog, d.physical), d.catalog]),
  route(mineRoutes, (d) => [savedContent(d.content)]),
  // Issue #27 items 13, 16, 18: 昵称, 我的数据, and who runs the service.
  route(accountDataRoutes, ({ physical, content }) => [
    { questionnaire: physical.questionnaire, diseaseName: (id: string) => content.get(diseaseKind, id)?.name ?? null },
  ]),
  route(legalRoutes, (d) => [d.content]),
  // Issue #30: brand settings (decision 042).
  route(brandRoutes, (d) => [d.content]),
  route(consentRoutes),
  // Issue #33 item 5: real users' Core Web Vitals (decision 034).
  route(vitalsRoutes, (d) => [d.vitals]),
  // Issue #31: notice settings, courses (疗程) with reminders, and the short links notices carry.
  route(notificationRoutes),
  route(courseRoutes, (d) => [d.content]),
  route(shortLinkRoutes),
  // Issue #28 item 4: every simple kind (`npm run new:kind`) through one generic read-only API.
  route(simpleKindRoutes, (d) => [d.content, CONTENT_KINDS]),
  // Issue #29: the operator console's API (editorial workflow, console sessions, staff).
  route(consoleRoutes),
  // Issue #30: the console's media library (uploads served by /media once published).
  route(mediaRoutes),
];

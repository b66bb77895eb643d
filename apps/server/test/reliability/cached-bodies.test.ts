import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionPlanSchema } from '@moxa/core/moxa/moxa-contract';
import { AcupointDetailSchema, AcupointSummarySchema } from '@moxa/core/acupoints/acupoint-contract';
import { MeridianDetailSchema } from '@moxa/core/acupoints/meridian-contract';
import { DiseaseDetailSchema, DiseaseGroupSummarySchema, DiseaseSummarySchema } from '@moxa/core/diseases/disease-contract';
import { BrandSchema } from '@moxa/core/brand/brand-contract';
import { GlossaryAnswerSchema } from '@moxa/core/glossary/glossary-contract';
import { envelope } from '@moxa/core/http/envelope';
import { pageOf } from '@moxa/core/http/paging';
import { NoticeDetailSchema, NoticeSummarySchema, NoticeTypeSummarySchema } from '@moxa/core/notices/notice-contract';
import { QuestionnaireSchema } from '@moxa/core/physical/physical-contract';
import { ProblemDetailSchema, ProblemSummarySchema, ProblemTopicSummarySchema } from '@moxa/core/problems/problem-contract';
import {
  ProductDetailSchema,
  ProductMarketingSchema,
  ProductSummarySchema,
  ProductTypeSectionSchema,
} from '@moxa/core/products/product-contract';
import { SearchAnswerSchema } from '@moxa/core/search/search-contract';
import { VideoDetailSchema, VideoHomeSchema, VideoSummarySchema } from '@moxa/core/videos/video-contract';
import { cacheBody } from '../../src/lib/cached-body.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { readOperations } from '../support/openapi-operations.ts';

/**
 * Cached bodies (lib/cached-body.ts, decision 017) are serialised once by JSON.stringify, bypassing the
 * response serialiser that would otherwise hold them to their schema: every route answering from such
 * a cache is checked here against the same response schema it declares (issue #14 §10).
 *
 * Issue #28 item 5: which routes those are is not left to memory. Every public GET of the OpenAPI
 * document is either sampled here or listed in NOT_CACHED with its reason; each sample must really be
 * a cached body, and each exclusion must really not be one — so a new public route, or a route that
 * starts answering from a cache, fails this suite until it is placed.
 */
const CACHED: [url: string, schema: z.ZodType][] = [
  ['/api/v8/meridians/ST', MeridianDetailSchema],
  ['/api/v8/acupoints', z.array(AcupointSummarySchema)],
  ['/api/v8/acupoints?q=zsl', z.array(AcupointSummarySchema)],
  ['/api/v8/acupoints/ST36', AcupointDetailSchema],
  ['/api/v8/physical/questions?gender=female', QuestionnaireSchema],
  ['/api/v8/diseases/types', z.array(DiseaseGroupSummarySchema)],
  ['/api/v8/diseases?type=1653d718-bab3-4619-b1a0-9dea5bb08b49', pageOf(DiseaseSummarySchema)],
  ['/api/v8/diseases?acupoint=ST36', pageOf(DiseaseSummarySchema)],
  ['/api/v8/diseases/insomnia', DiseaseDetailSchema],
  ['/api/v8/notices/types', z.array(NoticeTypeSummarySchema)],
  ['/api/v8/notices?type=method', pageOf(NoticeSummarySchema)],
  ['/api/v8/notices/mild-moxa', NoticeDetailSchema],
  ['/api/v8/problems/topics', z.array(ProblemTopicSummarySchema)],
  ['/api/v8/problems', pageOf(ProblemSummarySchema)],
  ['/api/v8/problems/moxa-distance', ProblemDetailSchema],
  ['/api/v8/products/types', z.array(ProductTypeSectionSchema)],
  ['/api/v8/products?type=moxa-box', pageOf(ProductSummarySchema)],
  ['/api/v8/products/portable-moxa-box', ProductDetailSchema],
  ['/api/v8/products/portable-moxa-box/marketing', ProductMarketingSchema],
  ['/api/v8/search?type=all&q=zsl', SearchAnswerSchema],
  ['/api/v8/moxa/plan?disease=insomnia', SessionPlanSchema],
  ['/api/v8/moxa/plan?scheme=qixu', SessionPlanSchema],
  ['/api/v8/moxa/plan?product=pure-moxa-stick', SessionPlanSchema],
  ['/api/v8/moxa/plan?points=ST36,CV4,BL1', SessionPlanSchema],
  ['/api/v8/search?type=product&q=aijiu', SearchAnswerSchema],
  ['/api/v8/glossary', GlossaryAnswerSchema],
  ['/api/v8/search?type=glossary&q=tsc', SearchAnswerSchema],
  // Issue #33 item 4: answers with view counts, cached briefly (videos/live-answers.ts).
  ['/api/v8/videos/home', VideoHomeSchema],
  ['/api/v8/videos?category=health', pageOf(VideoSummarySchema)],
  ['/api/v8/videos/find-zusanli', VideoDetailSchema],
  // Issue #30: the brand settings.
  ['/api/v8/brand', BrandSchema],
];

/** Public GETs answered through the response serialiser (which holds them to their schema), by template. */
const SERIALISED = 'serialised per request by the response serialiser, which holds it to its schema';
const NOT_CACHED: Record<string, { url: string; reason: string }> = {
  '/api/ping': { url: '/api/ping', reason: 'the bare route the benchmark compares with; ' + SERIALISED },
  '/api/health': { url: '/api/health', reason: 'live database and content status, no-store' },
  '/api/v8/countries': { url: '/api/v8/countries', reason: 'built once at start-up, but ' + SERIALISED },
  '/api/v8/login': { url: '/api/v8/login', reason: 'a login answer for one person, no-store' },
  '/api/v8/wechat/config': { url: '/api/v8/wechat/config', reason: 'one flag of the configuration; ' + SERIALISED },
  '/api/v8/wechat/jssdk-config': {
    url: '/api/v8/wechat/jssdk-config?url=http://localhost/',
    reason: 'signed per page address and time, no-store',
  },
  '/api/v8/meridians': { url: '/api/v8/meridians', reason: SERIALISED },
  '/api/v8/charts': { url: '/api/v8/charts', reason: SERIALISED },
  '/api/v8/physical/types': { url: '/api/v8/physical/types', reason: SERIALISED },
  '/api/v8/physical/schemes/{type}': { url: '/api/v8/physical/schemes/qixu', reason: SERIALISED },
  // Issue #28 item 4: with no simple kind in the content both answer 404; a generated kind's answers
  // are cached bodies, checked against these schemas by scripts/new-kind.test.ts.
  '/api/v8/kinds/{kind}': { url: '/api/v8/kinds/tea', reason: 'no simple kind in the content: a 404 error' },
  '/api/v8/kinds/{kind}/{id}': { url: '/api/v8/kinds/tea/x', reason: 'no simple kind in the content: a 404 error' },
  '/api/v8/about': { url: '/api/v8/about', reason: 'the operator details from the brand settings or the environment; ' + SERIALISED },
};

/** The OpenAPI template a concrete URL is answered by: static segments win over {params}, as in the router. */
function templateOf(url: string, templates: string[]): string | undefined {
  const segments = url.split('?')[0]!.split('/');
  const matching = templates
    .map((t) => t.split('/'))
    .filter((t) => t.length === segments.length && t.every((s, i) => /^\{.+\}$/.test(s) || s === segments[i]))
    .sort((a, b) => b.filter((s) => !s.startsWith('{')).length - a.filter((s) => !s.startsWith('{')).length);
  return matching[0]?.join('/');
}

/** True when the answer came from lib/cached-body.ts: its ETag is the one cacheBody() gives those bytes. */
const isCachedBody = (res: { body: string; headers: Record<string, unknown> }) =>
  res.headers['content-type'] === 'application/json; charset=utf-8' && cacheBody(JSON.parse(res.body)).etag === res.headers.etag;

describe('cached bodies match their response schemas (issue #14 §10)', () => {
  let t: TestApp;
  let publicGets: string[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    publicGets = (await readOperations(t.app)).filter((op) => op.method === 'GET' && !op.bearer).map((op) => op.path);
  });
  afterAll(async () => t.close());

  it.each(CACHED)('%s', async (url, schema) => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(isCachedBody(res), 'answered through the serialiser: list it in NOT_CACHED').toBe(true);
    const parsed = envelope(schema).safeParse(res.json());
    expect(parsed.success ? null : parsed.error.issues.slice(0, 3)).toBeNull();
    // Strict: nothing beyond what the schema declares leaks out of a cached body.
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(parsed.data)));
  });

  it.each(Object.entries(NOT_CACHED))('%s is not a cached body', async (template, { url }) => {
    expect(templateOf(url, [template])).toBe(template);
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(isCachedBody(res), 'answers from a cached body: sample it in CACHED with its schema').toBe(false);
  });

  it('places every public GET of the OpenAPI document (issue #28 item 5)', () => {
    expect(publicGets.length).toBeGreaterThan(20);
    const sampled = CACHED.map(([url]) => templateOf(url, publicGets));
    expect(sampled.filter((t) => t === undefined)).toEqual([]);
    const placed = new Set([...sampled, ...Object.keys(NOT_CACHED)]);
    expect(
      publicGets.filter((path) => !placed.has(path)),
      'sample these in CACHED or give NOT_CACHED a reason',
    ).toEqual([]);
    expect(
      Object.keys(NOT_CACHED).filter((path) => !publicGets.includes(path)),
      'no longer public GETs',
    ).toEqual([]);
  });
});

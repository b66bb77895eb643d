import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionPlanSchema } from '@moxa/core/moxa/moxa-contract';
import { AcupointDetailSchema, AcupointSummarySchema } from '@moxa/core/acupoints/acupoint-contract';
import { ChartViewSchema, MeridianDetailSchema, MeridianSummarySchema } from '@moxa/core/acupoints/meridian-contract';
import { DiseaseDetailSchema, DiseaseGroupSummarySchema, DiseaseSummarySchema } from '@moxa/core/diseases/disease-contract';
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
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Cached bodies (lib/cached-body.ts, decision 017) are serialised once by JSON.stringify, bypassing the
 * response serialiser that would otherwise hold them to their schema: every route answering from such
 * a cache is checked here against the same response schema it declares (issue #14 §10).
 */
const CACHED: [url: string, schema: z.ZodType][] = [
  ['/api/v8/meridians', z.array(MeridianSummarySchema)],
  ['/api/v8/meridians/ST', MeridianDetailSchema],
  ['/api/v8/acupoints', z.array(AcupointSummarySchema)],
  ['/api/v8/acupoints?q=zsl', z.array(AcupointSummarySchema)],
  ['/api/v8/acupoints/ST36', AcupointDetailSchema],
  ['/api/v8/charts', z.array(ChartViewSchema)],
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
];

describe('cached bodies match their response schemas (issue #14 §10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it.each(CACHED)('%s', async (url, schema) => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    const parsed = envelope(schema).safeParse(res.json());
    expect(parsed.success ? null : parsed.error.issues.slice(0, 3)).toBeNull();
    // Strict: nothing beyond what the schema declares leaks out of a cached body.
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(parsed.data)));
  });
});

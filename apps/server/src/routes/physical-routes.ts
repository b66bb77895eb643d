import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import {
  ConstitutionDescriptionSchema,
  ConstitutionTypeSchema,
  CreateRecordBodySchema,
  GenderSchema,
  PhysicalRecordSchema,
  PhysicalRecordSummarySchema,
  QuestionnaireSchema,
  SchemeViewSchema,
} from '@moxa/core/physical/physical-contract';
import { checkAnswers, questionsFor, scoreAnswers } from '@moxa/core/physical/scoring';
import { badInput, notFound } from '../lib/app-error.ts';
import { cacheBody, CONTENT_CACHE, sendCached } from '../lib/cached-body.ts';
import { takeAll } from '../lib/rate-limit.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { PhysicalContent } from '../physical/physical-content.ts';

/** Issue #5 API: questionnaire, scored records (the server scores), schemes. */
export function physicalRoutes(content: PhysicalContent, catalog: AcupointCatalog): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = app.ctx;
    const { questionnaire } = content;
    // The questionnaire per gender never changes between deploys: serialised and compressed once.
    const questionBodies = {
      female: cacheBody(ok({ ...questionnaire, questions: questionsFor(questionnaire.questions, 'female') })),
      male: cacheBody(ok({ ...questionnaire, questions: questionsFor(questionnaire.questions, 'male') })),
    };

    app.get(
      '/api/v8/physical/questions',
      {
        schema: {
          tags: ['physical'],
          summary: '体质测试题目（按作答顺序）',
          querystring: z.object({ gender: GenderSchema }),
          response: { 200: envelope(QuestionnaireSchema) },
        },
      },
      async (request, reply) => {
        const body = questionBodies[request.query.gender];
        return sendCached(request, reply, body, CONTENT_CACHE);
      },
    );

    app.get(
      '/api/v8/physical/types',
      { schema: { tags: ['physical'], summary: '九种体质简介', response: { 200: envelope(z.array(ConstitutionDescriptionSchema)) } } },
      async () => ok(content.types),
    );

    app.get(
      '/api/v8/physical/schemes/:type',
      {
        schema: {
          tags: ['physical'],
          summary: '体质调理方案',
          params: z.object({ type: ConstitutionTypeSchema }),
          response: { 200: envelope(SchemeViewSchema) },
        },
      },
      async (request) => {
        const scheme = content.schemes.find((s) => s.type === request.params.type);
        const description = content.types.find((t) => t.type === request.params.type);
        if (!scheme || !description) throw notFound('没有找到该体质的调理方案');
        return ok({
          ...scheme,
          name: description.name,
          description,
          moxibustion: {
            ...scheme.moxibustion,
            points: scheme.moxibustion.points.map((p) => {
              const point = catalog.resolvePoint(p.code);
              return { ...p, id: point?.code ?? p.code, name: point?.name ?? p.code };
            }),
          },
        });
      },
    );

    app.post(
      '/api/v8/physical/records',
      {
        schema: {
          tags: ['physical'],
          summary: '提交答案并保存测试记录（服务端计分）',
          // 403: the constitution consent is missing (issue #27 item 15); 429: the daily record budget.
          errors: [403, 429],
          security: bearerSecurity,
          body: CreateRecordBodySchema,
          response: { 200: envelope(PhysicalRecordSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        // Health data: saved only with the separate consent of its purpose (issue #27 item 15).
        await ctx.consents.require(user.id, 'constitution');
        const { gender, answers } = request.body;
        const problem = checkAnswers(questionnaire.questions, gender, answers);
        if (problem) throw badInput(problem);
        // Records are health data kept for good: a runaway client cannot fill the table (issue #13 item 11).
        await takeAll(ctx.limits, [
          {
            key: `physical:rec:d:${user.id}`,
            windowSeconds: 86400,
            max: ctx.env.PHYSICAL_MAX_RECORDS_PER_DAY,
            message: (w) => `今天保存的测试记录已达上限，请${w}后再试`,
          },
        ]);
        const result = scoreAnswers(questionnaire.questions, gender, answers);
        return ok(await ctx.physicalRecords.create(user.id, { gender, version: questionnaire.version, answers, result }));
      },
    );

    app.get(
      '/api/v8/physical/records',
      {
        schema: {
          tags: ['physical'],
          summary: '我的测试记录（新的在前）',
          security: bearerSecurity,
          response: { 200: envelope(z.array(PhysicalRecordSummarySchema)) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const records = await ctx.physicalRecords.listFor(user.id);
        void reply.header('Cache-Control', 'private, no-store');
        return ok(records);
      },
    );

    app.delete(
      '/api/v8/physical/records',
      {
        schema: {
          tags: ['physical'],
          summary: '删除我的全部测试记录（答案和结果一并永久删除）',
          security: bearerSecurity,
          response: { 200: envelope(z.object({ deleted: z.number().int() })) },
        },
      },
      async (request) => {
        // Issue #27 item 15: after withdrawing the consent, what was saved can be deleted.
        const user = await requireUser(ctx, request);
        const deleted = await ctx.physicalRecords.removeAll(user.id);
        request.log.info({ userId: user.id, deleted }, 'physical records deleted');
        return ok({ deleted });
      },
    );

    app.get(
      '/api/v8/physical/records/:id',
      {
        schema: {
          tags: ['physical'],
          summary: '测试记录详情（仅本人）',
          security: bearerSecurity,
          // Ids are UUIDs: a stray byte (e.g. NUL, which PostgreSQL refuses in text) never reaches the query (issue #7 §1).
          params: z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: '记录编号不正确' }) }),
          response: { 200: envelope(PhysicalRecordSchema) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const record = await ctx.physicalRecords.findFor(user.id, request.params.id);
        // Someone else's record is indistinguishable from a missing one (issue #5).
        if (!record) throw notFound('没有找到这条测试记录');
        void reply.header('Cache-Control', 'private, no-store');
        return ok(record);
      },
    );
  };
}

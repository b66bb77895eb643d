import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseDetailSchema,
  CourseInputSchema,
  CourseParamsSchema,
  CoursePatchSchema,
  CourseSchema,
} from '@moxa/core/courses/course-contract';
import { firstDayFrom } from '@moxa/core/courses/course-schedule';
import { envelope } from '@moxa/core/http/envelope';
import { parseTimeOfDay } from '@moxa/core/notifications/china-time';
import type { ContentStore } from '../content/content-store.ts';
import { courseViews } from '../courses/course-views.ts';
import { badInput, conflict, notFound } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser, type AppContext } from '../lib/context.ts';

const tags = ['courses'];
/** Courses one account may have running (not ended) at once. */
const MAX_OPEN_COURSES = 10;
const NOT_FOUND = '没有找到这个疗程';

/** WeChat reminders need WeChat configured for them and the account bound to WeChat. */
async function assertChannel(ctx: AppContext, userId: string, channel: string) {
  if (channel !== 'wechat') return;
  if (!ctx.notifier.wechatFor('course-reminder')) throw badInput('暂不支持微信提醒，请选择短信提醒');
  if (!(await ctx.wechatBindings.openidOf(userId))) throw badInput('请先在“我的”里绑定微信，或选择短信提醒');
}

/**
 * Issue #31: 疗程提醒. A person sets up a course of a scheme (a condition's method or a constitution
 * scheme): how often, at what time, how many sessions, and how to be reminded; pauses it (fever,
 * pregnancy, menstruation, other), resumes or ends it. Owner-only: another user's course answers 404.
 * A course tells which condition someone looks after, so it belongs to the moxibustion log and needs
 * its consent (issue #27 item 15).
 */
export function courseRoutes(store: ContentStore): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const views = courseViews(ctx.courses, store, ctx.clock);
    const owned = async (id: string, userId: string) => {
      const c = await ctx.courses.ownedBy(id, userId);
      if (!c) throw notFound(NOT_FOUND);
      return c;
    };

    app.post(
      '/api/v8/me/courses',
      {
        schema: {
          tags,
          summary: '新建艾灸疗程（方案、频率、提醒时间、次数、提醒方式）',
          security: bearerSecurity,
          body: CourseInputSchema,
          // 403: the moxibustion-log consent is missing; 409: too many courses running.
          errors: [403, 409],
          response: { 200: envelope(CourseDetailSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        await ctx.consents.require(user.id, 'moxa-log');
        const input = request.body;
        const title = views.title(input.scheme);
        if (!title) throw badInput('调理方案不存在');
        await assertChannel(ctx, user.id, input.channel);
        if ((await ctx.courses.openCount(user.id)) >= MAX_OPEN_COURSES)
          throw conflict(`进行中的疗程最多 ${MAX_OPEN_COURSES} 个，请先结束不用的疗程`);
        const minute = parseTimeOfDay(input.time)!;
        const c = await ctx.courses.create(user.id, {
          ...input,
          title,
          minute,
          firstDay: firstDayFrom(ctx.clock(), input.frequency, minute),
        });
        request.log.info({ userId: user.id, courseId: c.id }, 'course created');
        return ok(await views.detail(c));
      },
    );

    app.get(
      '/api/v8/me/courses',
      { schema: { tags, summary: '我的艾灸疗程', security: bearerSecurity, response: { 200: envelope(z.array(CourseSchema)) } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        void reply.header('Cache-Control', 'private, no-store');
        return ok(await Promise.all((await ctx.courses.listOf(user.id)).map((c) => views.summary(c))));
      },
    );

    app.get(
      '/api/v8/me/courses/:id',
      {
        schema: {
          tags,
          summary: '疗程详情：每次的日期，以及是否已灸（对照艾灸记录）',
          params: CourseParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(CourseDetailSchema) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        void reply.header('Cache-Control', 'private, no-store');
        return ok(await views.detail(await owned(request.params.id, user.id)));
      },
    );

    app.patch(
      '/api/v8/me/courses/:id',
      {
        schema: {
          tags,
          summary: '暂停（发热、怀孕、月经期等）、继续、结束疗程，或改提醒时间和方式',
          params: CourseParamsSchema,
          body: CoursePatchSchema,
          security: bearerSecurity,
          // 409: the course has ended.
          errors: [409],
          response: { 200: envelope(CourseDetailSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const c = await owned(request.params.id, user.id);
        const patch = request.body;
        const current = await views.detail(c);
        if (current.status === 'ended') throw conflict('这个疗程已结束，如需继续请新建疗程');
        if (patch.channel) await assertChannel(ctx, user.id, patch.channel);
        const updated = await ctx.courses.update(c, { ...patch, ...(patch.time ? { minute: parseTimeOfDay(patch.time)! } : {}) });
        return ok(await views.detail(updated));
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdvisorParamsSchema,
  AdvisorProfileFieldsSchema,
  AdvisorProfileSchema,
  ConsoleAdvisorQuerySchema,
  ConsoleAdvisorSchema,
  DutySchema,
  ProfileRejectSchema,
} from '@moxa/core/advisors/advisor-profile-contract';
import { envelope } from '@moxa/core/http/envelope';
import { hasRole, type Role } from '@moxa/core/login/roles';
import type { FastifyRequest } from 'fastify';
import { advisorProfiles } from '../advisors/advisor-profiles.ts';
import { consoleServices } from '../console/console-services.ts';
import { forbidden } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireRole } from '../lib/context.ts';

/** Who decides on submitted profiles (issue #30): the console's reviewers (issue #29); admins pass every check. */
const PROFILE_REVIEWERS: Role[] = ['reviewer'];
const tags = ['admin'];
const consoleTags = ['console'];

/**
 * Issue #30, advisor profiles (docs/decisions/043). The advisor's own profile in the H5 (their submission
 * goes to review; 在岗 is set at once), and the console's list where a reviewer — never the advisor, never
 * whoever submitted it — approves or sends back a submission, and an admin edits any profile (through
 * review too) or sets anyone's duty. Answers carry names and titles only, never a phone number.
 */
export const advisorProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const profiles = advisorProfiles({ repo: ctx.advisorProfiles, audit: ctx.audit });
  const desk = consoleServices(ctx, app.log);
  // Issue #29's console session rules (SMS login < 12 h old, used within 30 min) for the console's
  // routes, checked as the request arrives, before any body is read.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/v8/console/')) await desk.access(request);
  });
  /** The staff member at the console, holding one of `roles` (admin passes). */
  const staff = async (request: FastifyRequest, ...roles: Role[]) => {
    const user = await desk.access(request);
    if (!hasRole(user.roles, roles)) throw forbidden();
    return user;
  };
  const noStore = { config: { noStore: true } };

  app.get(
    '/api/v8/advisor/profile',
    {
      ...noStore,
      schema: {
        tags,
        summary: '顾问：我的顾问资料（已通过的、待审核的、是否在岗）',
        security: bearerSecurity,
        errors: [403],
        response: { 200: envelope(AdvisorProfileSchema) },
      },
    },
    async (request) => {
      const advisor = await requireRole(ctx, request, 'advisor');
      return ok(await profiles.own(advisor.id));
    },
  );

  app.put(
    '/api/v8/advisor/profile',
    {
      ...noStore,
      schema: {
        tags,
        summary: '顾问：提交顾问资料（名称、头衔、简介、照片），审核通过后用户才能看到',
        security: bearerSecurity,
        body: AdvisorProfileFieldsSchema,
        errors: [403, 404],
        response: { 200: envelope(AdvisorProfileSchema) },
      },
    },
    async (request) => {
      const advisor = await requireRole(ctx, request, 'advisor');
      return ok(await profiles.submit(advisor, advisor.id, request.body));
    },
  );

  app.put(
    '/api/v8/advisor/profile/duty',
    {
      ...noStore,
      schema: {
        tags,
        summary: '顾问：设置是否在岗（在岗的顾问收到新咨询提醒；无人在岗时提醒全部顾问）',
        security: bearerSecurity,
        body: DutySchema,
        errors: [403, 404],
        response: { 200: envelope(AdvisorProfileSchema) },
      },
    },
    async (request) => {
      const advisor = await requireRole(ctx, request, 'advisor');
      return ok(await profiles.setDuty(advisor, advisor.id, request.body.onDuty));
    },
  );

  app.get(
    '/api/v8/console/advisors',
    {
      ...noStore,
      schema: {
        tags: consoleTags,
        summary: '后台：顾问资料列表（待审核的在前；可按状态筛选）',
        security: bearerSecurity,
        querystring: ConsoleAdvisorQuerySchema,
        errors: [403],
        response: { 200: envelope(z.array(ConsoleAdvisorSchema)) },
      },
    },
    async (request) => {
      await staff(request, ...PROFILE_REVIEWERS);
      return ok(await profiles.list(request.query.status));
    },
  );

  app.put(
    '/api/v8/console/advisors/:id/profile',
    {
      ...noStore,
      schema: {
        tags: consoleTags,
        summary: '后台（管理员）：修改某位顾问的资料，同样须另一位审核员通过',
        security: bearerSecurity,
        params: AdvisorParamsSchema,
        body: AdvisorProfileFieldsSchema,
        errors: [403, 404],
        response: { 200: envelope(AdvisorProfileSchema) },
      },
    },
    async (request) => {
      const admin = await staff(request, 'admin');
      return ok(await profiles.submit(admin, request.params.id, request.body));
    },
  );

  app.post(
    '/api/v8/console/advisors/:id/approve',
    {
      ...noStore,
      schema: {
        tags: consoleTags,
        summary: '后台：通过顾问资料（不能审核自己的或自己提交的）',
        security: bearerSecurity,
        params: AdvisorParamsSchema,
        errors: [403, 404, 409],
        response: { 200: envelope(ConsoleAdvisorSchema) },
      },
    },
    async (request) => {
      const reviewer = await staff(request, ...PROFILE_REVIEWERS);
      return ok(await profiles.approve(reviewer, request.params.id));
    },
  );

  app.post(
    '/api/v8/console/advisors/:id/reject',
    {
      ...noStore,
      schema: {
        tags: consoleTags,
        summary: '后台：退回顾问资料（写明原因）',
        security: bearerSecurity,
        params: AdvisorParamsSchema,
        body: ProfileRejectSchema,
        errors: [403, 404, 409],
        response: { 200: envelope(ConsoleAdvisorSchema) },
      },
    },
    async (request) => {
      const reviewer = await staff(request, ...PROFILE_REVIEWERS);
      return ok(await profiles.reject(reviewer, request.params.id, request.body.comment));
    },
  );

  app.put(
    '/api/v8/console/advisors/:id/duty',
    {
      ...noStore,
      schema: {
        tags: consoleTags,
        summary: '后台（管理员）：设置某位顾问是否在岗',
        security: bearerSecurity,
        params: AdvisorParamsSchema,
        body: DutySchema,
        errors: [403, 404],
        response: { 200: envelope(AdvisorProfileSchema) },
      },
    },
    async (request) => {
      const admin = await staff(request, 'admin');
      return ok(await profiles.setDuty(admin, request.params.id, request.body.onDuty));
    },
  );
};

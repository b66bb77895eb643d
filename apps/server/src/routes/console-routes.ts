import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddStaffSchema,
  ApproveSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  CheckRequestSchema,
  CheckResultSchema,
  ConsoleItemSchema,
  ConsoleItemSummarySchema,
  ConsoleKindSchema,
  ConsoleMeSchema,
  CreateRevisionSchema,
  ItemParams,
  KindParams,
  PreviewSchema,
  RejectSchema,
  RevisionListQuerySchema,
  RevisionParams,
  RevisionSchema,
  StaffParams,
  StaffRolesSchema,
  StaffSchema,
  UpdateRevisionSchema,
  VersionParams,
  VersionSchema,
  VersionSourceSchema,
} from '@moxa/core/console/console-contract';
import { envelope } from '@moxa/core/http/envelope';
import { hasRole, type Role } from '@moxa/core/login/roles';
import { auditCsv } from '../console/audit-csv.ts';
import { consoleServices } from '../console/console-services.ts';
import { forbidden } from '../lib/app-error.ts';
import { bearerSecurity, ok } from '../lib/context.ts';

const P = '/api/v8/console';
const tags = ['console'];
/** An item's source may be a long Markdown page (the contract allows 200 000 characters): more than the app's 64 KB. */
const SOURCE_BODY_LIMIT = 1024 * 1024;

/**
 * The operator console's API (issue #29, docs/decisions/040): every route needs a staff role and a
 * console session (SMS login < 12 h old, used within 30 min), checked as the request arrives. Editors
 * write drafts, reviewers approve or reject them (never their own), admins run staff and roles and pass
 * every check. The logic lives in console/workflow.ts.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const services = consoleServices(ctx, app.log);
  const { workflow } = services;
  app.addHook('onClose', async () => services.stop());
  // Issue #29: the console's own session rules, before any body is read (as authenticateFirst).
  app.addHook('onRequest', async (request) => {
    await services.access(request);
  });
  /** The staff member, holding one of `roles` (admin passes). */
  const staff = async (request: FastifyRequest, ...roles: Role[]) => {
    const user = await services.access(request);
    if (!hasRole(user.roles, roles)) throw forbidden();
    return { ...user, id: user.id };
  };
  const schemaOf = (summary: string, errors: (400 | 403 | 404 | 409)[]) => ({ tags, summary, security: bearerSecurity, errors });

  app.get(
    `${P}/me`,
    { schema: { ...schemaOf('后台：当前工作人员与登录有效期', [403]), response: { 200: envelope(ConsoleMeSchema) } } },
    async (request) => {
      const user = await services.access(request);
      return ok(await workflow.consoleMe(user, user.roles, user.smsLoginAt));
    },
  );

  app.get(
    `${P}/kinds`,
    { schema: { ...schemaOf('后台：可编辑的内容类型', [403]), response: { 200: envelope(z.array(ConsoleKindSchema)) } } },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok(await workflow.kinds());
    },
  );

  app.get(
    `${P}/kinds/:kind/items`,
    {
      schema: {
        ...schemaOf('后台：某类内容的条目（含未完成的修改）', [403]),
        params: KindParams,
        response: { 200: envelope(z.array(ConsoleItemSummarySchema)) },
      },
    },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok(await workflow.items(request.params.kind));
    },
  );

  app.get(
    `${P}/kinds/:kind/items/:id`,
    {
      schema: {
        ...schemaOf('后台：一条内容的已发布源文件与表单结构', [403]),
        params: ItemParams,
        response: { 200: envelope(ConsoleItemSchema) },
      },
    },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok(await workflow.item(request.params.kind, request.params.id));
    },
  );

  app.get(
    `${P}/kinds/:kind/items/:id/versions`,
    {
      schema: {
        ...schemaOf('后台：一条内容的所有发布版本（新的在前）', [403]),
        params: ItemParams,
        response: { 200: envelope(z.array(VersionSchema)) },
      },
    },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok(await workflow.versions(request.params.kind, request.params.id));
    },
  );

  app.get(
    `${P}/kinds/:kind/items/:id/versions/:version`,
    {
      schema: {
        ...schemaOf('后台：某个发布版本的源文件（用于对比）', [403]),
        params: VersionParams,
        response: { 200: envelope(VersionSourceSchema) },
      },
    },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      const { kind, id, version } = request.params;
      return ok(await workflow.version(kind, id, version));
    },
  );

  app.post(
    `${P}/kinds/:kind/items/:id/versions/:version/rollback`,
    {
      schema: {
        ...schemaOf('后台：回滚——以旧版本新建一份草稿（仍需审核）', [403, 409]),
        params: VersionParams,
        response: { 200: envelope(RevisionSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'editor');
      const { kind, id, version } = request.params;
      return ok(await workflow.rollback(user, kind, id, version));
    },
  );

  app.post(
    `${P}/check`,
    {
      bodyLimit: SOURCE_BODY_LIMIT,
      schema: {
        ...schemaOf('后台：自动检查（不保存）', [403, 404]),
        body: CheckRequestSchema,
        response: { 200: envelope(CheckResultSchema) },
      },
    },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok({ findings: await workflow.check(request.body) });
    },
  );

  app.get(
    `${P}/revisions`,
    {
      schema: {
        ...schemaOf('后台：修改记录（可按状态、类型、条目、我的筛选）', [403]),
        querystring: RevisionListQuerySchema,
        response: { 200: envelope(z.array(RevisionSchema)) },
      },
    },
    async (request) => {
      const user = await staff(request, 'editor', 'reviewer');
      return ok(await workflow.revisions(user, request.query));
    },
  );

  app.post(
    `${P}/revisions`,
    {
      bodyLimit: SOURCE_BODY_LIMIT,
      schema: {
        ...schemaOf('后台：新建草稿（修改一条内容或新增一条）', [403, 404, 409]),
        body: CreateRevisionSchema,
        response: { 200: envelope(RevisionSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'editor');
      return ok(await workflow.createDraft(user, request.body));
    },
  );

  app.get(
    `${P}/revisions/:id`,
    { schema: { ...schemaOf('后台：一份修改', [403]), params: RevisionParams, response: { 200: envelope(RevisionSchema) } } },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok(await workflow.revision(request.params.id));
    },
  );

  app.put(
    `${P}/revisions/:id`,
    {
      bodyLimit: SOURCE_BODY_LIMIT,
      schema: {
        ...schemaOf('后台：保存草稿（仅作者）', [403, 409]),
        params: RevisionParams,
        body: UpdateRevisionSchema,
        response: { 200: envelope(RevisionSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'editor');
      return ok(await workflow.updateDraft(user, request.params.id, request.body.source));
    },
  );

  const action = (
    path: string,
    summary: string,
    roles: Role[],
    run: (user: { id: string; roles: Role[] }, id: string) => Promise<unknown>,
  ) =>
    app.post(
      `${P}/revisions/:id/${path}`,
      { schema: { ...schemaOf(summary, [403, 409]), params: RevisionParams, response: { 200: envelope(RevisionSchema) } } },
      async (request) => {
        const user = await staff(request, ...roles);
        return ok((await run(user, request.params.id)) as z.infer<typeof RevisionSchema>);
      },
    );
  action('submit', '后台：提交审核（有必须修改的问题时不能提交）', ['editor'], (user, id) => workflow.submit(user, id));
  action('withdraw', '后台：撤回修改（作者或管理员）', ['editor', 'reviewer'], (user, id) => workflow.withdraw(user, id));

  app.post(
    `${P}/revisions/:id/approve`,
    {
      schema: {
        ...schemaOf('后台：审核通过，立即发布或定时发布（不能审核自己的）', [403, 409]),
        params: RevisionParams,
        body: ApproveSchema,
        response: { 200: envelope(RevisionSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'reviewer');
      const { revision, schedule } = await workflow.approve(user, request.params.id, request.body.publishAt);
      if (schedule !== null) await services.schedule(revision.id, schedule);
      return ok(revision);
    },
  );

  app.post(
    `${P}/revisions/:id/reject`,
    {
      schema: {
        ...schemaOf('后台：退回修改（须写明原因）', [403, 409]),
        params: RevisionParams,
        body: RejectSchema,
        response: { 200: envelope(RevisionSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'reviewer');
      return ok(await workflow.reject(user, request.params.id, request.body.comment));
    },
  );

  app.post(
    `${P}/revisions/:id/preview`,
    {
      schema: {
        ...schemaOf('后台：预览草稿（H5 带上令牌即按草稿显示）', [403]),
        params: RevisionParams,
        response: { 200: envelope(PreviewSchema) },
      },
    },
    async (request) => {
      await staff(request, 'editor', 'reviewer');
      return ok(await workflow.preview(request.params.id));
    },
  );

  app.get(
    `${P}/audit`,
    {
      schema: {
        ...schemaOf('后台：操作记录（可按人、操作、对象、时间筛选）', [403]),
        querystring: AuditQuerySchema,
        response: { 200: envelope(z.array(AuditEntrySchema)) },
      },
    },
    async (request) => {
      await staff(request, 'reviewer');
      return ok(await workflow.audit(request.query));
    },
  );

  app.get(
    `${P}/audit.csv`,
    {
      schema: {
        ...schemaOf('后台：导出操作记录（CSV，Excel 可直接打开）', [403]),
        description: 'text/csv; charset=utf-8 with a BOM; the same filters as /audit, up to 10 000 rows.',
        querystring: AuditQuerySchema.omit({ limit: true }),
      },
    },
    async (request, reply) => {
      await staff(request, 'reviewer');
      const entries = await workflow.audit({ ...request.query, limit: 10_000 });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit.csv"')
        .send(auditCsv(entries));
    },
  );

  app.get(
    `${P}/staff`,
    { schema: { ...schemaOf('后台：工作人员（管理员）', [403]), response: { 200: envelope(z.array(StaffSchema)) } } },
    async (request) => {
      await staff(request, 'admin');
      return ok(await workflow.staff());
    },
  );

  app.put(
    `${P}/staff/:id/roles`,
    {
      schema: {
        ...schemaOf('后台：设置某人的角色（管理员；不能取消自己的管理员角色）', [403]),
        params: StaffParams,
        body: StaffRolesSchema,
        response: { 200: envelope(StaffSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'admin');
      return ok(await workflow.setRoles(user, request.params.id, request.body.roles));
    },
  );

  app.post(
    `${P}/staff`,
    {
      schema: {
        ...schemaOf('后台：按手机号添加工作人员（管理员）', [403]),
        body: AddStaffSchema,
        response: { 200: envelope(StaffSchema) },
      },
    },
    async (request) => {
      const user = await staff(request, 'admin');
      return ok(await workflow.addStaff(user, request.body.mobile, request.body.roles));
    },
  );
};

import { z } from 'zod';
import { RoleSchema } from '../login/login-contract.ts';

/**
 * The operator console's API (issue #29), shared by the server (apps/server/src/console/) and the
 * console app (apps/console/). Every path is under /api/v8/console/ and needs a staff role; see
 * the README's 运营后台 section and docs/decisions/040-editorial-workflow.md for the workflow. Dates are epoch milliseconds.
 */

/** How long an SMS login stays good for the console, and how long it may sit idle (issue #29 "Who and how"). */
export const CONSOLE_FRESH_LOGIN_MS = 12 * 60 * 60 * 1000;
export const CONSOLE_IDLE_MS = 30 * 60 * 1000;

/** GET /api/v8/console/me: who is signed in, and until when the console accepts this login. */
export const ConsoleMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(RoleSchema),
  /** When the SMS login turns 12 hours old: after it, a fresh code is needed. */
  freshUntil: z.number(),
  idleTimeoutMs: z.number(),
});
export type ConsoleMe = z.infer<typeof ConsoleMeSchema>;

/**
 * An item's editable source, in the form its seed file holds it (content/ keeps the same format, so
 * `npm run content -- export` writes it back): a Markdown file's front matter and body, or a JSON
 * item (a file of its own, or one element of a JSON list file).
 */
export const ItemSourceSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('markdown'), fields: z.record(z.string(), z.unknown()), body: z.string().max(200_000) }),
  z.object({ format: z.literal('json'), value: z.record(z.string(), z.unknown()) }),
]);
export type ItemSource = z.infer<typeof ItemSourceSchema>;

/**
 * One finding of the automated checks (the same rules the content tests run, one implementation in
 * core): `field` is a dot path into the source (`price`, `prescriptions.0.points`; `body` for the
 * Markdown body; '' for the item as a whole). A blocking finding stops the submit.
 */
export const FindingSchema = z.object({
  rule: z.string(),
  field: z.string(),
  message: z.string(),
  blocking: z.boolean(),
});
export type Finding = z.infer<typeof FindingSchema>;

export const KIND_NAME = /^[a-z][a-z0-9-]{0,39}$/;
export const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const KindParams = z.object({ kind: z.string().regex(KIND_NAME, { error: '内容类型不正确' }) });
export const ItemParams = KindParams.extend({ id: z.string().regex(ITEM_ID, { error: '内容编号不正确' }) });

/** GET /api/v8/console/kinds: every content kind staff can edit. */
export const ConsoleKindSchema = z.object({
  kind: z.string(),
  label: z.string(),
  count: z.number().int().nonnegative(),
  /** False for kinds whose items cannot be edited one by one yet (the reason in `note`). */
  editable: z.boolean(),
  /** Whether new items can be added (Markdown folders and JSON lists). */
  creatable: z.boolean(),
  note: z.string().nullable(),
});
export type ConsoleKind = z.infer<typeof ConsoleKindSchema>;

export const REVISION_STATES = ['draft', 'in_review', 'approved', 'published', 'rejected', 'withdrawn'] as const;
export const RevisionStateSchema = z.enum(REVISION_STATES);
export type RevisionState = z.infer<typeof RevisionStateSchema>;
export const REVISION_STATE_NAMES: Record<RevisionState, string> = {
  draft: '草稿',
  in_review: '待审核',
  approved: '已通过（待发布）',
  published: '已发布',
  rejected: '已退回',
  withdrawn: '已撤回',
};

const Person = z.object({ id: z.string(), name: z.string() });

/** GET /api/v8/console/kinds/:kind/items: the items of a kind, with any open revision. */
export const ConsoleItemSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The published version number; 0 while the item is still as the seed imported it. */
  version: z.number().int().nonnegative(),
  open: z.object({ revisionId: z.string(), state: RevisionStateSchema }).nullable(),
});
export type ConsoleItemSummary = z.infer<typeof ConsoleItemSummarySchema>;

/** GET /api/v8/console/kinds/:kind/items/:id: the published source and the form's JSON schema. */
export const ConsoleItemSchema = z.object({
  kind: z.string(),
  id: z.string(),
  title: z.string(),
  version: z.number().int().nonnegative(),
  source: ItemSourceSchema,
  /** JSON Schema of `fields` (Markdown) or `value` (JSON), generated from the kind's zod schema; null: edit as JSON. */
  schema: z.record(z.string(), z.unknown()).nullable(),
  /** H5 paths that show this item, for the preview. */
  paths: z.array(z.string()),
});
export type ConsoleItem = z.infer<typeof ConsoleItemSchema>;

export const RevisionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  itemId: z.string(),
  title: z.string(),
  state: RevisionStateSchema,
  /** True when the revision adds a new item. */
  isNew: z.boolean(),
  source: ItemSourceSchema,
  findings: z.array(FindingSchema),
  /** The published version this draft started from (null for a new item); a rollback names the old version. */
  basedOn: z.number().int().nullable(),
  rollbackOf: z.number().int().nullable(),
  author: Person,
  reviewer: Person.nullable(),
  comment: z.string().nullable(),
  publishAt: z.number().nullable(),
  publishedAt: z.number().nullable(),
  /** The version number it became when published. */
  version: z.number().int().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  submittedAt: z.number().nullable(),
});
export type Revision = z.infer<typeof RevisionSchema>;

/** POST /api/v8/console/revisions: a new draft of an item (or a new item, with `isNew`). */
export const CreateRevisionSchema = z.object({
  kind: z.string().regex(KIND_NAME, { error: '内容类型不正确' }),
  itemId: z.string().regex(ITEM_ID, { error: '内容编号只能用字母、数字、-、_ 和 .' }),
  isNew: z.boolean().default(false),
  source: ItemSourceSchema,
});
/** PUT /api/v8/console/revisions/:id: the author saves the draft again. */
export const UpdateRevisionSchema = z.object({ source: ItemSourceSchema });
/** POST /api/v8/console/check: the checks on a source without saving it. */
export const CheckRequestSchema = CreateRevisionSchema;
export const CheckResultSchema = z.object({ findings: z.array(FindingSchema) });
/** POST /api/v8/console/revisions/:id/approve (reviewer, never the author): now, or at `publishAt`. */
export const ApproveSchema = z.object({ publishAt: z.number().int().nullable().default(null) });
/** POST /api/v8/console/revisions/:id/reject: back to the author as a draft, with a comment. */
export const RejectSchema = z.object({ comment: z.string().trim().min(1, { error: '请写明退回原因' }).max(500) });
export const RevisionListQuerySchema = z.object({
  state: RevisionStateSchema.optional(),
  kind: z.string().regex(KIND_NAME).optional(),
  itemId: z.string().regex(ITEM_ID).optional(),
  /** `true`: only the caller's own revisions ("false" means all: a string flag, not coerced). */
  mine: z.stringbool().optional(),
});

/** GET /api/v8/console/kinds/:kind/items/:id/versions: every published version, newest first. */
export const VersionSchema = z.object({
  version: z.number().int().nonnegative(),
  revisionId: z.string().nullable(),
  publishedAt: z.number(),
  author: Person.nullable(),
  reviewer: Person.nullable(),
  rollbackOf: z.number().int().nullable(),
});
export type Version = z.infer<typeof VersionSchema>;
/** GET …/versions/:version: that version's source (for a diff). */
export const VersionSourceSchema = VersionSchema.extend({ source: ItemSourceSchema });
export const VersionParams = ItemParams.extend({ version: z.coerce.number().int().nonnegative().max(1_000_000) });
/** POST …/versions/:version/rollback: a new draft holding that version, reviewed like any other (issue #29). */
export const RevisionParams = z.object({ id: z.string().regex(/^rev[a-z]{20}$/, { error: '修改记录编号不正确' }) });
export const StaffParams = z.object({ id: z.uuid({ error: '用户编号不正确' }) });

/** POST /api/v8/console/revisions/:id/preview: a short-lived token the H5 sends as X-Moxa-Preview. */
export const PreviewSchema = z.object({ token: z.string(), expiresAt: z.number(), paths: z.array(z.string()) });
export const PREVIEW_HEADER = 'x-moxa-preview';
export const PREVIEW_QUERY = 'preview';

/** GET /api/v8/console/audit (and audit.csv): the trail, filtered, newest first. */
export const AuditQuerySchema = z.object({
  actor: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  subject: z.string().max(200).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  before: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  actor: Person.nullable(),
  action: z.string(),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/v8/console/staff (admin): everyone with a staff role; numbers masked. */
export const StaffSchema = z.object({ id: z.string(), name: z.string(), mobile: z.string(), roles: z.array(RoleSchema) });
export type Staff = z.infer<typeof StaffSchema>;
/** PUT /api/v8/console/staff/:id/roles, POST /api/v8/console/staff { mobile, roles } (admin). */
export const StaffRolesSchema = z.object({ roles: z.array(RoleSchema).max(5) });
export const AddStaffSchema = StaffRolesSchema.extend({ mobile: z.string().min(5).max(20) });

import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  CONSOLE_FRESH_LOGIN_MS,
  CONSOLE_IDLE_MS,
  type AuditEntry,
  type ConsoleItem,
  type ConsoleItemSummary,
  type ConsoleKind,
  type ConsoleMe,
  type Finding,
  type ItemSource,
  type Revision,
  type RevisionState,
  type Staff,
  type Version,
} from '@moxa/core/console/console-contract';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { GRANTABLE_ROLES, type GrantableRole, type Role } from '@moxa/core/login/roles';
import type { AuditRepository } from '../audit/audit-repository.ts';
import { ContentError } from '../content/content-kind.ts';
import { AppError, badInput, conflict, forbidden, notFound } from '../lib/app-error.ts';
import { parseMobile } from '../login/phone-number.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { CompiledContent, ConsoleKindInfo, ContentBackend, ContentFinding, SourceTree } from './content-backend.ts';
import { OPEN_STATES, type ConsoleRepository, type RevisionRecord, type VersionRecord } from './console-repository.ts';

/** How long one instance's claim on a publish holds before another may take it over (it died). */
export const PUBLISH_LEASE_MS = 5 * 60 * 1000;
/** How many checked trees are kept (each holds a compiled content tree). */
const CHECKED_KEPT = 3;
/** A schedule may lie at most this far ahead. */
const MAX_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000;
/** A publish time this little in the past still counts as "now" (the reviewer's clock, the request's trip). */
const PAST_TOLERANCE_MS = 60 * 1000;

type Actor = { id: string; roles: readonly Role[] };
type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Revision ids: lower-case letters only, so the audit trail's detail may name them (no digit runs). */
function newRevisionId(): string {
  let id = 'rev';
  for (let i = 0; i < 20; i++) id += String.fromCharCode(97 + randomInt(26));
  return id;
}

const subjectOf = (kind: string, itemId: string) => `content:${kind}/${itemId}`;
const findingKey = (f: ContentFinding) => `${f.rule}\u0000${f.file}\u0000${f.itemId ?? ''}\u0000${f.field}\u0000${f.message}`;
const treeKey = (tree: SourceTree) => {
  const h = createHash('sha256');
  for (const [path, text] of [...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    h.update(path).update('\u0000').update(text).update('\u0000');
  return h.digest('hex');
};
const sourceHash = (source: ItemSource) => createHash('sha256').update(JSON.stringify(source)).digest('hex');
const changedFiles = (before: SourceTree, after: SourceTree) =>
  new Set([...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path));

/** A title from the draft's own fields when it has one (a new item has no published title yet). */
function titleFromSource(source: ItemSource, fallback: string): string {
  const fields = source.format === 'markdown' ? source.fields : source.value;
  for (const key of ['name', 'title', 'term', 'question']) {
    const v = fields[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  }
  return fallback;
}

/**
 * The editorial workflow of the console (issue #29, docs/decisions/040): drafts are checked by the
 * same rules the content tests run, submitted, approved by a reviewer who is not the author, and
 * published now or at a scheduled time — exactly once, whichever instance runs the job — as a new
 * version of the item; every version is kept, a rollback is a new draft of an old version, and every
 * step is in the audit trail.
 */
export function consoleWorkflow(deps: {
  repo: ConsoleRepository;
  audit: AuditRepository;
  users: UserRepository;
  clock: () => number;
  backend: () => ContentBackend;
  log: Log;
}) {
  const { repo, audit, users, clock, log } = deps;
  let cache: { key: string; tree: SourceTree; compiled: CompiledContent; findings: Set<string> | null } | null = null;
  /** The last few checked trees (by the published tree and the draft's), oldest first. */
  const checked = new Map<string, { findings: Finding[]; tree: SourceTree; compiled: CompiledContent | null }>();

  /** The published tree and its compilation, compiled again only when the tree changed. */
  async function published() {
    const backend = deps.backend();
    const tree = await backend.publishedTree();
    const key = treeKey(tree);
    if (cache?.key !== key) cache = { key, tree, compiled: backend.compile(tree), findings: null };
    return cache;
  }
  async function publishedFindings(): Promise<Set<string>> {
    const pub = await published();
    pub.findings ??= new Set(deps.backend().check(pub.tree).map(findingKey));
    return pub.findings;
  }

  function kindInfo(kind: string): ConsoleKindInfo {
    const info = deps
      .backend()
      .kinds()
      .find((k) => k.kind === kind);
    if (!info) throw notFound('没有这种内容类型');
    return info;
  }
  function editableKind(kind: string) {
    const info = kindInfo(kind);
    if (!info.edit) throw badInput('这类内容暂不能在后台逐条编辑');
    return { ...info, edit: info.edit };
  }
  const itemOf = (compiled: CompiledContent, kind: string, id: string) => compiled.get(kind)?.find((it) => it.id === id) ?? null;

  /**
   * The automated checks on the tree with this source in it (issue #29): findings about the item, and
   * any new finding elsewhere it causes (a link it broke); a tree that no longer loads is one blocking
   * finding with the loader's reason.
   */
  async function check(kind: string, id: string, source: ItemSource, isNew: boolean) {
    const backend = deps.backend();
    const pub = await published();
    let tree: SourceTree;
    try {
      tree = backend.withItem(pub.tree, pub.compiled, kind, id, source, isNew);
    } catch (err) {
      if (err instanceof ContentError || err instanceof TypeError || err instanceof SyntaxError)
        throw badInput(`内容格式不正确：${err.message}`);
      throw err;
    }
    // Compiling the whole tree takes seconds: a tree checked a moment ago (save, then submit, then
    // approve "now") is not compiled again.
    const key = `${pub.key}:${treeKey(tree)}`;
    const known = checked.get(key);
    if (known) return known;
    const findings: Finding[] = [];
    let compiled: CompiledContent | null = null;
    try {
      compiled = backend.compile(tree);
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      findings.push({ rule: 'content-load', field: '', message: `内容无法读取：${err.message}`, blocking: true });
    }
    const files = changedFiles(pub.tree, tree);
    const before = await publishedFindings();
    for (const f of backend.check(tree)) {
      const mine = files.has(f.file) && (f.itemId === id || f.itemId === null);
      if (mine || !before.has(findingKey(f))) findings.push({ rule: f.rule, field: f.field, message: f.message, blocking: f.blocking });
    }
    const result = { findings, tree, compiled };
    checked.set(key, result);
    while (checked.size > CHECKED_KEPT) checked.delete(checked.keys().next().value!);
    return result;
  }

  async function person(id: string | null, names?: Map<string, string>) {
    if (id === null) return null;
    const name = (names ?? (await repo.names([id]))).get(id) ?? '已注销用户';
    return { id, name };
  }
  async function toRevisions(records: RevisionRecord[]): Promise<Revision[]> {
    const names = await repo.names(records.flatMap((r) => (r.reviewerId ? [r.authorId, r.reviewerId] : [r.authorId])));
    return Promise.all(
      records.map(async (r) => ({
        id: r.id,
        kind: r.kind,
        itemId: r.itemId,
        title: r.title,
        state: r.state,
        isNew: r.isNew,
        source: r.source,
        findings: r.findings,
        basedOn: r.basedOn,
        rollbackOf: r.rollbackOf,
        author: (await person(r.authorId, names))!,
        reviewer: await person(r.reviewerId, names),
        comment: r.comment,
        publishAt: r.publishAt,
        publishedAt: r.publishedAt,
        version: r.version,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        submittedAt: r.submittedAt,
      })),
    );
  }
  const toRevision = async (r: RevisionRecord) => (await toRevisions([r]))[0]!;

  async function revisionOrThrow(id: string): Promise<RevisionRecord> {
    const r = await repo.revision(id);
    if (!r) throw notFound('没有这条修改记录');
    return r;
  }
  function requireAuthor(r: RevisionRecord, actor: Actor) {
    if (r.authorId !== actor.id) throw forbidden('只有提交这份草稿的编辑可以修改或提交它');
  }
  const transitionLost = () => conflict('这条修改的状态刚刚变了，请刷新后再试');

  /** The published version an item is at: its latest kept version, 0 while it is as the seed imported it. */
  async function currentVersion(kind: string, id: string): Promise<number> {
    return (await repo.latestVersion(kind, id)) ?? 0;
  }

  /** Refuses a revision whose item was published again since the draft started (issue #29: no silent overwrite). */
  async function assertNotStale(r: RevisionRecord) {
    if (r.isNew) {
      const pub = await published();
      if (itemOf(pub.compiled, r.kind, r.itemId)) throw conflict('这个编号的内容已经存在，请换一个编号');
      return;
    }
    const pub = await published();
    const now = deps.backend().itemSource(pub.tree, pub.compiled, r.kind, r.itemId);
    if ((await currentVersion(r.kind, r.itemId)) !== r.basedOn || !now || (r.baseHash !== null && sourceHash(now.source) !== r.baseHash))
      throw conflict('这条内容在您修改期间已发布了新版本，请撤回这份草稿，在最新版本上重新修改');
  }

  function sourceHashOf(pub: { tree: SourceTree; compiled: CompiledContent }, kind: string, id: string): string | null {
    const found = deps.backend().itemSource(pub.tree, pub.compiled, kind, id);
    return found ? sourceHash(found.source) : null;
  }

  /** Whether the published item already reads as the revision's source (its content was written, its record not). */
  async function alreadyApplied(r: RevisionRecord): Promise<boolean> {
    const pub = await published();
    if (!itemOf(pub.compiled, r.kind, r.itemId) || (!r.isNew && (await currentVersion(r.kind, r.itemId)) !== r.basedOn)) return false;
    if (!r.isNew && r.baseHash !== null && sourceHashOf(pub, r.kind, r.itemId) === r.baseHash) return false;
    try {
      return changedFiles(pub.tree, deps.backend().withItem(pub.tree, pub.compiled, r.kind, r.itemId, r.source, false)).size === 0;
    } catch {
      return false;
    }
  }

  /** Keeps the seed's state as version 0 on an item's first edit, so a rollback can return to it. */
  async function keepSeedVersion(kind: string, id: string) {
    if ((await repo.latestVersion(kind, id)) !== null) return;
    const pub = await published();
    const found = deps.backend().itemSource(pub.tree, pub.compiled, kind, id);
    if (!found) return;
    await repo.insertVersion(kind, id, {
      version: 0,
      source: found.source,
      revisionId: null,
      authorId: null,
      reviewerId: null,
      rollbackOf: null,
      publishedAt: clock(),
    });
  }

  async function newRevision(
    actor: Actor,
    input: { kind: string; itemId: string; isNew: boolean; source: ItemSource; rollbackOf: number | null },
  ): Promise<Revision> {
    const info = editableKind(input.kind);
    const pub = await published();
    const existing = itemOf(pub.compiled, input.kind, input.itemId);
    if (input.isNew) {
      if (!info.edit.creatable) throw badInput('这类内容不能新增');
      if (existing) throw conflict('这个编号的内容已经存在，请换一个编号');
    } else if (!existing) throw notFound('没有这条内容');
    const open = await repo.openRevision(input.kind, input.itemId);
    if (open) throw conflict('这条内容已有一份未完成的修改，请在修改记录里继续或撤回它');
    const { findings } = await check(input.kind, input.itemId, input.source, input.isNew);
    if (!input.isNew) await keepSeedVersion(input.kind, input.itemId);
    const now = clock();
    const record: RevisionRecord = {
      id: newRevisionId(),
      kind: input.kind,
      itemId: input.itemId,
      title: titleFromSource(input.source, existing ? info.title(existing) : input.itemId),
      state: 'draft',
      isNew: input.isNew,
      source: input.source,
      findings,
      basedOn: input.isNew ? null : await currentVersion(input.kind, input.itemId),
      baseHash: existing ? sourceHashOf(pub, input.kind, input.itemId) : null,
      rollbackOf: input.rollbackOf,
      authorId: actor.id,
      reviewerId: null,
      comment: null,
      publishAt: null,
      publishedAt: null,
      version: null,
      createdAt: now,
      updatedAt: now,
      submittedAt: null,
      claimedAt: null,
    };
    try {
      await repo.insertRevision(record);
    } catch (err) {
      // Another request opened a revision of the item between the look above and this insert.
      if (await repo.openRevision(input.kind, input.itemId)) throw conflict('这条内容已有一份未完成的修改，请在修改记录里继续或撤回它');
      throw err;
    }
    await audit.record({
      actorId: actor.id,
      action: input.rollbackOf === null ? 'content.create' : 'content.rollback',
      subject: subjectOf(input.kind, input.itemId),
      detail: {
        revision: record.id,
        isNew: input.isNew,
        basedOn: record.basedOn,
        ...(input.rollbackOf === null ? {} : { version: input.rollbackOf }),
      },
    });
    return toRevision(record);
  }

  /**
   * Publishes an approved revision that is due (the job, or "now" at approval). The claim makes it
   * happen once across instances; a revision gone stale or failing the checks meanwhile goes back to
   * its author as rejected, with the reason.
   */
  async function publish(id: string): Promise<'published' | 'not-due' | 'taken' | 'returned'> {
    const r = await repo.revision(id);
    if (!r || r.state !== 'approved') return 'taken';
    const now = clock();
    if (r.publishAt !== null && r.publishAt > now) return 'not-due';
    if (!(await repo.transition(id, ['approved'], { claimed_at: now }, now - PUBLISH_LEASE_MS))) return 'taken';
    const giveBack = async (reason: string, rule: string) => {
      await repo.transition(id, ['approved'], { state: 'rejected', comment: reason, claimed_at: null, updated_at: now });
      await audit.record({
        actorId: null,
        action: 'content.publish-refused',
        subject: subjectOf(r.kind, r.itemId),
        detail: { revision: id, rule },
      });
      log.warn({ revision: id, rule }, 'scheduled publish refused; returned to its author');
      return 'returned' as const;
    };
    try {
      const backend = deps.backend();
      // An earlier attempt that died after writing the content but before recording it: record it now.
      const applied = await alreadyApplied(r);
      let hash: string | null = null;
      if (!applied) {
        try {
          await assertNotStale(r);
        } catch {
          return await giveBack('发布前这条内容已有新版本，请在最新版本上重新修改后提交', 'stale');
        }
        const { findings, tree, compiled } = await check(r.kind, r.itemId, r.source, r.isNew);
        const blocking = findings.find((f) => f.blocking);
        if (blocking || !compiled)
          return await giveBack(`发布前检查未通过：${blocking?.message ?? '内容无法读取'}`, blocking?.rule ?? 'content-load');
        hash = await backend.publish(tree, compiled, now);
        cache = null;
      }
      const version = r.isNew ? 1 : (await currentVersion(r.kind, r.itemId)) + 1;
      await repo.insertVersion(r.kind, r.itemId, {
        version,
        source: r.source,
        revisionId: r.id,
        authorId: r.authorId,
        reviewerId: r.reviewerId,
        rollbackOf: r.rollbackOf,
        publishedAt: now,
      });
      await repo.transition(id, ['approved'], { state: 'published', published_at: now, version, claimed_at: null, updated_at: now });
      await audit.record({
        actorId: r.reviewerId,
        action: 'content.publish',
        subject: subjectOf(r.kind, r.itemId),
        detail: { revision: id, version, scheduled: r.publishAt !== null, ...(r.rollbackOf === null ? {} : { rollbackOf: r.rollbackOf }) },
      });
      log.info({ revision: id, kind: r.kind, item: r.itemId, version }, 'content published');
      // Already applied: announced then, or found by every instance's poll of the content hash.
      if (hash !== null) await backend.announce(hash);
      return 'published';
    } catch (err) {
      // Let the next attempt (the job's retry, the sweep) take it again.
      await repo.transition(id, ['approved'], { claimed_at: null });
      throw err;
    }
  }

  return {
    published,
    publish,

    /** Whether a session may use the console now (issue #29): 401 messages when not. */
    async consoleMe(user: { id: string; name: string }, roles: Role[], smsLoginAt: number): Promise<ConsoleMe> {
      return { id: user.id, name: user.name, roles, freshUntil: smsLoginAt + CONSOLE_FRESH_LOGIN_MS, idleTimeoutMs: CONSOLE_IDLE_MS };
    },

    async kinds(): Promise<ConsoleKind[]> {
      const pub = await published();
      return deps
        .backend()
        .kinds()
        .map((k) => ({
          kind: k.kind,
          label: k.label,
          count: pub.compiled.get(k.kind)?.length ?? 0,
          editable: k.edit !== null,
          creatable: k.edit?.creatable ?? false,
          note: k.note ?? (k.edit ? null : '这类内容暂不能在后台逐条编辑'),
        }));
    },

    async items(kind: string): Promise<ConsoleItemSummary[]> {
      const info = kindInfo(kind);
      const pub = await published();
      const [versions, open] = await Promise.all([repo.latestVersions(kind), repo.openRevisions(kind)]);
      return (pub.compiled.get(kind) ?? []).map((it) => {
        const o = open.get(it.id);
        return {
          id: it.id,
          title: info.title(it),
          version: versions.get(it.id) ?? 0,
          open: o ? { revisionId: o.id, state: o.state } : null,
        };
      });
    },

    async item(kind: string, id: string): Promise<ConsoleItem> {
      const info = kindInfo(kind);
      const pub = await published();
      const it = itemOf(pub.compiled, kind, id);
      const found = it ? deps.backend().itemSource(pub.tree, pub.compiled, kind, id) : null;
      if (!it || !found) throw notFound('没有这条内容');
      const schema = info.edit?.schema
        ? (z.toJSONSchema(info.edit.schema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>)
        : null;
      return {
        kind,
        id,
        title: info.title(it),
        version: await currentVersion(kind, id),
        source: found.source,
        schema,
        paths: info.edit?.paths(id, pub.compiled) ?? [],
      };
    },

    async check(input: { kind: string; itemId: string; isNew: boolean; source: ItemSource }): Promise<Finding[]> {
      editableKind(input.kind);
      return (await check(input.kind, input.itemId, input.source, input.isNew)).findings;
    },

    createDraft: (actor: Actor, input: { kind: string; itemId: string; isNew: boolean; source: ItemSource }) =>
      newRevision(actor, { ...input, rollbackOf: null }),

    async updateDraft(actor: Actor, id: string, source: ItemSource): Promise<Revision> {
      const r = await revisionOrThrow(id);
      requireAuthor(r, actor);
      if (r.state !== 'draft' && r.state !== 'rejected') throw conflict('这份修改已提交审核或已结束，不能再改');
      const { findings } = await check(r.kind, r.itemId, source, r.isNew);
      const now = clock();
      const title = titleFromSource(source, r.title);
      const patch = { source: JSON.stringify(source), findings: JSON.stringify(findings), title, state: 'draft', updated_at: now };
      if (!(await repo.transition(id, ['draft', 'rejected'], patch))) throw transitionLost();
      await audit.record({ actorId: actor.id, action: 'content.edit', subject: subjectOf(r.kind, r.itemId), detail: { revision: id } });
      return toRevision({ ...r, source, findings, title, state: 'draft', updatedAt: now });
    },

    /** Submits for review: refused while a check blocks (the findings are kept on the draft) or the item changed meanwhile. */
    async submit(actor: Actor, id: string): Promise<Revision> {
      const r = await revisionOrThrow(id);
      requireAuthor(r, actor);
      if (r.state !== 'draft' && r.state !== 'rejected') throw conflict('这份修改已提交审核或已结束');
      await assertNotStale(r);
      const { findings } = await check(r.kind, r.itemId, r.source, r.isNew);
      const now = clock();
      const blocking = findings.filter((f) => f.blocking);
      if (blocking.length > 0) {
        await repo.transition(id, ['draft', 'rejected'], { findings: JSON.stringify(findings), updated_at: now });
        const first = blocking[0]!;
        throw badInput(
          `有 ${blocking.length} 处必须修改的问题，不能提交审核。${first.field ? `「${first.field}」` : ''}${first.message}（规则 ${first.rule}）`,
        );
      }
      const patch = { state: 'in_review', findings: JSON.stringify(findings), submitted_at: now, updated_at: now };
      if (!(await repo.transition(id, ['draft', 'rejected'], patch))) throw transitionLost();
      await audit.record({ actorId: actor.id, action: 'content.submit', subject: subjectOf(r.kind, r.itemId), detail: { revision: id } });
      return toRevision({ ...r, state: 'in_review', findings, submittedAt: now, updatedAt: now });
    },

    /** Approves (never one's own draft), publishing now or scheduling it for `publishAt`. */
    async approve(actor: Actor, id: string, publishAt: number | null): Promise<{ revision: Revision; schedule: number | null }> {
      const r = await revisionOrThrow(id);
      if (r.authorId === actor.id) throw forbidden('不能审核自己提交的内容');
      if (r.state !== 'in_review') throw conflict('这份修改不在待审核状态');
      const now = clock();
      if (publishAt !== null && publishAt < now - PAST_TOLERANCE_MS) throw badInput('定时发布的时间已经过去，请重新选择');
      if (publishAt !== null && publishAt > now + MAX_SCHEDULE_MS) throw badInput('定时发布最多安排在一年以内');
      await assertNotStale(r);
      const at = publishAt !== null && publishAt > now ? publishAt : null;
      const patch = { state: 'approved', reviewer_id: actor.id, publish_at: at, comment: null, updated_at: now };
      if (!(await repo.transition(id, ['in_review'], patch))) throw transitionLost();
      await audit.record({
        actorId: actor.id,
        action: 'content.approve',
        subject: subjectOf(r.kind, r.itemId),
        detail: { revision: id, publishAt: at },
      });
      if (at === null) {
        try {
          await publish(id);
        } catch (err) {
          // Approved all the same: the sweep of any instance publishes it on its next round.
          log.warn({ revision: id, err: err instanceof Error ? err.message : String(err) }, 'publish failed; retried by the sweep');
        }
      }
      return { revision: await toRevision((await repo.revision(id))!), schedule: at };
    },

    /** Back to the author with a comment (also cancels an approved, still scheduled publish). */
    async reject(actor: Actor, id: string, comment: string): Promise<Revision> {
      const r = await revisionOrThrow(id);
      if (r.authorId === actor.id) throw forbidden('不能审核自己提交的内容');
      if (r.state !== 'in_review' && r.state !== 'approved') throw conflict('这份修改不在待审核或待发布状态');
      const now = clock();
      const patch = { state: 'rejected', reviewer_id: actor.id, comment, publish_at: null, updated_at: now };
      if (!(await repo.transition(id, ['in_review', 'approved'], patch, now - PUBLISH_LEASE_MS))) throw transitionLost();
      // The comment is what a person typed: it stays on the revision, never in the audit trail's detail.
      await audit.record({ actorId: actor.id, action: 'content.reject', subject: subjectOf(r.kind, r.itemId), detail: { revision: id } });
      return toRevision({ ...r, state: 'rejected', reviewerId: actor.id, comment, publishAt: null, updatedAt: now });
    },

    /** The author (or an admin) closes an open revision, so the item can be edited afresh. */
    async withdraw(actor: Actor, id: string): Promise<Revision> {
      const r = await revisionOrThrow(id);
      if (r.authorId !== actor.id && !actor.roles.includes('admin')) throw forbidden('只有作者或管理员可以撤回这份修改');
      if (!OPEN_STATES.includes(r.state)) throw conflict('这份修改已经结束');
      const now = clock();
      if (!(await repo.transition(id, OPEN_STATES, { state: 'withdrawn', publish_at: null, updated_at: now }, now - PUBLISH_LEASE_MS)))
        throw transitionLost();
      await audit.record({ actorId: actor.id, action: 'content.withdraw', subject: subjectOf(r.kind, r.itemId), detail: { revision: id } });
      return toRevision({ ...r, state: 'withdrawn', publishAt: null, updatedAt: now });
    },

    async revision(id: string): Promise<Revision> {
      return toRevision(await revisionOrThrow(id));
    },
    async revisions(actor: Actor, q: { state?: RevisionState; kind?: string; itemId?: string; mine?: boolean }): Promise<Revision[]> {
      return toRevisions(await repo.listRevisions({ ...q, ...(q.mine ? { authorId: actor.id } : {}) }));
    },

    async versions(kind: string, id: string): Promise<Version[]> {
      kindInfo(kind);
      const list = await repo.versions(kind, id);
      if (list.length === 0) {
        // Never edited: the seed's state is version 0.
        const pub = await published();
        if (!itemOf(pub.compiled, kind, id)) throw notFound('没有这条内容');
        return [];
      }
      const names = await repo.names(list.flatMap((v) => [v.authorId, v.reviewerId].filter((x): x is string => x !== null)));
      return Promise.all(list.map(async (v) => versionOut(v, names)));
    },
    async version(kind: string, id: string, version: number): Promise<Version & { source: ItemSource }> {
      kindInfo(kind);
      const v = (await repo.versions(kind, id)).find((x) => x.version === version);
      if (!v) {
        const pub = await published();
        const found = version === 0 ? deps.backend().itemSource(pub.tree, pub.compiled, kind, id) : null;
        if (!found || (await repo.latestVersion(kind, id)) !== null) throw notFound('没有这个版本');
        return { version: 0, revisionId: null, publishedAt: 0, author: null, reviewer: null, rollbackOf: null, source: found.source };
      }
      const names = await repo.names([v.authorId, v.reviewerId].filter((x): x is string => x !== null));
      return { ...(await versionOut(v, names)), source: v.source };
    },

    /** A new draft holding an old version's source (issue #29: a rollback goes through review too). */
    async rollback(actor: Actor, kind: string, id: string, version: number): Promise<Revision> {
      const v = (await repo.versions(kind, id)).find((x) => x.version === version);
      if (!v) throw notFound('没有这个版本');
      if (version === (await currentVersion(kind, id))) throw badInput('这已经是当前发布的版本');
      return newRevision(actor, { kind, itemId: id, isNew: false, source: v.source, rollbackOf: version });
    },

    /**
     * Compiles the draft into an overlay the H5 renders for the token (issue #29 preview), recorded so
     * any instance answers it (decision 045).
     */
    async preview(id: string): Promise<{ token: string; expiresAt: number; paths: string[] }> {
      const r = await revisionOrThrow(id);
      const info = kindInfo(r.kind);
      const { compiled, findings } = await check(r.kind, r.itemId, r.source, r.isNew);
      if (!compiled) throw badInput(`草稿无法预览：${findings[0]?.message ?? '内容无法读取'}`);
      const { token, expiresAt } = await deps.backend().addPreview(compiled, r.id);
      return { token, expiresAt, paths: info.edit?.paths(r.itemId, compiled) ?? [] };
    },

    /**
     * A preview token made on another instance (decision 045): its revision compiled again as `preview`
     * does, from the revision's current source (an edit saved since shows), with the token's expiry;
     * null when the token is unknown or expired, or the draft no longer compiles.
     */
    async recoverPreview(token: string): Promise<{ compiled: CompiledContent; expiresAt: number } | null> {
      const found = await deps.backend().previewRevision(token);
      const r = found && (await repo.revision(found.revisionId));
      if (!found || !r) return null;
      try {
        const { compiled } = await check(r.kind, r.itemId, r.source, r.isNew);
        return compiled && { compiled, expiresAt: found.expiresAt };
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
    },

    async audit(q: {
      actor?: string;
      action?: string;
      subject?: string;
      from?: number;
      to?: number;
      before?: number;
      limit: number;
    }): Promise<AuditEntry[]> {
      const rows = await repo.audit({ ...q, actorId: q.actor });
      const names = await repo.names(rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])));
      return Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          at: r.at,
          actor: await person(r.actor_id, names),
          action: r.action,
          subject: r.subject,
          detail: JSON.parse(r.detail) as Record<string, unknown>,
        })),
      );
    },

    async staff(): Promise<Staff[]> {
      return (await users.listPrivileged()).map((u) => ({ id: u.id, name: u.name, mobile: maskMobile(u.mobile), roles: u.roles }));
    },

    /** Sets a person's staff roles to exactly `roles` (admin); an admin never removes their own admin role. */
    async setRoles(actor: Actor, userId: string, roles: readonly Role[]): Promise<Staff> {
      const wanted = new Set(roles.filter((r): r is GrantableRole => (GRANTABLE_ROLES as readonly string[]).includes(r)));
      if (userId === actor.id && !wanted.has('admin')) throw badInput('不能取消自己的管理员角色');
      const held = await users.rolesOf(userId);
      const known = (await repo.names([userId])).has(userId);
      if (!known) throw notFound('没有这个用户');
      for (const role of GRANTABLE_ROLES) {
        const has = held.includes(role);
        if (wanted.has(role) && !has && (await users.grant(userId, role)))
          await audit.record({ actorId: actor.id, action: 'role.grant', subject: `user:${userId}`, detail: { role } });
        if (!wanted.has(role) && has && (await users.revoke(userId, role)))
          await audit.record({ actorId: actor.id, action: 'role.revoke', subject: `user:${userId}`, detail: { role } });
      }
      return staffOf(userId);
    },

    /** Adds a person by their number (an account is made if they never logged in) with `roles` (admin). */
    async addStaff(actor: Actor, mobile: string, roles: readonly Role[]): Promise<Staff> {
      const phone = parseMobile(mobile.trim());
      if (!phone) throw badInput('手机号不正确');
      if (!roles.some((r) => r !== 'user')) throw badInput('请至少选择一个角色');
      const user = await users.findOrCreate(phone.e164);
      return this.setRoles(actor, user.id, [...new Set([...(await users.rolesOf(user.id)), ...roles])]);
    },
  };

  async function staffOf(userId: string): Promise<Staff> {
    const staff = (await users.listPrivileged()).find((u) => u.id === userId);
    if (staff) return { id: staff.id, name: staff.name, mobile: maskMobile(staff.mobile), roles: staff.roles };
    return { id: userId, name: (await repo.names([userId])).get(userId) ?? '', mobile: '', roles: ['user'] };
  }

  async function versionOut(v: VersionRecord, names: Map<string, string>): Promise<Version> {
    return {
      version: v.version,
      revisionId: v.revisionId,
      publishedAt: v.publishedAt,
      author: await person(v.authorId, names),
      reviewer: await person(v.reviewerId, names),
      rollbackOf: v.rollbackOf,
    };
  }
}
export type ConsoleWorkflow = ReturnType<typeof consoleWorkflow>;

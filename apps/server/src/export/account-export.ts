import { Readable } from 'node:stream';
import { CASE_STATUS_NAMES } from '@moxa/core/cases/case-names';
import { CONSENT_PURPOSE_NAMES } from '@moxa/core/consent/consent-rules';
import type { AccountExport, ExportConsultation } from '@moxa/core/export/export-contract';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, EXPORT_SECTIONS, type ExportSectionKey } from '@moxa/core/export/export-sections';
import { SAVED_KIND_LABELS, isSavedKind, type SavedItem } from '@moxa/core/mine/saved-kinds';
import { FEELINGS, REACTIONS } from '@moxa/core/moxa/moxa-rules';
import { CONSTITUTION_NAMES, isConstitutionType } from '@moxa/core/physical/constitution';
import type { PhysicalResult, Questionnaire } from '@moxa/core/physical/physical-contract';
import { sql } from 'kysely';
import { formatTimeOfDay } from '@moxa/core/notifications/china-time';
import type { AppContext } from '../lib/context.ts';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

/** The audit trail's entries about an advisor's profile (advisors/advisor-profiles.ts), as the export names them. */
const ADVISOR_ACTIONS: Record<string, (detail: { onDuty?: boolean }) => string> = {
  'advisor.profile.submit': () => '提交资料审核',
  'advisor.profile.approve': () => '资料审核通过',
  'advisor.profile.reject': () => '资料被退回',
  'advisor.duty': (d) => (d.onDuty ? '设为在岗' : '设为不在岗'),
};

/** A consultation as collected: its photos without their bytes, which are read one at a time while streaming. */
type PhotoMeta = Omit<ExportConsultation['photos'][number], 'base64'>;
type CollectedConsultation = Omit<ExportConsultation, 'photos'> & { photos: PhotoMeta[] };
type CollectedExport = Omit<AccountExport, 'consultations'> & { consultations: CollectedConsultation[] };

/**
 * Issue #27 item 16 (《个人信息保护法》 §45): everything kept for one account, read for its owner.
 * Every query is scoped by the owner's id. What an advisor wrote only for advisors (internal notes) is
 * not part of the owner's case and is left out, as on the case screen (decision 024).
 */
export function accountExporter(ctx: AppContext, content: { questionnaire: Questionnaire; diseaseName: (id: string) => string | null }) {
  const { db } = ctx;
  const questions = new Map(content.questionnaire.questions.map((q) => [q.id, q.text]));
  const optionLabels = new Map(content.questionnaire.options.map((o) => [o.value, o.label]));
  const reactionLabels = new Map<string, string>(REACTIONS.map((r) => [r.id, r.label]));
  const saved = (items: SavedItem[]) =>
    items.map((i) => ({
      kind: i.kind,
      kindName: isSavedKind(i.kind) ? SAVED_KIND_LABELS[i.kind] : i.kind,
      id: i.id,
      title: i.title,
      at: iso(i.at),
    }));

  return {
    /** The whole export except the photos' bytes; null when the account is gone. */
    async collect(userId: string): Promise<CollectedExport | null> {
      const now = ctx.clock();
      const user = await db.selectFrom('users').select(['id', 'name', 'mobile', 'created_at']).where('id', '=', userId).executeTakeFirst();
      if (!user) return null;
      const binding = await db
        .selectFrom('wechat_bindings')
        .select(['openid', 'created_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const logins = await db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .execute();
      // The consent ledger (item 15), oldest first like every other section.
      const consents = (await ctx.consents.history(userId)).reverse();
      const records = await db
        .selectFrom('physical_records')
        .select(['id', 'created_at', 'gender', 'version', 'answers', 'result'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const sessions = await db
        .selectFrom('moxa_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('started_at')
        .orderBy('id')
        .execute();
      const cases = await db.selectFrom('cases').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

      const consultations: CollectedConsultation[] = [];
      let messageCount = 0;
      let photoCount = 0;
      let photoBytes = 0;
      for (const c of cases) {
        const request = JSON.parse(c.request) as {
          gender: 'female' | 'male';
          age: number;
          disease: string | null;
          complaint: string;
          symptoms: string;
          duration: string;
          seenDoctor: boolean;
          physicalRecordId: string | null;
          contactTime: string;
          notifySms: boolean;
        };
        const messages = await ctx.cases.messages(c.id, false);
        const photos = await db
          .selectFrom('case_photos')
          .select(['id', 'mime', 'width', 'height', 'created_at', sql<number | string>`length(bytes)`.as('size')])
          .where('case_id', '=', c.id)
          .orderBy('position')
          .execute();
        messageCount += messages.length;
        photoCount += photos.length;
        photoBytes += photos.reduce((n, p) => n + Number(p.size), 0);
        const status = c.status as ExportConsultation['status'];
        consultations.push({
          id: c.id,
          status,
          statusName: CASE_STATUS_NAMES[status] ?? status,
          createdAt: iso(c.created_at),
          updatedAt: iso(c.updated_at),
          redFlag: Number(c.red_flag) === 1,
          request: {
            gender: request.gender,
            age: request.age,
            disease: request.disease ? { id: request.disease, name: content.diseaseName(request.disease) ?? request.disease } : null,
            complaint: request.complaint,
            symptoms: request.symptoms,
            duration: request.duration,
            seenDoctor: request.seenDoctor,
            physicalRecordId: request.physicalRecordId ?? null,
            contactTime: request.contactTime,
            notifySms: request.notifySms,
          },
          history: (JSON.parse(c.history) as { status: ExportConsultation['status']; at: number }[]).map((h) => ({
            status: h.status,
            statusName: CASE_STATUS_NAMES[h.status] ?? h.status,
            at: iso(h.at),
          })),
          messages: messages.map((m) => ({
            id: m.id,
            author: m.author,
            authorName: m.author === 'advisor' ? m.authorName : null,
            body: m.body,
            recommendation: m.recommendation,
            createdAt: iso(m.createdAt),
          })),
          photos: photos.map((p) => ({
            id: p.id,
            mime: p.mime,
            width: Number(p.width),
            height: Number(p.height),
            createdAt: iso(p.created_at),
          })),
        });
      }

      // Issue #30 (decision 043): the account's own advisor profile, and the audit trail's entries about it.
      const profileRow = await db.selectFrom('advisor_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
      const profileEvents = await db
        .selectFrom('audit_events')
        .select(['action', 'at', 'actor_id', 'detail'])
        .where('subject', '=', `user:${userId}`)
        .where('action', 'in', Object.keys(ADVISOR_ACTIONS))
        .orderBy('at')
        .orderBy('id')
        .execute();
      const profileRecord = profileRow ? await ctx.advisorProfiles.get(userId) : null;
      const doc: Omit<CollectedExport, 'format' | 'formatVersion' | 'exportedAt' | 'manifest'> = {
        profile: {
          id: user.id,
          name: user.name,
          mobile: user.mobile,
          createdAt: iso(user.created_at),
          roles: await ctx.users.rolesOf(userId),
        },
        wechat: binding ? { openid: binding.openid, boundAt: iso(binding.created_at) } : null,
        logins: logins.map((l) => ({ startedAt: iso(l.created_at), lastUsedAt: isoOrNull(l.last_seen_at), expiresAt: iso(l.expires_at) })),
        consents: consents.map((c) => ({
          purpose: c.purpose,
          purposeName: CONSENT_PURPOSE_NAMES[c.purpose],
          policyVersion: c.policyVersion,
          birthYear: c.birthYear,
          grantedAt: iso(c.grantedAt),
          withdrawnAt: isoOrNull(c.withdrawnAt),
        })),
        constitutionRecords: records.map((r) => {
          const result = JSON.parse(r.result) as PhysicalResult;
          const answers = JSON.parse(r.answers) as Record<string, number>;
          return {
            id: r.id,
            createdAt: iso(r.created_at),
            gender: r.gender as 'female' | 'male',
            version: r.version,
            primaryName: result.primary && isConstitutionType(result.primary) ? CONSTITUTION_NAMES[result.primary] : null,
            result: { ...result, undecided: result.undecided ?? false },
            answers: Object.entries(answers)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([id, value]) => ({ id, question: questions.get(id) ?? id, value, label: optionLabels.get(value) ?? String(value) })),
          };
        }),
        moxaSessions: sessions.map((s) => ({
          id: s.id,
          clientId: s.client_id,
          title: s.title,
          source: { kind: s.source_kind, id: s.source_id },
          startedAt: iso(s.started_at),
          endedAt: iso(s.ended_at),
          points: JSON.parse(s.points) as AccountExport['moxaSessions'][number]['points'],
          feeling: s.feeling === null ? null : (FEELINGS[Number(s.feeling) - 1] ?? String(s.feeling)),
          notes: s.notes,
          reactions: (JSON.parse(s.reactions) as string[]).map((id) => reactionLabels.get(id) ?? id),
          courseLength: s.course_length === null ? null : Number(s.course_length),
          endedEarly: Number(s.ended_early) === 1,
        })),
        favorites: saved(await ctx.savedItems.list(userId, 'favorites')),
        history: saved(await ctx.savedItems.list(userId, 'history')),
        consultations,
        // Issue #31: courses, notice settings and the notices of this account.
        courses: (await ctx.courses.listOf(userId)).map((c) => ({
          id: c.id,
          title: c.title,
          scheme: c.scheme,
          frequency: c.frequency,
          time: formatTimeOfDay(c.minute),
          sessions: c.sessions,
          channel: c.channel,
          status: c.status,
          pauses: c.pauses.map((p) => ({ from: iso(p.from), to: isoOrNull(p.to), reason: p.reason })),
          createdAt: iso(c.createdAt),
        })),
        notifications: {
          preferences: await ctx.notifier.repository.preferences(userId),
          notices: (await ctx.notifier.repository.ofUser(userId)).map((n) => ({
            kind: n.kind,
            channel: n.channel,
            state: n.state,
            dueAt: iso(n.dueAt),
            sentAt: isoOrNull(n.sentAt),
          })),
        },
        advisorProfile:
          profileRow && profileRecord
            ? {
                approved: profileRecord.approved ? { ...profileRecord.approved, approvedAt: isoOrNull(profileRow.approved_at) } : null,
                pending:
                  profileRecord.pending && profileRecord.pendingAt !== null
                    ? {
                        ...profileRecord.pending,
                        submittedAt: iso(profileRecord.pendingAt),
                        submittedByYou: profileRecord.pendingBy === userId,
                      }
                    : null,
                comment: profileRecord.comment,
                onDuty: profileRecord.onDuty,
                history: profileEvents.map((ev) => ({
                  action: ev.action,
                  actionName: ADVISOR_ACTIONS[ev.action]!(JSON.parse(ev.detail || '{}') as { onDuty?: boolean }),
                  at: iso(ev.at),
                  byYou: ev.actor_id === userId,
                })),
              }
            : null,
      };
      const counts: Record<ExportSectionKey, number> = {
        profile: 1,
        wechat: doc.wechat ? 1 : 0,
        logins: doc.logins.length,
        consents: doc.consents.length,
        constitutionRecords: doc.constitutionRecords.length,
        moxaSessions: doc.moxaSessions.length,
        favorites: doc.favorites.length,
        history: doc.history.length,
        consultations: doc.consultations.length,
        courses: doc.courses.length,
        notifications: doc.notifications.notices.length,
        advisorProfile: doc.advisorProfile ? 1 : 0,
      };
      // The manifest comes first in the file, after what the file is.
      return {
        format: EXPORT_FORMAT,
        formatVersion: EXPORT_FORMAT_VERSION,
        exportedAt: iso(now),
        manifest: {
          sections: EXPORT_SECTIONS.map((s) => ({ key: s.key, title: s.title, count: counts[s.key] })),
          messages: messageCount,
          photos: photoCount,
          photoBytes,
        },
        ...doc,
      };
    },

    /**
     * The export as the API's JSON envelope, streamed: everything but the photos is written at once,
     * then each photo is read, base64-encoded and written before the next is read, so memory holds
     * one photo at a time however many the account has.
     */
    stream(userId: string, doc: CollectedExport): Readable {
      async function* chunks() {
        // Keys are written in the order of the object: `consultations` last, each consultation's `photos` last.
        const { consultations, ...rest } = doc;
        const head = JSON.stringify({ code: 0, msg: 'ok', data: { ...rest, consultations: [] } });
        yield `${head.slice(0, -'[]}}'.length)}[`;
        for (const [i, c] of consultations.entries()) {
          const { photos, ...without } = c;
          yield `${i ? ',' : ''}${JSON.stringify({ ...without, photos: [] }).slice(0, -'[]}'.length)}[`;
          for (const [j, p] of photos.entries()) {
            const row = await db
              .selectFrom('case_photos')
              .innerJoin('cases', 'cases.id', 'case_photos.case_id')
              .select('case_photos.bytes')
              .where('case_photos.id', '=', p.id)
              .where('cases.user_id', '=', userId)
              .executeTakeFirst();
            // A photo deleted meanwhile (its case was deleted) is written without bytes rather than break the file.
            const base64 = row ? Buffer.from(row.bytes).toString('base64') : '';
            yield `${j ? ',' : ''}${JSON.stringify({ ...p, base64 })}`;
          }
          yield ']}';
        }
        yield ']}}';
      }
      return Readable.from(chunks());
    },
  };
}

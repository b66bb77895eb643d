import type { AdvisorProfileFields } from '@moxa/core/advisors/advisor-profile-contract';
import type { MediaImage } from '@moxa/core/media/media-contract';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

type ProfileRow = Database['advisor_profiles'];

/** The media id of an `uploads/<id>` reference, or null. */
const uploadId = (ref: string) => /^uploads\/([a-z2-7]{16})$/.exec(ref)?.[1] ?? null;

/** An advisor's profile as stored: approved fields, the submission waiting for review, the duty flag. */
export type ProfileRecord = {
  userId: string;
  approved: AdvisorProfileFields | null;
  approvedBy: string | null;
  pending: AdvisorProfileFields | null;
  pendingBy: string | null;
  pendingAt: number | null;
  comment: string | null;
  onDuty: boolean;
  updatedAt: number;
};

const toRecord = (r: ProfileRow): ProfileRecord => ({
  userId: r.user_id,
  approved:
    r.name !== null && r.title !== null ? { name: r.name, title: r.title, introduction: r.introduction ?? '', photo: r.photo } : null,
  approvedBy: r.approved_by,
  pending: r.pending ? (JSON.parse(r.pending) as AdvisorProfileFields) : null,
  pendingBy: r.pending_by,
  pendingAt: r.pending_at === null ? null : Number(r.pending_at),
  comment: r.comment,
  onDuty: Number(r.on_duty) === 1,
  updatedAt: Number(r.updated_at),
});

const EMPTY = {
  name: null,
  title: null,
  introduction: null,
  photo: null,
  approved_by: null,
  approved_at: null,
  pending: null,
  pending_by: null,
  pending_at: null,
  comment: null,
  on_duty: 0,
};

/**
 * Advisor profiles (issue #30, docs/decisions/043): queries only; the review rules are in
 * advisor-profiles.ts. A row exists once the advisor (or an admin) first saves a profile or a duty flag.
 */
export function advisorProfileRepository(db: Db, clock: () => number) {
  async function ensureRow(userId: string): Promise<void> {
    await db
      .insertInto('advisor_profiles')
      .values({ user_id: userId, ...EMPTY, updated_at: clock() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  return {
    /** The account behind an advisor id: its 昵称, its number (only to keep its digits out of the profile), whether it holds the role. */
    async account(userId: string): Promise<{ name: string; mobile: string; advisor: boolean } | null> {
      const r = await db
        .selectFrom('users')
        .leftJoin('user_roles', (j) => j.onRef('user_roles.user_id', '=', 'users.id').on('user_roles.role', '=', 'advisor'))
        .select(['users.name', 'users.mobile', 'user_roles.role'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return r ? { name: r.name, mobile: r.mobile, advisor: r.role === 'advisor' } : null;
    },

    async get(userId: string): Promise<ProfileRecord | null> {
      const r = await db.selectFrom('advisor_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return r ? toRecord(r) : null;
    },

    /** Holders of the advisor role with their profile (null: none saved yet) and their account's 昵称. */
    async list(): Promise<{ userId: string; accountName: string; profile: ProfileRecord | null }[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .leftJoin('advisor_profiles', 'advisor_profiles.user_id', 'user_roles.user_id')
        .select(['users.id', 'users.name as account_name'])
        .selectAll('advisor_profiles')
        .where('user_roles.role', '=', 'advisor')
        .orderBy('users.created_at')
        .orderBy('users.id')
        .execute();
      return rows.map((r) => ({
        userId: r.id,
        accountName: r.account_name,
        profile: r.user_id === null ? null : toRecord({ ...(r as ProfileRow), user_id: r.id }),
      }));
    },

    /** Stores a submission for review (replacing one still waiting); the approved fields stay as they are. */
    async submit(userId: string, fields: AdvisorProfileFields, by: string): Promise<void> {
      await ensureRow(userId);
      const now = clock();
      await db
        .updateTable('advisor_profiles')
        .set({ pending: JSON.stringify(fields), pending_by: by, pending_at: now, comment: null, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Makes the submission seen at `pendingAt` the approved profile. False when it is no longer the one
     * waiting (replaced or decided meanwhile): compare-and-set, so two reviewers never both decide it.
     */
    async approve(userId: string, fields: AdvisorProfileFields, pendingAt: number, by: string): Promise<boolean> {
      const now = clock();
      const res = await db
        .updateTable('advisor_profiles')
        .set({
          name: fields.name,
          title: fields.title,
          introduction: fields.introduction,
          photo: fields.photo,
          approved_by: by,
          approved_at: now,
          pending: null,
          pending_by: null,
          pending_at: null,
          comment: null,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('pending_at', '=', pendingAt)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Sends the submission back with the reviewer's reason; false when it is no longer the one waiting. */
    async reject(userId: string, pendingAt: number, comment: string): Promise<boolean> {
      const now = clock();
      const res = await db
        .updateTable('advisor_profiles')
        .set({ pending: null, pending_by: null, pending_at: null, comment, updated_at: now })
        .where('user_id', '=', userId)
        .where('pending_at', '=', pendingAt)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async setDuty(userId: string, onDuty: boolean): Promise<void> {
      await ensureRow(userId);
      await db
        .updateTable('advisor_profiles')
        .set({ on_duty: onDuty ? 1 : 0, updated_at: clock() })
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * The approved profiles of the advisors who wrote in a case, by message id, each with its photo's
     * URL (issue #30: users see them in the thread). Replies by advisors without an approved profile,
     * or whose account is gone, are absent and keep the name they were signed with.
     */
    async signatures(caseId: string): Promise<Map<string, AdvisorProfileFields & { photoUrl: string | null }>> {
      const rows = await db
        .selectFrom('case_messages')
        .innerJoin('advisor_profiles', 'advisor_profiles.user_id', 'case_messages.advisor_id')
        .select([
          'case_messages.id',
          'advisor_profiles.name',
          'advisor_profiles.title',
          'advisor_profiles.introduction',
          'advisor_profiles.photo',
        ])
        .where('case_messages.case_id', '=', caseId)
        .where('case_messages.author', '=', 'advisor')
        .where('advisor_profiles.name', 'is not', null)
        .execute();
      const photos = await this.photoUrls(rows.flatMap((r) => (r.photo ? [r.photo] : [])));
      const out = new Map<string, AdvisorProfileFields & { photoUrl: string | null }>();
      for (const r of rows)
        if (r.name !== null && r.title !== null)
          out.set(r.id, {
            name: r.name,
            title: r.title,
            introduction: r.introduction ?? '',
            photo: r.photo,
            photoUrl: r.photo ? (photos.get(r.photo) ?? null) : null,
          });
      return out;
    },

    /**
     * Photos (`uploads/<id>`, decision 041) as the URL of their smallest WebP variant — an avatar is
     * 40 px — for images of the media library that are published; anything else is left out.
     */
    async photoUrls(refs: string[]): Promise<Map<string, string>> {
      const ids = [...new Set(refs.map(uploadId).filter((id): id is string => id !== null))];
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('media_objects')
        .select(['id', 'variants'])
        .where('id', 'in', ids)
        .where('kind', '=', 'image')
        .where('published_at', 'is not', null)
        .execute();
      const out = new Map<string, string>();
      for (const r of rows) {
        const image = (JSON.parse(r.variants) as { image: MediaImage | null }).image;
        const smallest = image?.webp.reduce((a, b) => (b.width < a.width ? b : a));
        if (smallest) out.set(`uploads/${r.id}`, smallest.url);
      }
      return out;
    },

    /** Whether a photo reference names an image of the media library. */
    async photoExists(ref: string): Promise<boolean> {
      const id = uploadId(ref);
      if (!id) return false;
      const r = await db.selectFrom('media_objects').select('id').where('id', '=', id).where('kind', '=', 'image').executeTakeFirst();
      return r !== undefined;
    },

    /**
     * An approved profile is published content (decision 041: an upload becomes public once published
     * content references it): its photo is marked published for good, so /media serves it to users.
     */
    async publishPhoto(ref: string): Promise<void> {
      const id = uploadId(ref);
      if (!id) return;
      await db.updateTable('media_objects').set({ published_at: clock() }).where('id', '=', id).where('published_at', 'is', null).execute();
    },
  };
}
export type AdvisorProfileRepository = ReturnType<typeof advisorProfileRepository>;

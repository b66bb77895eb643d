import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { mediaRef, type MediaKind, type MediaListQuery, type MediaObject } from '@moxa/core/console/media-contract';
import type { MediaImage } from '@moxa/core/media/media-contract';
import type { Db } from '../../db/database.ts';
import type { UploadedMedia } from '../media-library.ts';
import type { EncodedFile, EncodedImage } from './image-upload.ts';
import type { ObjectStore, StoredFile } from './object-store.ts';

/** Stored uploads are served under this prefix of /media (built files never use it). */
export const UPLOAD_PREFIX = '/media/u/';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 base32 characters from 80 random bits: unguessable, and safe inside a path or a LIKE pattern. */
export function newMediaId(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

type Variants = { image: MediaImage | null; video: { url: string; subtitlesUrl: string; poster: MediaImage } | null };

/** What a checked upload turned into: the files to store and the description pages will use. */
export type PreparedUpload =
  | { kind: 'image'; name: string; image: EncodedImage }
  | {
      kind: 'video';
      name: string;
      video: { bytes: Buffer; width: number; height: number; durationMs: number; sha256: string };
      poster: EncodedImage;
      subtitles: Buffer;
    };

/** A served file's facts for /media, without its bytes. */
export type ServedFile = StoredFile & { objectId: string; contentType: string; sha256: string; published: boolean };

function describeImage(id: string, alt: string, image: EncodedImage, base: string): MediaImage {
  const url = (f: EncodedFile) => `${base}${f.suffix}`;
  return {
    src: mediaRef(id),
    width: image.width,
    height: image.height,
    alt,
    webp: image.files.filter((f) => f.format === 'webp').map((f) => ({ width: f.width, url: url(f) })),
    fallback: image.files.filter((f) => f.format !== 'webp').map((f) => ({ width: f.width, url: url(f) })),
  };
}

/** The files of an upload, each with its URL path, and the description stored with the object. */
function layout(id: string, alt: string, upload: PreparedUpload) {
  const base = `${UPLOAD_PREFIX}${id}`;
  if (upload.kind === 'image') {
    const files = upload.image.files.map((f) => ({ path: `${base}${f.suffix}`, contentType: f.contentType, bytes: f.bytes }));
    const variants: Variants = { image: describeImage(id, alt, upload.image, base), video: null };
    return { files, variants, width: upload.image.width, height: upload.image.height, durationMs: null, sha256: upload.image.sha256 };
  }
  const hash = upload.video.sha256.slice(0, 10);
  const videoPath = `${base}.${hash}.mp4`;
  const subtitlesPath = `${base}.${hash}.vtt`;
  const posterBase = `${base}.poster`;
  const files = [
    { path: videoPath, contentType: 'video/mp4', bytes: upload.video.bytes },
    { path: subtitlesPath, contentType: 'text/vtt; charset=utf-8', bytes: upload.subtitles },
    ...upload.poster.files.map((f) => ({ path: `${posterBase}${f.suffix}`, contentType: f.contentType, bytes: f.bytes })),
  ];
  const variants: Variants = {
    image: null,
    video: { url: videoPath, subtitlesUrl: subtitlesPath, poster: describeImage(id, alt, upload.poster, posterBase) },
  };
  return {
    files,
    variants,
    width: upload.video.width,
    height: upload.video.height,
    durationMs: upload.video.durationMs,
    sha256: upload.video.sha256,
  };
}

/** Every upload's current description, for compiling content that references `uploads/<id>` (media-library.ts withUploads). */
export async function mediaUploads(db: Db): Promise<UploadedMedia> {
  const rows = await db.selectFrom('media_objects').select(['id', 'kind', 'alt', 'variants']).execute();
  return new Map(
    rows.map((r) => {
      const v = JSON.parse(r.variants) as Variants;
      return [r.id, { kind: r.kind as MediaKind, image: v.image ? { ...v.image, alt: r.alt } : null, video: v.video }];
    }),
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The media library's rows (issue #30, decision 041): objects with a stable id, their served files
 * (bytes in the row, or an object key), who uploaded them, and whether published content uses them.
 */
export function mediaRepository(db: Db, store: ObjectStore, clock: () => number) {
  async function storeFiles(id: string, version: number, files: { path: string; contentType: string; bytes: Buffer }[]) {
    const rows = [];
    for (const f of files) {
      const objectKey = await store.put(f.path.slice(UPLOAD_PREFIX.length), f.bytes, f.contentType);
      rows.push({
        path: f.path,
        object_id: id,
        version,
        content_type: f.contentType,
        size: f.bytes.length,
        sha256: createHash('sha256').update(f.bytes).digest('hex'),
        object_key: objectKey,
        bytes: objectKey === null ? f.bytes : null,
        created_at: clock(),
        replaced_at: null,
      });
    }
    return rows;
  }

  const base = () =>
    db
      .selectFrom('media_objects as m')
      .leftJoin('users as u', 'u.id', 'm.uploaded_by')
      .select([
        'm.id',
        'm.kind',
        'm.name',
        'm.alt',
        'm.version',
        'm.width',
        'm.height',
        'm.duration_ms',
        'm.size',
        'm.sha256',
        'm.variants',
        'm.uploaded_by',
        'm.created_at',
        'm.updated_at',
        'm.published_at',
        'u.name as uploader_name',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

  function toObject(row: Row): MediaObject {
    const variants = JSON.parse(row.variants) as Variants;
    return {
      id: row.id,
      ref: mediaRef(row.id),
      kind: row.kind as MediaKind,
      name: row.name,
      alt: row.alt,
      version: Number(row.version),
      width: Number(row.width),
      height: Number(row.height),
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      size: Number(row.size),
      sha256: row.sha256,
      published: row.published_at !== null,
      uploadedBy: row.uploaded_by && row.uploader_name !== null ? { id: row.uploaded_by, name: row.uploader_name } : null,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      image: variants.image ? { ...variants.image, alt: row.alt } : null,
      video: variants.video ? { ...variants.video, poster: { ...variants.video.poster, alt: row.alt } } : null,
    };
  }

  return {
    storeKind: store.kind,

    async get(id: string): Promise<MediaObject | null> {
      const row = await base().where('m.id', '=', id).executeTakeFirst();
      return row ? toObject(row) : null;
    },

    /** Newest first; `q` matches the alt text or the file name. */
    async list(query: MediaListQuery): Promise<{ items: MediaObject[]; total: number }> {
      const like = `%${escapeLike((query.q ?? '').toLowerCase())}%`;
      const matches = sql<boolean>`(lower(m.alt) like ${like} escape '\\' or lower(m.name) like ${like} escape '\\')`;
      const count = await db
        .selectFrom('media_objects as m')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .$if(query.kind !== undefined, (q) => q.where('m.kind', '=', query.kind!))
        .$if(!!query.q, (q) => q.where(matches))
        .executeTakeFirst();
      const rows = await base()
        .$if(query.kind !== undefined, (q) => q.where('m.kind', '=', query.kind!))
        .$if(!!query.q, (q) => q.where(matches))
        .orderBy('m.updated_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute();
      return { items: rows.map(toObject), total: Number(count?.n ?? 0) };
    },

    async create(upload: PreparedUpload, alt: string, uploadedBy: string): Promise<MediaObject> {
      const id = newMediaId();
      const l = layout(id, alt, upload);
      const files = await storeFiles(id, 1, l.files);
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('media_objects')
          .values({
            id,
            kind: upload.kind,
            name: upload.name,
            alt,
            version: 1,
            width: l.width,
            height: l.height,
            duration_ms: l.durationMs,
            sha256: l.sha256,
            size: files.reduce((n, f) => n + f.size, 0),
            variants: JSON.stringify(l.variants),
            uploaded_by: uploadedBy,
            created_at: now,
            updated_at: now,
            published_at: null,
          })
          .execute();
        for (const f of files) await trx.insertInto('media_files').values(f).execute();
      });
      return (await this.get(id))!;
    },

    /**
     * A new file for an object (same kind): the id stays, so content keeps pointing at it; the new
     * bytes get new URLs (their hash is in the name); the old files stay served (pages compiled before
     * keep working until they are republished) and are marked replaced.
     */
    async replace(id: string, upload: PreparedUpload, alt: string, by: string): Promise<MediaObject | null> {
      const current = await db.selectFrom('media_objects').select(['version', 'kind']).where('id', '=', id).executeTakeFirst();
      if (!current || current.kind !== upload.kind) return null;
      const version = Number(current.version) + 1;
      const l = layout(id, alt, upload);
      // A file identical to one already stored (same path) is not written twice.
      const existing = new Set(
        (
          await db
            .selectFrom('media_files')
            .select('path')
            .where(
              'path',
              'in',
              l.files.map((f) => f.path),
            )
            .execute()
        ).map((r) => r.path),
      );
      const files = await storeFiles(
        id,
        version,
        l.files.filter((f) => !existing.has(f.path)),
      );
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('media_files')
          .set({ replaced_at: now })
          .where('object_id', '=', id)
          .where('replaced_at', 'is', null)
          .where(
            'path',
            'not in',
            l.files.map((f) => f.path),
          )
          .execute();
        for (const f of files) await trx.insertInto('media_files').values(f).execute();
        if (existing.size)
          await trx
            .updateTable('media_files')
            .set({ replaced_at: null, version })
            .where('path', 'in', [...existing])
            .execute();
        await trx
          .updateTable('media_objects')
          .set({
            name: upload.name,
            alt,
            version,
            width: l.width,
            height: l.height,
            duration_ms: l.durationMs,
            sha256: l.sha256,
            size: l.files.reduce((n, f) => n + f.bytes.length, 0),
            variants: JSON.stringify(l.variants),
            uploaded_by: by,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      });
      return this.get(id);
    },

    async updateAlt(id: string, alt: string): Promise<MediaObject | null> {
      const res = await db.updateTable('media_objects').set({ alt, updated_at: clock() }).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) ? this.get(id) : null;
    },

    /** A served file's facts (no bytes), or null: any version of the object, current or replaced. */
    async file(path: string): Promise<ServedFile | null> {
      const row = await db
        .selectFrom('media_files as f')
        .innerJoin('media_objects as m', 'm.id', 'f.object_id')
        .select(['f.path', 'f.object_id', 'f.size', 'f.content_type', 'f.sha256', 'f.object_key', 'm.published_at'])
        .where('f.path', '=', path)
        .executeTakeFirst();
      if (!row) return null;
      return {
        path: row.path,
        objectId: row.object_id,
        size: Number(row.size),
        contentType: row.content_type,
        sha256: row.sha256,
        objectKey: row.object_key,
        published: row.published_at !== null,
      };
    },

    /**
     * Whether published content references the object (its id appears in a published item: the
     * `uploads/<id>` reference or one of its URLs; ids are base32, nothing to escape); if so it is marked published for good — its URLs
     * are immutable and may sit in caches. Content is published by the console's workflow; this is
     * checked when /media is asked for a file not yet marked, so every instance agrees.
     */
    async publishIfReferenced(id: string): Promise<boolean> {
      const hit = await db.selectFrom('content_items').select('id').where('data', 'like', `%${id}%`).limit(1).executeTakeFirst();
      if (!hit) return false;
      await db.updateTable('media_objects').set({ published_at: clock() }).where('id', '=', id).where('published_at', 'is', null).execute();
      return true;
    },

    read: (file: StoredFile, start: number, end: number) => store.read(file, start, end),
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;

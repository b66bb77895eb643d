import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';

/** Where one stored file's bytes are: in its media_files row, or under `objectKey` in the bucket. */
export type StoredFile = { path: string; size: number; objectKey: string | null };

/**
 * Where uploaded bytes live (decision 041): the database by default, so every instance serves what
 * any instance stored with nothing else to run; S3-compatible storage when configured. `put` runs
 * before the rows are written (an upload that fails midway leaves at most an unreferenced object);
 * `read` yields bytes start..end inclusive.
 */
export type ObjectStore = {
  kind: 'database' | 's3';
  /** null: the bytes go into the row (database); otherwise the key the bytes were written under. */
  put(name: string, bytes: Buffer, contentType: string): Promise<string | null>;
  read(file: StoredFile, start: number, end: number): Readable;
  /**
   * Erases the bytes under these keys (their rows are already deleted): real deletion of a deleted
   * account's photo (decision 043). Nothing to do for the database, whose rows held the bytes.
   */
  remove(objectKeys: readonly string[]): Promise<void>;
};

/** Slices read per query: a range request reads only what it asks for (substr on the blob). */
const SLICE = 1024 * 1024;

export function databaseStore(db: Db): ObjectStore {
  return {
    kind: 'database',
    put: async () => null,
    remove: async () => undefined,
    read: (file, start, end) =>
      Readable.from(
        (async function* () {
          for (let at = start; at <= end; at += SLICE) {
            const len = Math.min(SLICE, end - at + 1);
            const { rows } = await sql<{
              chunk: Buffer | Uint8Array | null;
            }>`select substr(bytes, ${at + 1}, ${len}) as chunk from media_files where path = ${file.path}`.execute(db);
            const chunk = rows[0]?.chunk;
            if (!chunk) throw new Error(`media file ${file.path} has no bytes`);
            yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          }
        })(),
      ),
  };
}

export type S3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
};

export function s3Store(settings: S3Settings): ObjectStore & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
  });
  return {
    kind: 's3',
    client,
    async put(name, bytes, contentType) {
      const key = `${settings.prefix}${name}`;
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType }));
      return key;
    },
    async remove(objectKeys) {
      for (const key of objectKeys) await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    read(file, start, end) {
      return Readable.from(
        (async function* () {
          const out = await client.send(
            new GetObjectCommand({ Bucket: settings.bucket, Key: file.objectKey!, Range: `bytes=${start}-${end}` }),
          );
          if (!out.Body) throw new Error(`media object ${file.objectKey} has no body`);
          yield* out.Body as Readable;
        })(),
      );
    },
  };
}

export function selectObjectStore(db: Db, env: Env): ObjectStore {
  if (!env.MEDIA_S3_BUCKET) return databaseStore(db);
  return s3Store({
    bucket: env.MEDIA_S3_BUCKET,
    endpoint: env.MEDIA_S3_ENDPOINT,
    region: env.MEDIA_S3_REGION,
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: env.MEDIA_S3_PREFIX,
  });
}

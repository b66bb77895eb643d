import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Env } from '../env.ts';
import { contentSources } from './content-sources.ts';

/** The PostgreSQL channel a publish is announced on (payload: the new content hash). */
export const CONTENT_CHANNEL = 'moxa_content';
/** The backstop: every instance compares the database's content hash with its own this often. */
export const POLL_MS = 2000;
const RECONNECT_MS = 1000;
const DEBOUNCE_MS = 50;

/** Instances of this process on one SQLite file hear each other's publishes at once (keyed by file). */
const local = new EventEmitter().setMaxListeners(0);

type Options = {
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
  pollMs?: number;
};

/**
 * Issue #29 (decision 039): a publish on any instance reaches every instance within seconds.
 * - `announce(hash)` after a publish has committed: PostgreSQL `NOTIFY moxa_content` (every instance
 *   LISTENs on a dedicated connection, reconnecting after an error), on SQLite an in-process event
 *   for the instances sharing the file;
 * - a poll of `content_meta` ('all') every 2 s on every database, for what a notification cannot
 *   carry (a dropped LISTEN connection, another process on the same SQLite file, a deploy's import);
 * - either only wakes a check: the database's hash against the one served (`served()`); when they
 *   differ the `onChange` handler reloads. Checks are debounced and run one at a time; a failed
 *   reload is logged and tried again on the next tick while the old content keeps being served.
 */
export function contentEvents(opts: Options) {
  const { db, env, log } = opts;
  const pollMs = opts.pollMs ?? POLL_MS;
  let handler: ((hash: string) => Promise<void>) | null = null;
  let served: () => string | null = () => null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let debounce: NodeJS.Timeout | null = null;
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  // Names this instance's LISTEN connection in pg_stat_activity (operations, and the reconnect test).
  const listenerName = `moxa_content_${randomBytes(4).toString('hex')}`;
  const localKey = db.dialect === 'sqlite' ? `sqlite:${db.sqlite?.name ?? ''}` : null;

  const currentHash = async () =>
    (await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst())?.hash ?? null;

  async function checkOnce(): Promise<void> {
    const hash = await currentHash();
    if (stopped || hash === null || hash === served() || !handler) return;
    await handler(hash);
  }

  /** Runs a check now, or right after the one under way (one at a time). */
  function check(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await checkOnce();
        } catch (err) {
          // The content served so far stays; the next tick tries again.
          log.error({ err }, 'content reload failed; still serving the content loaded before');
        }
      } while (again && !stopped);
    })().finally(() => (running = null));
    return running;
  }

  const wake = () => {
    if (stopped || debounce) return;
    debounce = setTimeout(() => {
      debounce = null;
      void check();
    }, DEBOUNCE_MS);
    debounce.unref();
  };

  async function listen(): Promise<void> {
    if (stopped || !env.DATABASE_URL) return;
    const client = new pg.Client({ connectionString: env.DATABASE_URL, application_name: listenerName });
    const retry = (err?: unknown) => {
      if (err) log.warn({ err: (err as Error).message }, 'content notifications: connection lost, reconnecting');
      if (listener === client) listener = null;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (stopped || reconnect) return;
      reconnect = setTimeout(() => {
        reconnect = null;
        void listen();
      }, RECONNECT_MS);
      reconnect.unref();
      // Whatever was announced meanwhile is caught up by a check (and by the poll).
      wake();
    };
    client.on('error', retry);
    client.on('end', () => (stopped ? undefined : retry(new Error('connection ended'))));
    client.on('notification', (msg) => {
      if (msg.channel === CONTENT_CHANNEL) wake();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
      if (stopped) return void (await client.end().catch(() => undefined));
      listener = client;
    } catch (err) {
      retry(err);
    }
  }

  const poll = setInterval(wake, pollMs);
  poll.unref();
  if (localKey) local.on(localKey, wake);
  if (db.dialect === 'postgres') {
    if (env.DATABASE_URL) void listen();
    else log.warn('content notifications: no DATABASE_URL to listen with; other instances are seen by the 2 s poll');
  }

  /** After a publish has committed: every instance checks now. */
  async function announce(hash: string): Promise<void> {
    if (db.dialect === 'postgres') await sql`select pg_notify(${CONTENT_CHANNEL}, ${hash})`.execute(db);
    else if (localKey) local.emit(localKey, hash);
    // This instance at once, whatever the transport does.
    await check();
  }
  let sources: ReturnType<typeof contentSources> | null = null;

  return {
    /** The handler that reloads (app.ts) and what the instance serves now. */
    onChange(reload: (hash: string) => Promise<void>, servedHash: () => string | null): void {
      handler = reload;
      served = servedHash;
    },
    announce,
    /**
     * Issue #30 (decision 041): an upload that published content uses was replaced — the published
     * content is compiled again with the new files and announced like a publish, so every instance
     * serves the new URLs within seconds. Returns the new hash (null: nothing changed, or it failed).
     * Never throws: the replacement stands, and pages keep the old URLs (still served) until the next
     * publish; the failure is logged.
     */
    async recompile(): Promise<string | null> {
      try {
        const hash = await (sources ??= contentSources(db, env.CONTENT_DIR)).recompile();
        if (hash) await announce(hash);
        return hash;
      } catch (err) {
        log.error({ err }, 'recompiling content after a media replacement failed; pages keep the old files until the next publish');
        return null;
      }
    },
    /** Compares now (tests, and callers that must see their own publish served before answering). */
    check,
    /** Whether the PostgreSQL listener is connected (for the health view and tests). */
    get listening(): boolean {
      return listener !== null;
    },
    /** The `application_name` of the LISTEN connection. */
    listenerName,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      if (debounce) clearTimeout(debounce);
      if (reconnect) clearTimeout(reconnect);
      if (localKey) local.off(localKey, wake);
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
      await running;
    },
  };
}
export type ContentEvents = ReturnType<typeof contentEvents>;

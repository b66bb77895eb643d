import { createQueryId, type Compilable } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db } from './database.ts';

/** A named hole in a query built by `preparedQuery`, filled with a value on each call. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Job = {
  run: () => unknown[];
  viaKysely: () => Promise<unknown[]>;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
};
type Committer = { jobs: Job[] | null; runAll: SQLite.Transaction<(jobs: Job[]) => unknown[][]> };
const committers = new WeakMap<SQLite.Database, Committer>();

/**
 * Group commit (issue #6): on SQLite every autocommit write pays for its own locks and WAL append,
 * which cost more than the statement itself. Writes queued during one event-loop turn therefore run
 * in one transaction at its end. Each is still its own atomic statement, committed to the shared
 * database before its caller gets the result; nothing is counted in memory.
 */
function groupCommit(sqlite: SQLite.Database, job: Job): void {
  let committer = committers.get(sqlite);
  if (!committer) {
    committer = { jobs: null, runAll: sqlite.transaction((jobs: Job[]) => jobs.map((j) => j.run())) };
    committers.set(sqlite, committer);
  }
  if (committer.jobs) {
    committer.jobs.push(job);
    return;
  }
  const jobs = (committer.jobs = [job]);
  setImmediate(() => {
    committer.jobs = null;
    commitAll(sqlite, committer.runAll, jobs);
  });
}

function commitAll(sqlite: SQLite.Database, runAll: Committer['runAll'], jobs: Job[]): void {
  // A Kysely transaction holds the connection: go through Kysely, which waits for it to end.
  if (sqlite.inTransaction) {
    for (const job of jobs) job.viaKysely().then(job.resolve, job.reject);
    return;
  }
  if (jobs.length > 1) {
    try {
      const results = runAll.immediate(jobs);
      jobs.forEach((job, i) => job.resolve(results[i]!));
      return;
    } catch {
      // Rolled back as a whole: run them one by one, so each caller gets its own outcome.
    }
  }
  for (const job of jobs) {
    try {
      job.resolve(job.run());
    } catch (err) {
      job.reject(err);
    }
  }
}

/**
 * A hot query built and compiled once, then run with new values (issue #6). Kysely otherwise
 * rebuilds and recompiles the query on every call, and on SQLite sends it through its connection
 * mutex and several promise hops: together about twice the cost of running the statement itself.
 * The query is still written once with the query builder for both dialects: `build` gets slots
 * instead of values, and the compiled parameters are mapped back to them by position.
 *
 * On SQLite the prepared better-sqlite3 statement runs directly. It is synchronous, so it cannot
 * interleave with another query; only while a Kysely transaction holds the connection does it go
 * through Kysely, which waits for that transaction rather than joining it. `groupCommit` (SQLite
 * only) lets a write share one commit with the others of its event-loop turn.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  db: Db,
  build: (values: V) => Compilable<R>,
  options: { groupCommit?: boolean } = {},
): (values: V) => Promise<R[]> {
  const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as V;
  const compiled = build(slots).compile();
  // A slot used anywhere but as a value would be compiled into the SQL text itself.
  if (compiled.sql.includes('[object Object]')) throw new Error(`preparedQuery: a slot is not used as a value in ${compiled.sql}`);
  const names = compiled.parameters.map((p) => (p instanceof Slot ? (p.name as keyof V) : null));
  const bind = (values: V) => names.map((name, i) => (name === null ? compiled.parameters[i] : values[name]));
  const viaKysely = async (parameters: unknown[]) => (await db.executeQuery<R>({ ...compiled, parameters, queryId: createQueryId() })).rows;
  const sqlite = db.sqlite;
  if (!sqlite) return (values) => viaKysely(bind(values));

  let statement: SQLite.Statement | undefined;
  const run = (parameters: unknown[]): R[] => {
    // Prepared on first use, so building services before migrating stays possible.
    statement ??= sqlite.prepare(compiled.sql);
    if (statement.reader) return statement.all(parameters) as R[];
    statement.run(parameters);
    return [];
  };
  if (options.groupCommit) {
    return (values) => {
      const parameters = bind(values);
      return new Promise<R[]>((resolve, reject) =>
        groupCommit(sqlite, {
          run: () => run(parameters),
          viaKysely: () => viaKysely(parameters),
          resolve: resolve as (rows: unknown[]) => void,
          reject,
        }),
      );
    };
  }
  return async (values) => {
    const parameters = bind(values);
    return sqlite.inTransaction ? viaKysely(parameters) : run(parameters);
  };
}

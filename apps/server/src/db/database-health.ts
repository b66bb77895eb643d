import { ping, type Db } from './database.ts';

/** The database as the health check sees it (issue #14 §7: routes reach the database only through repositories). */
export function databaseHealth(db: Db) {
  return {
    dialect: db.dialect,
    /** True when the database answers a trivial query. */
    ping: (): Promise<boolean> => ping(db),
  };
}
export type DatabaseHealth = ReturnType<typeof databaseHealth>;

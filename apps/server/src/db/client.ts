import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** A Drizzle database on either driver; repositories take this or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, for tests that clone a migrated template. */
  pglite?: PGlite;
}

export async function openPglite(dirOrMemory: string): Promise<Database> {
  if (!dirOrMemory.startsWith("memory://")) fs.mkdirSync(dirOrMemory, { recursive: true });
  const client = await PGlite.create(dirOrMemory, { extensions: { pg_trgm } });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, DROP DATABASE … WITH FORCE) must not crash the process:
  // pg emits it on the pool, and the pool replaces the connection on the next query.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migrateOnce(pool, () => migratePg(db as never, { migrationsFolder })),
    close: () => pool.end(),
  };
}

/** Several instances starting together (docs/deploy.md): one migrates, the others wait on this lock and then find nothing to do. */
const MIGRATION_LOCK = 7_101_001;
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  let broken: Error | undefined;
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate();
  } finally {
    try {
      await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    } catch (err) {
      // Destroying the connection (release with an error) ends its session, and with it the lock.
      broken = err as Error;
    }
    holder.release(broken);
  }
}

export async function openDatabase(opts: { databaseUrl: string | undefined; pgliteDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.pgliteDir);
}

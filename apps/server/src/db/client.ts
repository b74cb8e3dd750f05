import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema/index.js";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.js";
import type { DatabaseTimeouts } from "../env.js";

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

// The embedded database's code (PGlite and its Drizzle driver, about 20 MB resident) is loaded only when it is used:
// a shop on PostgreSQL never loads it (docs/decisions/096).
// A folder is held by one process at a time (`lockDataDir`, docs/decisions/155): a second opener is refused before
// PGlite touches the folder, and the folder is let go once PGlite has closed it.
export async function openPglite(dirOrMemory: string): Promise<Database> {
  const inMemory = dirOrMemory.startsWith("memory://");
  const release = inMemory ? () => undefined : lockDataDir(dirOrMemory);
  try {
    if (!inMemory) fs.mkdirSync(dirOrMemory, { recursive: true });
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
    const client = await PGlite.create(dirOrMemory, { extensions: { pg_trgm } });
    const database = await wrapPglite(client);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function wrapPglite(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import("drizzle-orm/pglite"), import("drizzle-orm/pglite/migrator")]);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Defaults of the DATABASE_*_TIMEOUT_MS settings (env.ts). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 15_000, idleInTransactionMs: 60_000 };

/**
 * A pool whose every wait is bounded, so a database that accepts connections and never answers makes requests fail
 * (503, the server-error message) instead of hanging: the connection handshake and the wait for a free connection
 * (connectionTimeoutMillis), each statement (PostgreSQL's statement_timeout, and the client's own query_timeout a
 * little later for a server that does not answer at all), and a transaction left idle (ended by the server).
 */
function boundedPool(url: string, max: number, timeouts: DatabaseTimeouts, statements: boolean): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: 10_000,
    ...(statements ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + 2_000 } : {}),
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle connection the server ends (restart, DROP DATABASE … WITH FORCE) must not crash the process:
  // pg emits it on the pool, and the pool replaces the connection on the next query.
  pool.on("error", () => undefined);
  return pool;
}

/** Databases whose connections keep named statements (PostgreSQL; PGlite ignores the name and plans every query). */
const namedStatementDbs = new WeakSet<object>();
/** Whether preparing a statement under a name saves planning it again on this database (decision 124). */
export function keepsNamedStatements(db: DbOrTx): boolean {
  return namedStatementDbs.has(db);
}

export function openPostgres(url: string, max = 10, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): Database {
  const pool = boundedPool(url, max, timeouts, true);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  namedStatementDbs.add(db);
  return {
    db,
    kind: "postgres",
    // Migrations get a pool of their own without a statement timeout: building an index on a large table, or
    // waiting for another instance's migration, may rightly take longer than any request should.
    migrate: async () => {
      const migrationPool = boundedPool(url, 2, timeouts, false);
      try {
        const migrationDb = drizzlePg(migrationPool, { schema });
        await migrateOnce(migrationPool, () => migratePg(migrationDb, { migrationsFolder }));
      } finally {
        await migrationPool.end();
      }
    },
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

export async function openDatabase(opts: { databaseUrl: string | undefined; pgliteDir: string; databaseTimeouts?: DatabaseTimeouts }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, 10, opts.databaseTimeouts) : openPglite(opts.pgliteDir);
}

/** What start-up prints when the database cannot be opened: where (without the password), what happened, what to check. */
export function describeDatabaseFailure(databaseUrl: string | undefined, err: unknown): string {
  let where = "the embedded database (PGlite) in DATA_DIR";
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    u.password = "";
    where = `PostgreSQL at ${u.toString().replace(/^(postgres(?:ql)?:\/\/[^@/]*):?@/, "$1@")}`;
  }
  const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 300);
  if (err instanceof DataDirInUseError) return `Could not open ${where}: ${err.message}.`;
  const hint = databaseUrl ? "Check DATABASE_URL (host, port, database name, user and password) and that PostgreSQL is running and answering." : "Check that DATA_DIR is writable and not used by another running server.";
  return `Could not open ${where}: ${reason || "no answer"}.\n${hint}`;
}

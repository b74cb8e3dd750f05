import { sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { rawRows } from "./common-queries.js";

/**
 * The embedded database's upkeep (docs/decisions/161). PGlite runs PostgreSQL as one process with no autovacuum
 * daemon: left alone, no table is ever vacuumed or analysed. Rows that updates and deletes leave behind (stock, carts,
 * sessions, the notification outbox) are never cleared, so tables and indexes only grow; the planner never learns a
 * table's size; and an index-only scan always goes to the table, since no page is ever marked all-visible.
 *
 * Every pass takes the tables autovacuum would take, by its default thresholds: dead rows over 50 + 20% of the
 * table's rows, rows inserted since the last vacuum over 1,000 + 20%, or rows changed since the last analysis over
 * 50 + 10%. Each is vacuumed and analysed together, where autovacuum would only analyse a table for the last reason:
 * statistics without a vacuum made the catalogue's list slower, since the planner then read a small table whole for
 * each row instead of using an index-only scan that needs the pages a vacuum marks (docs/decisions/160). One statement
 * per table, so requests waiting for the database run between two tables: PGlite answers one statement at a time, and
 * a vacuum holds it for its duration.
 */
export const UPKEEP_THRESHOLDS = {
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
} as const;

/** Why a table is due: its dead rows, its rows inserted since the last vacuum, or its rows changed since the last analysis. */
export type UpkeepReason = "dead rows" | "inserted rows" | "changed rows";
export interface UpkeepStep {
  table: string;
  reason: UpkeepReason;
  ms: number;
}

interface TableStats {
  table: string;
  rows: number;
  dead: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
}

/** Why a table is due now, by autovacuum's thresholds; undefined: it is not. */
export function upkeepDue(t: Omit<TableStats, "table">): UpkeepReason | undefined {
  const rows = Math.max(0, t.rows);
  const th = UPKEEP_THRESHOLDS;
  if (t.dead > th.vacuumBase + th.vacuumScale * rows) return "dead rows";
  if (t.insertedSinceVacuum > th.insertBase + th.insertScale * rows) return "inserted rows";
  if (t.changedSinceAnalyze > th.analyzeBase + th.analyzeScale * rows) return "changed rows";
  return undefined;
}

/** The shop's tables with their counters (reltuples is -1 for a table never vacuumed or analysed: no rows known). */
async function tableStats(db: Db): Promise<TableStats[]> {
  // The counters reach the statistics views when this backend reports them; make that happen before reading.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  // Counters come as text or numbers depending on the driver.
  const rows = await rawRows<{ table: string; rows: number; dead: string; inserted: string; changed: string }>(
    db,
    sql`
    SELECT s.relname AS "table", c.reltuples::float8 AS rows, s.n_dead_tup AS dead, s.n_ins_since_vacuum AS inserted, s.n_mod_since_analyze AS changed
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'
    ORDER BY s.relname`,
  );
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    dead: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    changedSinceAnalyze: Number(r.changed),
  }));
}

/** A table name as an SQL identifier (names come from the catalogue, quoted all the same). */
const identifier = (name: string) => `"public"."${name.replaceAll('"', '""')}"`;

/** One pass: every table that is due vacuumed and analysed, one statement each. */
export async function upkeepPass(db: Db): Promise<UpkeepStep[]> {
  const steps: UpkeepStep[] = [];
  for (const t of await tableStats(db)) {
    const reason = upkeepDue(t);
    if (!reason) continue;
    const t0 = performance.now();
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${identifier(t.table)}`));
    steps.push({ table: t.table, reason, ms: Math.round(performance.now() - t0) });
  }
  return steps;
}

export interface UpkeepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs a pass every `intervalMs` (server.ts, on PGlite only: PostgreSQL has its own autovacuum). Returns stop(). */
export function startEmbeddedUpkeep(db: Db, intervalMs: number, log: UpkeepLog): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    upkeepPass(db)
      .then((steps) => {
        if (steps.length) log.info({ steps }, `embedded database upkeep: vacuumed and analysed ${steps.map((s) => `${s.table} (${s.reason}, ${s.ms} ms)`).join(", ")}`);
      })
      .catch((err: unknown) => log.error({ err }, "embedded database upkeep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

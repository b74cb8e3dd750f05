import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { rawRows } from "../../db/common-queries.js";
import { auditLog, users } from "../../db/schema/index.js";

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, values: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** One page of the log, newest first, with the actor's name and e-mail (null when the actor's account is gone). */
export async function findAudit(db: DbOrTx, q: { entityType?: string; limit: number; offset: number }) {
  return db
    .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(q.entityType ? eq(auditLog.entityType, q.entityType) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit)
    .offset(q.offset);
}

/**
 * How many entries the log holds, of one kind or of all, from the counts its triggers keep per kind (migration 0030,
 * docs/decisions/165): a row per kind, where counting read an index entry per entry.
 */
export async function countAudit(db: DbOrTx, entityType?: string): Promise<number> {
  const [row] = await rawRows<{ n: string | number }>(db, sql`SELECT coalesce(sum(entries), 0) AS n FROM audit_counts ${entityType ? sql`WHERE entity_type = ${entityType}` : sql``}`);
  return Number(row?.n ?? 0);
}

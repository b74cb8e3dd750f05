import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
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

export async function countAudit(db: DbOrTx, entityType?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(entityType ? eq(auditLog.entityType, entityType) : undefined);
  return row?.n ?? 0;
}

import { count, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { auditLog, users } from "../../db/schema/index.js";

/** Who is doing an admin write: the signed-in administrator and where the request came from. */
export interface Actor {
  id: string;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** The one way an admin write is recorded; call it inside the write's transaction so both land or neither. */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}

export async function listAudit(db: Db, q: { page: number; limit: number; entityType?: string }) {
  const where = q.entityType ? eq(auditLog.entityType, q.entityType) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    entries: rows.map((r) => ({
      id: r.entry.id,
      action: r.entry.action,
      entityType: r.entry.entityType,
      entityId: r.entry.entityId,
      actor: r.entry.actorUserId ? { id: r.entry.actorUserId, name: r.actorName ?? "", email: r.actorEmail ?? "" } : null,
      before: r.entry.before,
      after: r.entry.after,
      ip: r.entry.ip,
      createdAt: r.entry.createdAt.toISOString(),
    })),
    pagination: { page: q.page, limit: q.limit, total: n, totalPages: Math.ceil(n / q.limit) },
  };
}

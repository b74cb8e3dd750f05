import type { Db, DbOrTx } from "../../db/client.js";
import { offsetOf, pagination } from "../../lib/paging.js";
import * as repo from "./audit.repository.js";

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
  await repo.insertAudit(db, {
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
  const [rows, total] = await Promise.all([repo.findAudit(db, { entityType: q.entityType, limit: q.limit, offset: offsetOf(q.page, q.limit) }), repo.countAudit(db, q.entityType)]);
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
    pagination: pagination(q.page, q.limit, total),
  };
}

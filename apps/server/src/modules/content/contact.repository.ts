import { count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { contactMessages } from "../../db/schema/index.js";

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertMessage(db: DbOrTx, values: typeof contactMessages.$inferInsert): Promise<string> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}

const readFilter = (unread?: boolean) => (unread === true ? isNull(contactMessages.readAt) : unread === false ? isNotNull(contactMessages.readAt) : undefined);

/** Newest first; `unread` true: unread only, false: read only, undefined: all. */
export async function findMessages(db: DbOrTx, q: { unread?: boolean; limit: number; offset: number }): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).where(readFilter(q.unread)).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(q.limit).offset(q.offset);
}

export async function countMessages(db: DbOrTx, unread?: boolean): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(readFilter(unread));
  return row?.n ?? 0;
}

export async function lockMessage(db: DbOrTx, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
  return row;
}

export async function setReadAt(db: DbOrTx, id: string, readAt: Date | null): Promise<void> {
  await db.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id));
}

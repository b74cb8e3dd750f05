import { and, eq, lt, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** A session by its id (the token's hash) with its user. */
export async function findSessionWithUser(db: DbOrTx, id: string) {
  const [row] = await db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id)).limit(1);
  return row;
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Every session of a user, optionally but one. */
export async function deleteSessionsOf(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

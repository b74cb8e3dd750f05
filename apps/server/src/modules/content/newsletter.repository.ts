import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { newsletterSubscribers } from "../../db/schema/index.js";

export type Subscriber = typeof newsletterSubscribers.$inferSelect;

const active = isNull(newsletterSubscribers.unsubscribedAt);

/** The new subscriber, or undefined when the address is already stored (subscribed or not). */
export async function insertSubscriber(db: DbOrTx, email: string, unsubscribeToken: string): Promise<Subscriber | undefined> {
  const [row] = await db.insert(newsletterSubscribers).values({ email, unsubscribeToken }).onConflictDoNothing().returning();
  return row;
}

/** Subscribes a former subscriber again; undefined when the address is not an unsubscribed one. */
export async function resubscribe(db: DbOrTx, email: string, unsubscribeToken: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, subscribedAt: new Date(), unsubscribeToken })
    .where(and(sql`lower(${newsletterSubscribers.email}) = ${email}`, sql`${newsletterSubscribers.unsubscribedAt} IS NOT NULL`))
    .returning();
  return row;
}

export async function findByToken(db: DbOrTx, token: string): Promise<Subscriber | undefined> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
  return row;
}

export async function markUnsubscribed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscribers.id, id), active));
}

/** Active subscribers, newest first. */
export async function findActive(db: DbOrTx, page: { limit: number; offset?: number }): Promise<Subscriber[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(active)
    .orderBy(desc(newsletterSubscribers.subscribedAt))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function countActive(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(active);
  return row?.n ?? 0;
}

/** Every active subscriber (the newsletter send), in no particular order. */
export async function findAllActive(db: DbOrTx): Promise<Subscriber[]> {
  return db.select().from(newsletterSubscribers).where(active);
}

/** The active subscription of an address (any case), if there is one. */
export async function findActiveByEmail(db: DbOrTx, email: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(and(sql`lower(${newsletterSubscribers.email}) = ${email.trim().toLowerCase()}`, active))
    .limit(1);
  return row;
}

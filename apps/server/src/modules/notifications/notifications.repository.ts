import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { NotificationPreferences } from "@khelkud/contracts";
import type { Db, DbOrTx } from "../../db/client.js";
import { notifications, orderItems, orders, users } from "../../db/schema/index.js";

/** The notifications module's queries (docs/decisions/085); its rules live in outbox.ts (docs/decisions/090). */
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
type Channel = NotificationRow["channel"];

/**
 * An order and its customer's name, contacts and order-notification preferences, read with the transaction of the
 * order's change (so it sees what that change wrote). The preferences are this module's columns of `users`.
 */
export async function findOrderWithCustomer(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ order: orders, user: { name: users.name, email: users.email, phone: users.phone, sms: users.notifyOrderSms, email_on: users.notifyOrderEmail } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/** An order's lines as stored, in the order they were written, read with the given transaction. */
export async function findOrderLines(tx: DbOrTx, orderId: string) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** Writes rows to send; a row whose dedupe key is already there is skipped (a fact recorded twice). */
export async function insertOnce(tx: DbOrTx, rows: NewNotification[]): Promise<void> {
  await tx.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.dedupeKey });
}

function staleOn(channel: Channel, now: Date) {
  return and(eq(notifications.status, "SENDING"), lt(notifications.lockedUntil, now), eq(notifications.channel, channel));
}

/** Rows of `channel` left SENDING past their lease: recorded as FAILED with `lastError`. Returns how many. */
export async function failStale(db: DbOrTx, channel: Channel, now: Date, lastError: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ status: "FAILED", lastError, lockedUntil: null, claimId: null })
    .where(staleOn(channel, now))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Rows of `channel` left SENDING past their lease: due again at `now`, or FAILED when they have used their attempts.
 * Returns how many.
 */
export async function requeueStale(db: DbOrTx, channel: Channel, now: Date, lastError: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({
      status: sql`CASE WHEN ${notifications.attempts} >= ${notifications.maxAttempts} THEN 'FAILED' ELSE 'PENDING' END`,
      lastError,
      nextAttemptAt: now,
      lockedUntil: null,
      claimId: null,
    })
    .where(staleOn(channel, now))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Claims up to `limit` PENDING rows due by `now`, earliest first, for `claimId` until `lockedUntil`, counting an attempt.
 * FOR UPDATE SKIP LOCKED: a worker on another instance claiming at the same moment gets other rows.
 */
export async function claimDue(db: Db, opts: { limit: number; now: Date; claimId: string; lockedUntil: Date }): Promise<NotificationRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.status, "PENDING"), lte(notifications.nextAttemptAt, opts.now)))
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(opts.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notifications)
      .set({ status: "SENDING", attempts: sql`${notifications.attempts} + 1`, claimId: opts.claimId, lockedUntil: opts.lockedUntil })
      .where(inArray(notifications.id, due.map((d) => d.id)))
      .returning();
  });
}

/** The outcome of one send, written only while the row is still SENDING under this claim. */
export type Outcome =
  | { status: "SENT"; sentAt: Date; providerRef: string; lockedUntil: null; lastError: null }
  | { status: "FAILED"; lastError: string; lockedUntil: null }
  | { status: "PENDING"; lastError: string; lockedUntil: null; nextAttemptAt: Date };

export async function recordOutcome(db: DbOrTx, id: string, claimId: string, outcome: Outcome): Promise<void> {
  await db
    .update(notifications)
    .set(outcome)
    .where(and(eq(notifications.id, id), eq(notifications.claimId, claimId), eq(notifications.status, "SENDING")));
}

export async function orderExists(db: DbOrTx, orderId: string): Promise<boolean> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return Boolean(order);
}

/** An order's notifications, newest first (e-mail before SMS of the same moment). */
export async function listForOrder(db: DbOrTx, orderId: string): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.orderId, orderId)).orderBy(desc(notifications.createdAt), asc(notifications.channel));
}

export async function findForOrder(db: DbOrTx, orderId: string, notificationId: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.orderId, orderId)))
    .limit(1);
  return row;
}

export async function insertOne(db: DbOrTx, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

const preferenceColumns = { orderSms: users.notifyOrderSms, orderEmail: users.notifyOrderEmail, marketing: users.marketingOptIn, email: users.email };

export async function findPreferences(db: DbOrTx, userId: string): Promise<(NotificationPreferences & { email: string }) | undefined> {
  const [u] = await db.select(preferenceColumns).from(users).where(eq(users.id, userId)).limit(1);
  return u;
}

/** Changes the given preferences; undefined when there is no such user. */
export async function updatePreferences(db: DbOrTx, userId: string, input: Partial<NotificationPreferences>): Promise<(NotificationPreferences & { email: string }) | undefined> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.orderSms !== undefined) set.notifyOrderSms = input.orderSms;
  if (input.orderEmail !== undefined) set.notifyOrderEmail = input.orderEmail;
  if (input.marketing !== undefined) set.marketingOptIn = input.marketing;
  const [u] = await db.update(users).set(set).where(eq(users.id, userId)).returning(preferenceColumns);
  return u;
}

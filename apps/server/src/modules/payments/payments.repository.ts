import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { WalletProvider } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { jobRuns, orders, payments } from "../../db/schema/index.js";

export type PaymentRow = typeof payments.$inferSelect;
export type { WalletProvider } from "@khelkud/contracts";

export async function insertAttempt(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function findById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function findByReference(db: DbOrTx, provider: WalletProvider, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)))
    .limit(1);
  return row;
}

export async function countAttempts(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
  return Number(row?.n ?? 0);
}

/** Wallet attempts of an order that no one has decided yet (still PENDING), oldest first. */
export async function findOpenAttempts(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "PENDING"), inArray(payments.provider, ["KHALTI", "ESEWA"])))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The newest wallet attempt of an order (for the failure pages). */
export async function findLatestAttempt(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.provider, ["KHALTI", "ESEWA"])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/**
 * Moves an attempt to PAID or FAILED, only from the states in `from`. Conditional, so of any number
 * of concurrent confirmations exactly one gets the row back (the others queue on the row lock, re-read
 * it, and see it has moved).
 */
export async function settleAttempt(
  tx: DbOrTx,
  id: string,
  set: { status: "PAID" | "FAILED"; from: ("PENDING" | "FAILED")[]; transactionId?: string | null; providerResponse: unknown },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: set.status, ...(set.transactionId !== undefined ? { transactionId: set.transactionId } : {}), providerResponse: set.providerResponse })
    .where(and(eq(payments.id, id), inArray(payments.status, set.from)))
    .returning();
  return row;
}

/** Keeps what the provider last said about an attempt that is still open (audit trail). */
export async function noteProviderAnswer(tx: DbOrTx, id: string, providerResponse: unknown): Promise<void> {
  await tx
    .update(payments)
    .set({ providerResponse })
    .where(and(eq(payments.id, id), eq(payments.status, "PENDING")));
}

/** Unpaid wallet orders whose payment time is over, oldest first. */
export async function findExpiredWalletOrders(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.paymentMethod, ["KHALTI", "ESEWA"]),
        eq(orders.paymentStatus, "PENDING"),
        eq(orders.status, "PENDING"),
        lte(orders.paymentExpiresAt, now),
      ),
    )
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(limit);
}

/**
 * Cash-on-delivery orders never confirmed in time, oldest first. Orders placed before COD orders had a deadline
 * (payment_expires_at null) are due `confirmMinutes` after they were placed.
 */
export async function findExpiredCodOrders(db: DbOrTx, now: Date, confirmMinutes: number, limit: number) {
  const placedBefore = new Date(now.getTime() - confirmMinutes * 60_000);
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, "COD"),
        eq(orders.paymentStatus, "PENDING"),
        eq(orders.status, "PENDING"),
        or(lte(orders.paymentExpiresAt, now), and(isNull(orders.paymentExpiresAt), lte(orders.createdAt, placedBefore))),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/**
 * Transaction-scoped advisory lock: true for the one transaction that holds it; released at commit
 * or rollback. Other server instances asking at the same time get false and skip their sweep.
 */
export async function tryAdvisoryLock(tx: DbOrTx, key: number): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as unknown as
    | { rows: { locked: boolean }[] }
    | { locked: boolean }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0]?.locked === true;
}

/**
 * Claims this interval's run of a periodic job for one instance: one atomic upsert that succeeds only when the last run
 * started at least `minGapMs` before `now`. Every instance calls it each interval; across them, one gets true.
 */
export async function claimJobRun(db: DbOrTx, name: string, now: Date, minGapMs: number, instance: string): Promise<boolean> {
  const due = new Date(now.getTime() - minGapMs);
  const rows = await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: now, lastInstance: instance })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: now, lastInstance: instance, lastFinishedAt: null, lastResult: null },
      setWhere: lte(jobRuns.lastStartedAt, due),
    })
    .returning({ name: jobRuns.name });
  return rows.length === 1;
}

export async function finishJobRun(db: DbOrTx, name: string, at: Date, result: unknown): Promise<void> {
  await db.update(jobRuns).set({ lastFinishedAt: at, lastResult: result }).where(eq(jobRuns.name, name));
}

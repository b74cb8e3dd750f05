import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AdminOrdersQuery } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orders, orderStatusHistory, payments, refunds, users } from "../../db/schema/index.js";
import { escapeLike } from "../../lib/sql-text.js";

/**
 * The admin list's search: a part of the order number, the order's id, or a part of the customer's name or e-mail.
 * Each arm has its own index (trigram indexes on the number, name and e-mail; the primary key), so at a million
 * orders the database combines a few index lookups instead of reading every order with its customer: the matching
 * customers are found first and their orders by `orders_user_created_idx` (docs/decisions/102).
 */
export function orderWhere(q: Pick<AdminOrdersQuery, "q" | "status">): SQL | undefined {
  const text = q.q?.trim().replace(/^#/, "");
  const pattern = text ? `%${escapeLike(text)}%` : undefined;
  return and(
    pattern && text ? or(numberMatch(text, pattern), eq(orders.id, text), sql`${orders.userId} = ANY(${customersMatching(pattern)})`) : undefined,
    q.status ? eq(orders.status, q.status) : undefined,
  );
}

/** A whole order number (KK-20261121-4F7Q9X) is looked up as itself: every number shares "KK-2026", which a trigram index reads for every order. */
const WHOLE_ORDER_NUMBER = /^KK-\d{8}-[0-9A-Z]{6}$/i;
function numberMatch(text: string, pattern: string): SQL {
  return WHOLE_ORDER_NUMBER.test(text) ? eq(orders.orderNumber, text.toUpperCase()) : ilike(orders.orderNumber, pattern);
}

/** The ids of the customers whose name or e-mail holds the pattern, as one array the database computes once. */
function customersMatching(pattern: string): SQL {
  return sql`ARRAY(SELECT c.id FROM ${users} c WHERE c.name ILIKE ${pattern} OR c.email ILIKE ${pattern})`;
}

const summaryColumns = { order: orders, userName: users.name, userEmail: users.email };

export async function findOrders(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">, limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(orderWhere(q))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOrders(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(orderWhere(q));
  return row?.n ?? 0;
}

export async function findOrder(db: DbOrTx, id: string) {
  const [row] = await db.select(summaryColumns).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function lockOrder(db: DbOrTx, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

export async function itemsOf(db: DbOrTx, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

export async function historyOf(db: DbOrTx, orderId: string) {
  return db
    .select({ entry: orderStatusHistory, byName: users.name })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedByUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.createdAt, orderStatusHistory.id);
}

/** The latest payment attempt of each order: its provider id is the "payment id" the admin sees. */
export async function latestPayments(db: DbOrTx, orderIds: string[]) {
  if (!orderIds.length) return new Map<string, typeof payments.$inferSelect>();
  const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(desc(payments.createdAt));
  const map = new Map<string, typeof payments.$inferSelect>();
  for (const r of rows) if (!map.has(r.orderId)) map.set(r.orderId, r);
  return map;
}

/** The order's refund with the name of the administrator who recorded it. */
export async function refundOf(db: DbOrTx, orderId: string) {
  const [row] = await db.select({ refund: refunds, byName: users.name }).from(refunds).leftJoin(users, eq(users.id, refunds.refundedByUserId)).where(eq(refunds.orderId, orderId)).limit(1);
  return row;
}

export async function insertRefund(db: DbOrTx, values: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

/** The attempt that brought the money in (the one a refund gives back). */
export async function paidPaymentOf(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, "PAID"))).orderBy(desc(payments.createdAt)).limit(1);
  return row;
}

export async function markPaymentRefunded(db: DbOrTx, paymentId: string): Promise<void> {
  await db.update(payments).set({ status: "REFUNDED" }).where(and(eq(payments.id, paymentId), eq(payments.status, "PAID")));
}

/** Cash on delivery handed over: the order's COD payment row becomes PAID. */
export async function markCodPaymentPaid(db: DbOrTx, orderId: string): Promise<void> {
  await db.update(payments).set({ status: "PAID" }).where(and(eq(payments.orderId, orderId), eq(payments.provider, "COD"), eq(payments.status, "PENDING")));
}

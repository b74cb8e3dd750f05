import { and, count, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { AdminOrdersQuery } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orders, orderStatusHistory, payments, refunds, users } from "../../db/schema/index.js";
import { escapeLike } from "../../lib/sql-text.js";

/** The admin list's status filter, when one is chosen. */
function statusIs(status: AdminOrdersQuery["status"]): SQL | undefined {
  return status ? eq(orders.status, status) : undefined;
}

/** The admin list's search text without a leading "#", or undefined when there is none. */
function searchText(q: Pick<AdminOrdersQuery, "q">): string | undefined {
  return q.q?.trim().replace(/^#/, "") || undefined;
}

/**
 * The orders the admin list's search finds, as `(id, created_at)` rows: a part of the order number, the order's id, or
 * a part of the customer's name or e-mail (docs/decisions/102, 143). Each arm reads its own index and the arms are
 * joined by UNION, so an order two arms find is listed once. The customers whose name or e-mail holds the text are
 * found first, as one array, and their orders are read from `orders_user_created_id_idx` alone, which holds the id,
 * date and status: a full name shared by 446 customers finds 4,460 orders at a million, and neither the count nor
 * the page reads those orders from the table (an `OR` of the arms could only be a bitmap scan, which does).
 */
function searchHits(text: string, status: AdminOrdersQuery["status"]): SQL {
  const pattern = `%${escapeLike(text)}%`;
  const arm = (where: SQL) => sql`SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at FROM ${orders} WHERE ${and(where, statusIs(status))}`;
  return sql`${arm(numberMatch(text, pattern))} UNION ${arm(eq(orders.id, text))} UNION ${arm(sql`${orders.userId} = ANY(${customersMatching(pattern)})`)}`;
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

/** A page of the list, newest first; with a search, the page is taken from the hits before any order is read. */
export async function findOrders(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">, limit: number, offset: number) {
  const text = searchText(q);
  const list = db.select(summaryColumns).from(orders).leftJoin(users, eq(users.id, orders.userId));
  const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
  if (!text) return list.where(statusIs(q.status)).orderBy(...newestFirst).limit(limit).offset(offset);
  const page = sql`SELECT hit.id FROM (${searchHits(text, q.status)}) hit ORDER BY hit.created_at DESC, hit.id DESC LIMIT ${limit} OFFSET ${offset}`;
  return list.where(sql`${orders.id} IN (${page})`).orderBy(...newestFirst);
}

export async function countOrders(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">): Promise<number> {
  const text = searchText(q);
  const [row] = text
    ? await db.select({ n: count() }).from(sql`(${searchHits(text, q.status)}) hit`)
    : await db.select({ n: count() }).from(orders).where(statusIs(q.status));
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

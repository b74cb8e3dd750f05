import { and, count, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { AdminOrdersQuery } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orders, orderStatusHistory, payments, refunds, users } from "../../db/schema/index.js";
import { addressHolds, keptOrderTotals, rawRows, refreshOrderTotals } from "../../db/common-queries.js";
import { containsPattern } from "../../lib/sql-text.js";

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
 * date and status. This reads every hit: a status filter, a page deeper than `KEPT_DEPTH` and the CSV export use it;
 * the first pages and the count of an unfiltered search take the kept way below.
 */
function searchHits(text: string, status: AdminOrdersQuery["status"]): SQL {
  const theirs = sql`${orders.userId} = ANY(ARRAY(SELECT c.id FROM ${users} c WHERE ${customerHolds(text)}))`;
  return sql`SELECT id, created_at FROM (${ownHits(text, status)}) own
    UNION SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at FROM ${orders} WHERE ${and(theirs, statusIs(status))}`;
}

/**
 * The arms that find an order by itself, not by its customer: a part of its number, its id, or the number its customer
 * reads on the shop's pages (the last eight characters of the id, `shortOrderId`); as `(id, created_at, user_id)` rows.
 */
function ownHits(text: string, status: AdminOrdersQuery["status"]): SQL {
  const arm = (where: SQL) => sql`SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at, ${orders.userId} AS user_id FROM ${orders} WHERE ${and(where, statusIs(status))}`;
  const own = sql`${arm(numberMatch(text))} UNION ${arm(eq(orders.id, text))}`;
  return SHORT_ORDER_ID.test(text) ? sql`${own} UNION ${arm(sql`right(${orders.id}, 8) = ${text.toLowerCase()}`)}` : own;
}

/** What the shop's pages show as an order's number: the last eight characters of its id (lower-case base 36), upper-cased. */
const SHORT_ORDER_ID = /^[0-9a-z]{8}$/i;

/** A whole order number (KK-20261121-4F7Q9X) is looked up as itself: every number shares "KK-2026", which a trigram index reads for every order. */
const WHOLE_ORDER_NUMBER = /^KK-\d{8}-[0-9A-Z]{6}$/i;
function numberMatch(text: string): SQL {
  return WHOLE_ORDER_NUMBER.test(text) ? eq(orders.orderNumber, text.toUpperCase()) : ilike(orders.orderNumber, containsPattern(text)!);
}

/** A customer `c` whose name or e-mail holds the text; an address part with its "@" through its own index (docs/decisions/148). */
function customerHolds(text: string): SQL {
  const pattern = containsPattern(text)!;
  return sql`(c.name ILIKE ${pattern} OR ${addressHolds(sql`c.email`, text) ?? sql`c.email ILIKE ${pattern}`})`;
}

/**
 * How deep a page of an unfiltered search may end (its size times its number) and still be taken from the kept numbers
 * (docs/decisions/148). For a page ending at `depth`, only the customers whose newest moment is at least the `depth`-th
 * newest of the matching customers' newest moments can be on it: one left out has `depth` customers each with an order
 * newer than all of hers. So those customers' newest `depth` orders are read, and no one else's.
 */
const KEPT_DEPTH = 200;

/**
 * Up to this many matching customers, their kept numbers are looked up one by one in `customer_orders`' primary key; a
 * search that finds more reads the whole table once and joins it (docs/decisions/151). PostgreSQL's estimate of a
 * name's matches (about 1,000 of 100,000 customers, where a full name finds about 450) made it join for every search:
 * 16 ms for a full name at 100,000 customers, 7 ms looked up one by one. For 100,000 matches the lookups cost more.
 */
const FEW_CUSTOMERS = 2_000;

/**
 * A page of an unfiltered search and its count in one statement, from the kept numbers of migration 0022, so the
 * customers are found once. The count adds the matching customers' numbers and the orders the number or id finds of
 * anyone else. The page reads only the orders of the customers whose newest moments can put them on it (`KEPT_DEPTH`),
 * with the orders the number or id finds. One row: `total` and the page's `ids`.
 *
 * `found` holds the matching customers' ids, at most one more than `few`: at most `few`, `m` looks each one up; more,
 * and `m` joins every customer who holds the text instead. Exactly one arm runs (each has a one-time filter).
 */
function keptSearch(text: string, limit: number, offset: number, few: number): SQL {
  const depth = limit + offset;
  const holds = customerHolds(text);
  const many = sql`(SELECT cardinality(found.ids) FROM found) > ${few}`;
  return sql`WITH found AS MATERIALIZED (SELECT ARRAY(SELECT c.id FROM ${users} c WHERE ${holds} LIMIT ${few + 1}) AS ids),
    m AS MATERIALIZED (
      SELECT k.user_id, k.last_order_at, k.orders FROM customer_orders k WHERE NOT ${many} AND k.user_id = ANY((SELECT found.ids FROM found)::text[])
      UNION ALL SELECT k.user_id, k.last_order_at, k.orders FROM ${users} c JOIN customer_orders k ON k.user_id = c.id WHERE ${many} AND ${holds}),
    own AS MATERIALIZED (${ownHits(text, undefined)}),
    chosen AS (SELECT m.user_id FROM m WHERE m.last_order_at >= coalesce((SELECT last_order_at FROM m ORDER BY last_order_at DESC OFFSET ${depth - 1} LIMIT 1), '-infinity'::timestamptz))
    SELECT (SELECT coalesce(sum(m.orders), 0) FROM m) + (SELECT count(*) FROM own WHERE own.user_id NOT IN (SELECT user_id FROM m)) AS total,
      ARRAY(SELECT hit.id FROM (
        SELECT o.id, o.created_at FROM chosen CROSS JOIN LATERAL (
          SELECT ${orders.id} AS id, ${orders.createdAt} AS created_at FROM ${orders} WHERE ${orders.userId} = chosen.user_id ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC LIMIT ${depth}
        ) o
        UNION SELECT id, created_at FROM own
      ) hit ORDER BY hit.created_at DESC, hit.id DESC LIMIT ${limit} OFFSET ${offset}) AS ids`;
}

const summaryColumns = { order: orders, userName: users.name, userEmail: users.email };
const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
const summaries = (db: DbOrTx) => db.select(summaryColumns).from(orders).leftJoin(users, eq(users.id, orders.userId));

/**
 * The orders waiting for the shop's answer (docs/decisions/190): a customer's open return request (a delivered order)
 * or open cancellation request (not yet shipped), the longest waiting first. Each arm reads its partial index of 0037.
 */
export async function findWaitingRequests(db: DbOrTx, limit: number) {
  const returns = and(sql`${orders.returnRequestedAt} IS NOT NULL`, eq(orders.status, "DELIVERED"));
  const cancellations = and(sql`${orders.cancellationRequestedAt} IS NOT NULL`, inArray(orders.status, ["PENDING", "PROCESSING"]));
  return summaries(db)
    .where(sql`(${returns}) OR (${cancellations})`)
    .orderBy(sql`coalesce(${orders.returnRequestedAt}, ${orders.cancellationRequestedAt})`, orders.id)
    .limit(limit);
}

/** A page of the list, newest first, reading every hit of a search; with a search, the page is taken from the hits before any order is read. */
export async function findOrders(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">, limit: number, offset: number) {
  const text = searchText(q);
  if (!text) return summaries(db).where(statusIs(q.status)).orderBy(...newestFirst).limit(limit).offset(offset);
  const page = sql`SELECT hit.id FROM (${searchHits(text, q.status)}) hit ORDER BY hit.created_at DESC, hit.id DESC LIMIT ${limit} OFFSET ${offset}`;
  return summaries(db).where(sql`${orders.id} IN (${page})`).orderBy(...newestFirst);
}

/**
 * How many orders the list holds. A search counts its hits. Without one, the number comes from the totals the order
 * triggers keep by status, payment state and method (docs/decisions/119), as the dashboard reads them: the deltas are
 * folded first (so they stay few even in a shop whose dashboard is never opened), then the totals and any delta
 * written since are summed: a few dozen rows, where counting the orders read an index entry per order (62 ms at a
 * million; docs/decisions/164).
 */
export async function countOrders(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">): Promise<number> {
  const text = searchText(q);
  if (text) {
    const [row] = await db.select({ n: count() }).from(sql`(${searchHits(text, q.status)}) hit`);
    return row?.n ?? 0;
  }
  await refreshOrderTotals(db);
  const ofStatus = q.status ? sql`WHERE status = ${q.status}` : sql``;
  const [row] = await rawRows<{ n: string | number }>(db, sql`SELECT coalesce(sum(orders), 0) AS n FROM ${keptOrderTotals} kept ${ofStatus}`);
  return Number(row?.n ?? 0);
}

/**
 * A page of the list and its total. An unfiltered search whose page ends within `KEPT_DEPTH` takes both from the kept
 * numbers in one statement, then reads the page's orders (docs/decisions/148); any other list counts and pages at the
 * same time on two connections.
 */
export async function findOrdersPage(db: DbOrTx, q: Pick<AdminOrdersQuery, "q" | "status">, limit: number, offset: number, few = FEW_CUSTOMERS) {
  const text = searchText(q);
  if (!text || q.status || limit + offset > KEPT_DEPTH) {
    const [rows, total] = await Promise.all([findOrders(db, q, limit, offset), countOrders(db, q)]);
    return { rows, total };
  }
  const [kept] = await db.select({ total: sql<number>`kept.total`.mapWith(Number), ids: sql<string[]>`kept.ids` }).from(sql`(${keptSearch(text, limit, offset, few)}) kept`);
  const ids = kept?.ids ?? [];
  const rows = ids.length ? await summaries(db).where(inArray(orders.id, ids)).orderBy(...newestFirst) : [];
  return { rows, total: kept?.total ?? 0 };
}

export async function findOrder(db: DbOrTx, id: string) {
  const [row] = await summaries(db).where(eq(orders.id, id)).limit(1);
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

import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orders, orderStatusHistory, payments, products, productSizes, refunds, taxDocuments, users } from "../../db/schema/index.js";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/**
 * Takes `quantity` units of one size, only if that many are there. One conditional UPDATE: concurrent
 * buyers of the same size queue on the row lock, and each re-checks `stock >= n` on the row it gets,
 * so the last unit is sold once. Returns false when there was not enough.
 */
export async function takeStock(tx: DbOrTx, productId: string, size: string, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(productSizes)
    .set({ stock: sql`${productSizes.stock} - ${quantity}` })
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size), gte(productSizes.stock, quantity)))
    .returning({ stock: productSizes.stock });
  return rows.length === 1;
}

export async function giveBackStock(tx: DbOrTx, productId: string, size: string, quantity: number): Promise<void> {
  await tx
    .update(productSizes)
    .set({ stock: sql`${productSizes.stock} + ${quantity}` })
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
}

export async function currentStock(tx: DbOrTx, productId: string, size: string): Promise<number> {
  const [row] = await tx
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row?.stock ?? 0;
}

export async function insertOrder(tx: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertItems(tx: DbOrTx, values: (typeof orderItems.$inferInsert)[]): Promise<void> {
  if (values.length) await tx.insert(orderItems).values(values);
}

export async function insertHistory(tx: DbOrTx, values: typeof orderStatusHistory.$inferInsert): Promise<void> {
  await tx.insert(orderStatusHistory).values(values);
}

export async function insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<void> {
  await tx.insert(payments).values(values);
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function findOrderByIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findOrdersForUser(db: DbOrTx, userId: string, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

export async function findItemsFor(db: DbOrTx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

export async function findHistoryFor(db: DbOrTx, orderIds: string[]): Promise<OrderHistoryRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, orderIds)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

export async function findRefundsFor(db: DbOrTx, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
}

/** Moves an order from one status to another only if it is still in `from` (no lost updates). */
export type DocumentNumbers = Partial<Record<"INVOICE" | "CREDIT_NOTE", string>>;

/**
 * The tax documents' numbers per order (docs/decisions/081). Both kinds are named so that the lookup walks
 * `tax_documents_kind_order_uq` (kind, order): by the order alone, no index leads with it, and at a million bills every
 * order page read the whole table (60,085 buffers, 0.8 s; docs/decisions/130).
 */
export async function findDocumentNumbersFor(db: DbOrTx, orderIds: string[]): Promise<Map<string, DocumentNumbers>> {
  const out = new Map<string, DocumentNumbers>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: taxDocuments.orderId, kind: taxDocuments.kind, number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.kind, taxDocuments.kind.enumValues), inArray(taxDocuments.orderId, orderIds)));
  for (const r of rows) out.set(r.orderId, { ...out.get(r.orderId), [r.kind]: r.number });
  return out;
}

export async function updateOrderIf(
  tx: DbOrTx,
  id: string,
  where: { status?: OrderRow["status"][]; paymentStatus?: OrderRow["paymentStatus"]; paymentMethod?: OrderRow["paymentMethod"]; userId?: string; noCancellationRequest?: boolean },
  set: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set(set)
    .where(
      and(
        eq(orders.id, id),
        where.status ? inArray(orders.status, where.status) : undefined,
        where.paymentStatus ? eq(orders.paymentStatus, where.paymentStatus) : undefined,
        where.paymentMethod ? eq(orders.paymentMethod, where.paymentMethod) : undefined,
        where.userId ? eq(orders.userId, where.userId) : undefined,
        where.noCancellationRequest ? isNull(orders.cancellationRequestedAt) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Marks the stock of an order as given back; true only for the one caller that did it first. */
export async function claimStockRelease(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ stockReleasedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * Locks the customer's row until the transaction ends, so two checkouts of one customer count their open orders one
 * after the other (the limit cannot be passed by sending orders at the same moment).
 */
export async function lockCustomer(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Orders that hold stock without money: not yet shipped and payment still PENDING (unpaid wallet, unconfirmed or confirmed COD). */
export async function countOpenUnpaid(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["PENDING", "PROCESSING"]), eq(orders.paymentStatus, "PENDING")));
  return Number(row?.n ?? 0);
}

/** The order's row, locked until the transaction ends: every change of its status or payment state starts here. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

export async function deleteOrder(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, id));
}

/** The order's personalised lines that are not printed yet (the SHIPPED gate; docs/decisions/101). */
export async function findUnprintedItems(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.personalisation), isNull(orderItems.printedAt)))
    .orderBy(asc(orderItems.id));
}

/** Orders whose personalised lines are printed now: paid and not shipped, or cash on delivery confirmed (PROCESSING). */
const inPrintQueue = sql`((${orders.status} IN ('PENDING', 'PROCESSING') AND ${orders.paymentStatus} = 'PAID') OR (${orders.status} = 'PROCESSING' AND ${orders.paymentMethod} = 'COD' AND ${orders.paymentStatus} = 'PENDING'))`;

/** Every personalised line waiting to be printed, oldest order first, with the kit's colours and the customer's name. */
export async function findPrintQueue(db: DbOrTx, limit = 500) {
  return db
    .select({ item: orderItems, order: orders, colors: products.colors, customer: users.name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(isNotNull(orderItems.personalisation), isNull(orderItems.printedAt), inPrintQueue))
    .orderBy(asc(orders.createdAt), asc(orderItems.id))
    .limit(limit);
}

/** One line with its order, locked until the transaction ends (marking it printed). */
export async function lockItemWithOrder(tx: DbOrTx, itemId: string) {
  const [row] = await tx
    .select({ item: orderItems, order: orders, inQueue: sql<boolean>`(${inPrintQueue})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId))
    .for("update");
  return row;
}

/** Marks a line printed, only if it is not printed yet; the line as it is after, or undefined when someone was first. */
export async function markItemPrinted(tx: DbOrTx, itemId: string, byUserId: string, at: Date): Promise<OrderItemRow | undefined> {
  const [row] = await tx
    .update(orderItems)
    .set({ printedAt: at, printedByUserId: byUserId })
    .where(and(eq(orderItems.id, itemId), isNotNull(orderItems.personalisation), isNull(orderItems.printedAt)))
    .returning();
  return row;
}

import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orderItems, orderStatusHistory, orders, products, reviews, users } from "../../db/schema/index.js";
import { rawRows } from "../../db/common-queries.js";

/**
 * An order the customer received: delivered, or delivered and then sent back (a faulty shirt's buyer may still say
 * so; docs/decisions/185). A parcel returned to sender was never received.
 */
const RECEIVED = sql`(o.status = 'DELIVERED' OR (o.status = 'RETURNED' AND EXISTS (
  SELECT 1 FROM ${orderStatusHistory} h WHERE h.order_id = o.id AND h.status = 'DELIVERED'
)))`;

/** True when the review's author received an order containing the reviewed product. */
const verifiedBuyerSql = sql<boolean>`EXISTS (
  SELECT 1 FROM ${orders} o JOIN ${orderItems} oi ON oi.order_id = o.id
  WHERE o.user_id = ${reviews.userId} AND oi.product_id = ${reviews.productId} AND ${RECEIVED}
)`;

/** Only what the public may see of the author: the name, never the user row. */
const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  rating: reviews.rating,
  comment: reviews.comment,
  hidden: reviews.hidden,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  reviewerName: users.name,
  verifiedBuyer: verifiedBuyerSql,
};

export type ReviewRecord = Awaited<ReturnType<typeof findReviews>>[number];

export async function findReviews(db: DbOrTx, by: { productId?: string; id?: string; userId?: string; visibleOnly?: boolean }) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        by.productId ? eq(reviews.productId, by.productId) : undefined,
        by.id ? eq(reviews.id, by.id) : undefined,
        by.userId ? eq(reviews.userId, by.userId) : undefined,
        by.visibleOnly ? eq(reviews.hidden, false) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
}

/** Whether the customer received an order with the product: they may review it. */
export async function hasReceivedOrderWith(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const rows = await rawRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ${orders} o JOIN ${orderItems} oi ON oi.order_id = o.id
      WHERE o.user_id = ${userId} AND oi.product_id = ${productId} AND ${RECEIVED} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Locks the product row so concurrent reviews of one product recompute its aggregates one after another. */
export async function lockActiveProduct(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row;
}

export async function findProductSummary(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: products.id, status: products.status, ratingAverage: products.ratingAverage, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/** rating_average and review_count from the visible reviews, in the caller's transaction. */
export async function recomputeAggregates(db: DbOrTx, productId: string): Promise<void> {
  await db
    .update(products)
    .set({
      ratingAverage: sql`(SELECT avg(r.rating)::real FROM ${reviews} r WHERE r.product_id = ${productId} AND NOT r.hidden)`,
      reviewCount: sql`(SELECT count(*)::int FROM ${reviews} r WHERE r.product_id = ${productId} AND NOT r.hidden)`,
    })
    .where(eq(products.id, productId));
}

/** The new review's id, or undefined when the customer already reviewed the product. */
export async function insertReview(db: DbOrTx, values: { productId: string; userId: string; rating: number; comment: string }): Promise<string | undefined> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return row?.id;
}

export async function findReviewOwner(db: DbOrTx, id: string): Promise<{ userId: string; productId: string } | undefined> {
  const [row] = await db.select({ userId: reviews.userId, productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  return row;
}

export async function updateReview(db: DbOrTx, id: string, changes: { rating?: number; comment?: string; hidden?: boolean }): Promise<void> {
  await db.update(reviews).set(changes).where(eq(reviews.id, id));
}

export async function deleteReview(db: DbOrTx, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

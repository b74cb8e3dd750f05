import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { products, users, wishlistItems } from "../../db/schema/index.js";

/** The customer's wished products that are on sale, oldest wish first. */
export async function findWishedActiveProducts(db: DbOrTx, userId: string) {
  return db
    .select({ product: products, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.status, "ACTIVE")))
    .orderBy(asc(wishlistItems.createdAt), asc(products.id));
}

/**
 * Holds the customer's wishlist until the transaction ends, so that two adds at once cannot both pass its limit. The
 * customer's row is locked in the mode that leaves it free for foreign-key checks (an order being placed meanwhile).
 */
export async function lockWishlistOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/** The ids of the products on the customer's wishlist that are on sale (what the list shows and the limit counts). */
export async function findWishedActiveIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.status, "ACTIVE")));
  return rows.map((r) => r.id);
}

/** The ids among `ids` of products on sale. */
export async function findActiveProductIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, "ACTIVE")));
  return rows.map((r) => r.id);
}

/** Adds each product once; returns the ids that were not there yet. */
export async function insertItems(db: DbOrTx, userId: string, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .insert(wishlistItems)
    .values(productIds.map((productId) => ({ userId, productId })))
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId });
  return rows.map((r) => r.productId);
}

export async function deleteItem(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

export async function deleteAllOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}

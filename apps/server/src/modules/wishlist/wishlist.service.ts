import { and, asc, eq, inArray } from "drizzle-orm";
import { effectivePrice, type WishlistEntry } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { products, wishlistItems } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { groupBy } from "../../lib/group-by.js";
import { mediaUrl } from "../catalog/catalog.service.js";
import { findMainImageKeys, findSizes } from "../orders/orders.repository.js";

export const ALREADY_IN_WISHLIST = "Product already in wishlist!";

/** The signed-in customer's wishlist, kept on the server so every device shows the same list. */
export function createWishlistService(db: Db) {
  async function list(userId: string): Promise<WishlistEntry[]> {
    const rows = await db
      .select({ product: products, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), eq(products.status, "ACTIVE")))
      .orderBy(asc(wishlistItems.createdAt), asc(products.id));
    const ids = rows.map((r) => r.product.id);
    const [sizes, images] = await Promise.all([findSizes(db, ids), findMainImageKeys(db, ids)]);
    const sizesBy = groupBy(sizes, (s) => s.productId);
    return rows.map(({ product: p, addedAt }) => {
      const key = images.get(p.id);
      return {
        id: p.id,
        name: p.name,
        slug: p.slug,
        price: effectivePrice(p.price, p.salePrice),
        originalPrice: p.price,
        image: key ? mediaUrl(key) : null,
        brand: p.brand,
        rating: p.reviewCount > 0 && p.ratingAverage != null ? Math.round(p.ratingAverage * 10) / 10 : null,
        reviewCount: p.reviewCount,
        stock: (sizesBy.get(p.id) ?? []).reduce((n, s) => n + Math.max(0, s.stock), 0),
        addedAt: addedAt.toISOString(),
      };
    });
  }

  async function activeIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.status, "ACTIVE")));
    return rows.map((r) => r.id);
  }

  async function add(userId: string, productId: string): Promise<WishlistEntry[]> {
    if ((await activeIds([productId])).length === 0) throw notFound("Product not found");
    const inserted = await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing().returning({ productId: wishlistItems.productId });
    if (inserted.length === 0) throw conflict(ALREADY_IN_WISHLIST);
    return list(userId);
  }

  async function remove(userId: string, productId: string): Promise<WishlistEntry[]> {
    await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return list(userId);
  }

  async function clear(userId: string): Promise<void> {
    await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  }

  /** Adds the ids kept in a browser before sign-in; unknown, inactive and duplicate ids are skipped. */
  async function merge(userId: string, productIds: string[]): Promise<WishlistEntry[]> {
    const ids = await activeIds([...new Set(productIds)]);
    if (ids.length) await db.insert(wishlistItems).values(ids.map((productId) => ({ userId, productId }))).onConflictDoNothing();
    return list(userId);
  }

  return { list, add, remove, clear, merge };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

import { effectivePrice, fillMessage, MAX_WISHLIST_ITEMS, MSG, ORDER_MSG, ORDER_TEMPLATE, type WishlistEntry } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import { productsWithStock } from "../catalog/catalog.service.js";
import * as repo from "./wishlist.repository.js";

export const ALREADY_IN_WISHLIST = ORDER_MSG.alreadyInWishlist;
export const WISHLIST_FULL = fillMessage(ORDER_TEMPLATE.wishlistFull, { max: MAX_WISHLIST_ITEMS });

/** The signed-in customer's wishlist, kept on the server so every device shows the same list. */
export function createWishlistService(db: Db) {
  async function list(userId: string): Promise<WishlistEntry[]> {
    const rows = await repo.findWishedActiveProducts(db, userId);
    const { sizesBy, imageUrls } = await productsWithStock(
      db,
      rows.map((r) => r.product.id),
    );
    return rows.map(({ product: p, addedAt }) => {
      return {
        id: p.id,
        name: p.name,
        nameNe: p.nameNe,
        slug: p.slug,
        price: effectivePrice(p.price, p.salePrice),
        originalPrice: p.price,
        image: imageUrls.get(p.id) ?? null,
        brand: p.brand,
        rating: p.reviewCount > 0 && p.ratingAverage != null ? Math.round(p.ratingAverage * 10) / 10 : null,
        reviewCount: p.reviewCount,
        stock: (sizesBy.get(p.id) ?? []).reduce((n, s) => n + Math.max(0, s.stock), 0),
        addedAt: addedAt.toISOString(),
      };
    });
  }

  /** Adds one product; a list that already holds MAX_WISHLIST_ITEMS products on sale takes no more (docs/decisions/158). */
  async function add(userId: string, productId: string): Promise<WishlistEntry[]> {
    if ((await repo.findActiveProductIds(db, [productId])).length === 0) throw notFound(MSG.productNotFound);
    await db.transaction(async (tx) => {
      await repo.lockWishlistOf(tx, userId);
      const wished = await repo.findWishedActiveIds(tx, userId);
      if (wished.includes(productId)) throw conflict(ALREADY_IN_WISHLIST);
      if (wished.length >= MAX_WISHLIST_ITEMS) throw conflict(WISHLIST_FULL);
      if ((await repo.insertItems(tx, userId, [productId])).length === 0) throw conflict(ALREADY_IN_WISHLIST);
    });
    return list(userId);
  }

  async function remove(userId: string, productId: string): Promise<WishlistEntry[]> {
    await repo.deleteItem(db, userId, productId);
    return list(userId);
  }

  async function clear(userId: string): Promise<void> {
    await repo.deleteAllOf(db, userId);
  }

  /**
   * Adds the ids kept in a browser before sign-in: as many as the limit leaves room for, the first ones in the
   * browser's order. Unknown, inactive and duplicate ids are skipped.
   */
  async function merge(userId: string, productIds: string[]): Promise<WishlistEntry[]> {
    const active = new Set(await repo.findActiveProductIds(db, [...new Set(productIds)]));
    await db.transaction(async (tx) => {
      await repo.lockWishlistOf(tx, userId);
      const wished = new Set(await repo.findWishedActiveIds(tx, userId));
      const fresh = [...new Set(productIds)].filter((id) => active.has(id) && !wished.has(id));
      await repo.insertItems(tx, userId, fresh.slice(0, Math.max(0, MAX_WISHLIST_ITEMS - wished.size)));
    });
    return list(userId);
  }

  return { list, add, remove, clear, merge };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

import { effectivePrice, MSG, ORDER_MSG, type WishlistEntry } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import { productsWithStock } from "../catalog/catalog.service.js";
import * as repo from "./wishlist.repository.js";

export const ALREADY_IN_WISHLIST = ORDER_MSG.alreadyInWishlist;

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

  async function add(userId: string, productId: string): Promise<WishlistEntry[]> {
    if ((await repo.findActiveProductIds(db, [productId])).length === 0) throw notFound(MSG.productNotFound);
    const inserted = await repo.insertItems(db, userId, [productId]);
    if (inserted.length === 0) throw conflict(ALREADY_IN_WISHLIST);
    return list(userId);
  }

  async function remove(userId: string, productId: string): Promise<WishlistEntry[]> {
    await repo.deleteItem(db, userId, productId);
    return list(userId);
  }

  async function clear(userId: string): Promise<void> {
    await repo.deleteAllOf(db, userId);
  }

  /** Adds the ids kept in a browser before sign-in; unknown, inactive and duplicate ids are skipped. */
  async function merge(userId: string, productIds: string[]): Promise<WishlistEntry[]> {
    await repo.insertItems(db, userId, await repo.findActiveProductIds(db, [...new Set(productIds)]));
    return list(userId);
  }

  return { list, add, remove, clear, merge };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

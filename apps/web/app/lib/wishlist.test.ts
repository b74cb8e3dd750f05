// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_WISHLIST_ITEMS } from "@khelkud/contracts";
import { addToWishlist, wishlistStore, type WishlistItem } from "./wishlist";
import { toast } from "./toast";
import { cardFixture } from "../test/fixtures";

const kept = (n: number): WishlistItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `kept-${i}`, name: `Kept ${i}`, slug: `kept-${i}`, price: 1, originalPrice: 1, image: null, brand: "Nike", rating: null, reviewCount: 0, stock: 1, addedAt: "2026-12-07T00:00:00.000Z" }));

describe("the wishlist in this browser (docs/decisions/158)", () => {
  beforeEach(() => wishlistStore.set([]));
  afterEach(() => vi.restoreAllMocks());

  it("takes products up to the server's limit, then refuses the next with the server's message and keeps the list", () => {
    const error = vi.spyOn(toast, "error");
    vi.spyOn(toast, "success").mockImplementation(() => undefined);
    wishlistStore.set(kept(MAX_WISHLIST_ITEMS - 1));
    expect(addToWishlist(cardFixture({ id: "last-place" }))).toBe(true);
    expect(wishlistStore.get()).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(addToWishlist(cardFixture({ id: "one-too-many" }))).toBe(false);
    expect(wishlistStore.get()).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(wishlistStore.get().map((i) => i.id)).not.toContain("one-too-many");
    expect(error).toHaveBeenCalledWith("Your wishlist is full: it holds at most 200 products. Remove one to add another.");
  });
});

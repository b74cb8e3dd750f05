// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_WISHLIST_ITEMS } from "@khelkud/contracts";
import { addToWishlist, completeWishlistMove, removeFromWishlist, wishlistItemName, wishlistStore, type WishlistItem } from "./wishlist";
import { localProduct } from "./local-text";
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

describe("the wishlist in both names (docs/decisions/179)", () => {
  const EN = "Nepal National Team Away Jersey";
  const NE = "नेपाल राष्ट्रिय टोली बाहिरी जर्सी";
  const away = cardFixture({ id: "p-away", name: EN, nameNe: NE });
  beforeEach(() => wishlistStore.set([]));
  afterEach(() => {
    document.documentElement.lang = "en";
    vi.restoreAllMocks();
  });

  it("keeps the English and the Nepali name of a product added on a Nepali page, and names it in the page's language", () => {
    vi.spyOn(toast, "success").mockImplementation(() => undefined);
    addToWishlist(localProduct(away, "ne"));
    const [item] = wishlistStore.get();
    expect(item).toMatchObject({ name: EN, nameNe: NE });
    expect(wishlistItemName(item!, "ne")).toBe(NE);
    expect(wishlistItemName(item!, "en")).toBe(EN);
    addToWishlist(cardFixture({ id: "p-plain", name: "Plain Tee" }));
    expect(wishlistStore.get()[1]).toMatchObject({ name: "Plain Tee", nameNe: null });
    expect(wishlistItemName(wishlistStore.get()[1]!, "ne")).toBe("Plain Tee");
  });

  it("still reads an item kept before the wishlist held the Nepali name, under its English name", () => {
    window.localStorage.setItem("wishlist", JSON.stringify(kept(1)));
    window.dispatchEvent(new StorageEvent("storage", { key: "wishlist" }));
    const [old] = wishlistStore.get();
    expect(old).toMatchObject({ id: "kept-0", name: "Kept 0" });
    expect(old!.nameNe).toBeUndefined();
    expect(wishlistItemName(old!, "ne")).toBe("Kept 0");
  });

  it("names the product in Nepali in the toasts of a Nepali page: removed, moved to the cart", () => {
    const success = vi.spyOn(toast, "success").mockImplementation(() => undefined);
    document.documentElement.lang = "ne";
    addToWishlist(localProduct(away, "ne"));
    removeFromWishlist(away.id);
    expect(success).toHaveBeenLastCalledWith(expect.stringContaining(NE));
    addToWishlist(localProduct(away, "ne"));
    // Move to cart reads the product fresh from the API: the English name with its Nepali one beside it.
    completeWishlistMove({ id: away.id, name: EN, nameNe: NE });
    expect(success).toHaveBeenLastCalledWith(expect.stringContaining(NE));
    expect(wishlistStore.get()).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { addToCart, cartStore, cartTotals, lineKey, removeFromCart, updateQuantity } from "./cart-store";
import { productFixture } from "../test/fixtures";

describe("the cart store (docs/product-rules.md §5)", () => {
  beforeEach(() => cartStore.set([]));

  it("refuses a product with sizes until a size is chosen, and a sold-out size", () => {
    const product = productFixture();
    expect(addToCart(product, { silent: true })).toBe(false);
    expect(addToCart(product, { size: "S", silent: true })).toBe(false);
    expect(cartStore.get()).toEqual([]);
  });

  it("merges the same product and size into one line, never above that size's stock", () => {
    const product = productFixture();
    expect(addToCart(product, { size: "M", quantity: 1, silent: true })).toBe(true);
    expect(addToCart(product, { size: "M", quantity: 5, silent: true })).toBe(true);
    expect(addToCart(product, { size: "L", quantity: 2, silent: true })).toBe(true);
    const lines = cartStore.get();
    expect(lines.map((l) => [l.key, l.quantity, l.stock])).toEqual([
      [lineKey(product.id, "M"), 2, 2],
      [lineKey(product.id, "L"), 2, 5],
    ]);
    expect(cartTotals(lines)).toEqual({ totalItems: 4, totalAmount: 4 * 350_000 });
  });

  it("keeps the cart in this browser's storage, read back by a new page", () => {
    addToCart(productFixture(), { size: "L", quantity: 3, silent: true });
    const stored = JSON.parse(window.localStorage.getItem("cart") ?? "[]") as { size: string; quantity: number }[];
    expect(stored.map((l) => [l.size, l.quantity])).toEqual([["L", 3]]);
  });

  it("applies a new quantity only above 0 and not above the line's stock", () => {
    const product = productFixture();
    addToCart(product, { size: "L", quantity: 1, silent: true });
    const key = lineKey(product.id, "L");
    updateQuantity(key, 5);
    expect(cartStore.get()[0]!.quantity).toBe(5);
    updateQuantity(key, 6);
    updateQuantity(key, 0);
    updateQuantity(key, -1);
    expect(cartStore.get()[0]!.quantity).toBe(5);
    removeFromCart(key, true);
    expect(cartStore.get()).toEqual([]);
  });

  it("ignores stored lines it cannot trust", () => {
    window.localStorage.setItem("cart", JSON.stringify([{ key: "x", productId: "p", quantity: 0 }, { key: 1 }, "junk", { key: "ok", productId: "p", quantity: 2 }]));
    window.dispatchEvent(new StorageEvent("storage", { key: "cart" }));
    expect(cartStore.get().map((l) => l.key)).toEqual(["ok"]);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { addToCart, cartLineName, cartStore, cartTotals, lineKey, removeFromCart, setLineFromCheck, updateQuantity } from "./cart-store";
import { localProduct } from "./local-text";
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

  it("keeps both names on a line, whichever language's page it was added on, and shows the page's (docs/decisions/117)", () => {
    const product = { ...productFixture(), nameNe: "नेपाल क्रिकेट घरेलु जर्सी" };
    addToCart(product, { size: "M", silent: true });
    addToCart(localProduct(product, "ne"), { size: "L", silent: true });
    for (const line of cartStore.get()) {
      expect(line).toMatchObject({ name: "Nepal Cricket Home Jersey", nameNe: "नेपाल क्रिकेट घरेलु जर्सी" });
      expect(cartLineName(line, "ne")).toBe("नेपाल क्रिकेट घरेलु जर्सी");
      expect(cartLineName(line, "en")).toBe("Nepal Cricket Home Jersey");
    }
    expect(cartStore.get()).toHaveLength(2);
    // A product without a Nepali name: its English name on both.
    cartStore.set([]);
    addToCart(localProduct(productFixture(), "ne"), { size: "M", silent: true });
    expect(cartLineName(cartStore.get()[0]!, "ne")).toBe("Nepal Cricket Home Jersey");
  });

  it("reads a line stored before the cart kept the Nepali name: its own name in both languages, until the cart's check names it", () => {
    const old = { key: "p-M-default", productId: "p", name: "Nepal Home Jersey", slug: "nepal-home", image: null, price: 100, originalPrice: 100, quantity: 1, stock: 3, size: "M", color: "default" };
    window.localStorage.setItem("cart", JSON.stringify([old]));
    window.dispatchEvent(new StorageEvent("storage", { key: "cart" }));
    const [line] = cartStore.get();
    expect(line).toEqual(old);
    expect(cartLineName(line!, "ne")).toBe("Nepal Home Jersey");
    expect(cartLineName(line!, "en")).toBe("Nepal Home Jersey");
    setLineFromCheck(old.key, 1, 100, 3, { name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी" });
    expect(cartLineName(cartStore.get()[0]!, "ne")).toBe("नेपाल घरेलु जर्सी");
    expect(cartLineName(cartStore.get()[0]!, "en")).toBe("Nepal Home Jersey");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct } from "../../test/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (payload: object) => t.app.inject({ method: "POST", url: "/api/cart/validate", payload });

describe("POST /api/cart/validate", () => {
  it("answers current prices and stock and says what changed and why", async () => {
    const db = t.database.db;
    const sale = await insertProduct(db, { name: "Sale Kit", price: 300_000, salePrice: 200_000, sizes: [{ size: "M", stock: 2 }, { size: "L", stock: 0 }] });
    const gone = await insertProduct(db, { name: "Gone Kit", status: "INACTIVE" });
    const res = await check({
      items: [
        { productId: sale.id, size: "M", quantity: 5, price: 300_000 },
        { productId: sale.id, size: "L", quantity: 1, price: 200_000 },
        { productId: gone.id, size: "M", quantity: 1 },
        { productId: sale.id, size: "XXL", quantity: 1 },
        { productId: "missing", size: "M", quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { lines, summary, canCheckout } = res.json().data;
    expect(lines[0]).toMatchObject({ price: 200_000, originalPrice: 300_000, stock: 2, quantity: 2, requestedQuantity: 5, available: true, lineTotal: 400_000 });
    expect(lines[0].issues.map((i: { code: string }) => i.code)).toEqual(["PRICE_CHANGED", "LOW_STOCK"]);
    expect(lines[0].issues[0].message).toBe("Price dropped from Rs. 3,000 to Rs. 2,000");
    expect(lines[0].issues[1].message).toBe("Only 2 left in size M");
    expect(lines[1]).toMatchObject({ available: false, quantity: 0, issues: [{ code: "SOLD_OUT", message: "Sale Kit (size L) is sold out" }] });
    expect(lines[2]).toMatchObject({ available: false, issues: [{ code: "UNAVAILABLE", message: "Gone Kit is no longer available" }] });
    expect(lines[3].issues[0].code).toBe("UNKNOWN_SIZE");
    expect(lines[4].issues[0]).toEqual({ code: "UNAVAILABLE", message: "This product is no longer available" });
    expect(summary).toMatchObject({ subtotal: 400_000, shippingCost: 15_000, total: 415_000, itemCount: 2, district: null });
    expect(summary.amountToFreeShipping).toBe(100_100);
    expect(canCheckout).toBe(false);
  });

  it("sends each line's Nepali name beside the English one (checkout's summary on /ne shows it, docs/decisions/117)", async () => {
    const db = t.database.db;
    const named = await insertProduct(db, { name: "Nepal Home Kit", nameNe: "नेपाल घरेलु किट" });
    const plain = await insertProduct(db, { name: "Plain Kit" });
    const { lines } = (await check({ items: [{ productId: named.id, size: "M", quantity: 1 }, { productId: plain.id, size: "M", quantity: 1 }] })).json().data;
    expect(lines.map((l: { name: string; nameNe: string | null }) => [l.name, l.nameNe])).toEqual([
      ["Nepal Home Kit", "नेपाल घरेलु किट"],
      ["Plain Kit", null],
    ]);
  });

  it("gives the exact fee for a chosen district, ignores a free-text city, and free shipping above the threshold", async () => {
    const p = await insertProduct(t.database.db, { price: 100_000, sizes: [{ size: "M", stock: 50 }] });
    const kaski = (await check({ items: [{ productId: p.id, size: "M", quantity: 1 }], district: "kaski", city: "Kathmandu" })).json().data;
    expect(kaski.summary).toMatchObject({ shippingCost: 20_000, insideValley: false, district: "Kaski" });
    expect(kaski.canCheckout).toBe(true);
    const lalitpur = (await check({ items: [{ productId: p.id, size: "M", quantity: 1 }], district: "Lalitpur" })).json().data;
    expect(lalitpur.summary).toMatchObject({ shippingCost: 15_000, insideValley: true, district: "Lalitpur" });
    const unknown = await check({ items: [{ productId: p.id, size: "M", quantity: 1 }], district: "Patan" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("Please choose one of Nepal's 77 districts");
    const free = (await check({ items: [{ productId: p.id, size: "M", quantity: 6 }], district: "Kaski" })).json().data;
    expect(free.summary).toMatchObject({ subtotal: 600_000, shippingCost: 0, amountToFreeShipping: 0 });
  });

  it("caps a line at the per-order maximum and refuses nonsense quantities", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 100 }] });
    const body = (await check({ items: [{ productId: p.id, size: "M", quantity: 15 }] })).json().data;
    expect(body.lines[0]).toMatchObject({ quantity: 10, issues: [{ code: "TOO_MANY" }] });
    for (const quantity of [0, -1, 2.5, "3"]) {
      expect((await check({ items: [{ productId: p.id, size: "M", quantity }] })).statusCode).toBe(400);
    }
  });

  it("handles an empty cart", async () => {
    const body = (await check({ items: [] })).json().data;
    expect(body).toMatchObject({ lines: [], canCheckout: false, summary: { subtotal: 0, shippingCost: 0, total: 0 } });
  });
});

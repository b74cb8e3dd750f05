import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function customer() {
  const u = await insertUser(t.database.db);
  return (await sessionFor(t.app, u.id)).cookie;
}

describe("wishlist on the server", () => {
  it("adds, refuses a duplicate, lists with price and stock, removes and clears", async () => {
    const headers = await customer();
    const a = await insertProduct(t.database.db, { name: "Wish A", price: 300_000, salePrice: 250_000, sizes: [{ size: "M", stock: 0 }] });
    const b = await insertProduct(t.database.db, { name: "Wish B", sizes: [{ size: "M", stock: 3 }, { size: "L", stock: 4 }] });
    expect((await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: a.id } })).statusCode).toBe(201);
    const dup = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: a.id } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("Product already in wishlist!");
    await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: b.id } });
    const items = (await t.app.inject({ url: "/api/wishlist", headers })).json().data.items;
    expect(items).toEqual([
      expect.objectContaining({ id: a.id, name: "Wish A", price: 250_000, originalPrice: 300_000, stock: 0 }),
      expect.objectContaining({ id: b.id, stock: 7 }),
    ]);
    const afterRemove = (await t.app.inject({ method: "DELETE", url: `/api/wishlist/${a.id}`, headers })).json().data.items;
    expect(afterRemove.map((i: { id: string }) => i.id)).toEqual([b.id]);
    await t.app.inject({ method: "DELETE", url: "/api/wishlist", headers });
    expect((await t.app.inject({ url: "/api/wishlist", headers })).json().data.items).toEqual([]);
  });

  it("merges the ids kept before sign-in, skipping unknown and inactive products, and keeps lists per customer", async () => {
    const mine = await customer();
    const theirs = await customer();
    const a = await insertProduct(t.database.db);
    const b = await insertProduct(t.database.db);
    const hidden = await insertProduct(t.database.db, { status: "INACTIVE" });
    await t.app.inject({ method: "POST", url: "/api/wishlist", headers: mine, payload: { productId: a.id } });
    const merged = await t.app.inject({ method: "POST", url: "/api/wishlist/merge", headers: mine, payload: { productIds: [a.id, b.id, hidden.id, "nope", b.id] } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data.items.map((i: { id: string }) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect((await t.app.inject({ url: "/api/wishlist", headers: theirs })).json().data.items).toEqual([]);
  });

  it("needs sign-in and refuses an unknown product", async () => {
    expect((await t.app.inject({ url: "/api/wishlist" })).statusCode).toBe(401);
    const headers = await customer();
    expect((await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: "nope" } })).statusCode).toBe(404);
  });
});

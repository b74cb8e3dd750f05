import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { eq } from "drizzle-orm";
import { MAX_WISHLIST_ITEMS } from "@khelkud/contracts";
import { products, wishlistItems } from "../../db/schema/index.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function customer() {
  const u = await insertUser(t.database.db);
  return (await sessionFor(t.app, u.id)).cookie;
}

/** A customer whose wishlist already holds `n` products on sale (inserted in bulk), and those products' ids. */
async function customerWishing(n: number) {
  const u = await insertUser(t.database.db);
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await t.database.db
    .insert(products)
    .values(Array.from({ length: n }, (_, i) => ({ name: `Kept ${tag} ${i}`, slug: `kept-${tag}-${i}`, brand: "Nike", price: 250_000 })))
    .returning({ id: products.id });
  await t.database.db.insert(wishlistItems).values(rows.map((r) => ({ userId: u.id, productId: r.id })));
  return { headers: (await sessionFor(t.app, u.id)).cookie, ids: rows.map((r) => r.id) };
}
const FULL = "Your wishlist is full: it holds at most 200 products. Remove one to add another.";

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

  it("holds at most 200 products on sale: the next is refused with a clear message and nothing changes; one taken off sale frees a place", async () => {
    expect(MAX_WISHLIST_ITEMS).toBe(200);
    const { headers, ids } = await customerWishing(200);
    const extra = await insertProduct(t.database.db);
    const refused = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: extra.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(FULL);
    const dup = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: ids[5] } });
    expect(dup.json().error).toBe("Product already in wishlist!");
    const listed = (await t.app.inject({ url: "/api/wishlist", headers })).json().data.items as { id: string }[];
    expect(listed).toHaveLength(200);
    expect(listed.map((i) => i.id)).not.toContain(extra.id);
    await t.database.db.update(products).set({ status: "INACTIVE" }).where(eq(products.id, ids[0]!));
    const added = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: extra.id } });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.items).toHaveLength(200);
  });

  it("lets one of five adds at once take the last place", async () => {
    const { headers } = await customerWishing(199);
    const others = await Promise.all(Array.from({ length: 5 }, () => insertProduct(t.database.db)));
    const answers = await Promise.all(others.map((p) => t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: p.id } })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await t.app.inject({ url: "/api/wishlist", headers })).json().data.items).toHaveLength(200);
  });

  it("merges only as many as the limit leaves room for, the first ones in the browser's order", async () => {
    const { headers, ids } = await customerWishing(195);
    const fresh: string[] = [];
    for (let i = 0; i < 8; i++) fresh.push((await insertProduct(t.database.db, { name: `Browser Wish ${i}` })).id);
    const merged = await t.app.inject({ method: "POST", url: "/api/wishlist/merge", headers, payload: { productIds: [ids[0]!, fresh[0]!, "nope", ...fresh.slice(1)] } });
    expect(merged.statusCode).toBe(200);
    const got = (merged.json().data.items as { id: string }[]).map((i) => i.id);
    expect(got).toHaveLength(200);
    expect(got.filter((id) => fresh.includes(id)).sort()).toEqual(fresh.slice(0, 5).sort());
  });

  it("names each product in Nepali too, where it has a Nepali name (docs/decisions/179)", async () => {
    const headers = await customer();
    const away = await insertProduct(t.database.db, { name: "Nepal National Team Away Jersey", nameNe: "नेपाल राष्ट्रिय टोली बाहिरी जर्सी" });
    const plain = await insertProduct(t.database.db, { name: "Plain Training Tee" });
    const added = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: away.id } });
    expect(added.json().data.items).toEqual([expect.objectContaining({ id: away.id, name: "Nepal National Team Away Jersey", nameNe: "नेपाल राष्ट्रिय टोली बाहिरी जर्सी" })]);
    const merged = await t.app.inject({ method: "POST", url: "/api/wishlist/merge", headers, payload: { productIds: [plain.id] } });
    expect(merged.json().data.items).toEqual([expect.objectContaining({ id: away.id, nameNe: "नेपाल राष्ट्रिय टोली बाहिरी जर्सी" }), expect.objectContaining({ id: plain.id, name: "Plain Training Tee", nameNe: null })]);
    const listed = (await t.app.inject({ url: "/api/wishlist", headers })).json().data.items;
    expect(listed.map((i: { nameNe: string | null }) => i.nameNe)).toEqual(["नेपाल राष्ट्रिय टोली बाहिरी जर्सी", null]);
  });

  it("refuses a product id that is not text, saying so (400)", async () => {
    const headers = await customer();
    for (const productId of [123, null, ["x"]]) {
      const res = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId } });
      expect(res.statusCode, JSON.stringify(productId)).toBe(400);
      expect(res.json().error, JSON.stringify(productId)).toBe("productId must be text");
    }
    const nepali = await t.app.inject({ method: "POST", url: "/api/wishlist", headers: { ...headers, "accept-language": "ne" }, payload: { productId: 123 } });
    expect(nepali.json().error).toBe("productId अक्षरमा हुनुपर्छ");
    const merged = await t.app.inject({ method: "POST", url: "/api/wishlist/merge", headers, payload: { productIds: [7] } });
    expect(merged.statusCode).toBe(400);
    expect(merged.json().error).toBe("productId must be text");
    const missing = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("productId is required");
    const blank = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: "  " } });
    expect(blank.json().error).toBe("productId is required");
  });

  it("needs sign-in and refuses an unknown product", async () => {
    expect((await t.app.inject({ url: "/api/wishlist" })).statusCode).toBe(401);
    const headers = await customer();
    expect((await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: "nope" } })).statusCode).toBe(404);
  });
});

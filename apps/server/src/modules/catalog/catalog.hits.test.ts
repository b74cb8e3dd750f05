/**
 * A search ranks and counts at most 1,000 hits (docs/decisions/020-search.md); when the products whose titles hold
 * the words typed fill that cap, the weaker matches are not read at all (docs/decisions/097). What a shopper sees
 * must not change with it: title matches first, the count capped, and description-only matches still found when
 * the title matches do not fill the cap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory } from "../../test/factories.js";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  const category = await insertCategory(t.database.db, { name: "Football Jerseys", slug: "football-jerseys" });
  // 1,100 "Kestrel" shirts by title, 5 that only mention "kestrel" in their description, and 30 "Osprey" shirts
  // by title with 20 more that mention "osprey" only in the description.
  await t.database.db.execute(sql`INSERT INTO products (id, name, slug, description, brand, category_id, price)
    SELECT 'kestrel-' || g, 'Kestrel Home Jersey ' || g, 'kestrel-' || g, 'Plain shirt.', 'Nike', ${category.id}, 250000 FROM generate_series(1, 1100) g`);
  await t.database.db.execute(sql`INSERT INTO products (id, name, slug, description, brand, category_id, price)
    SELECT 'plain-kestrel-' || g, 'Plain Away Jersey ' || g, 'plain-kestrel-' || g, 'Worn by kestrel fans.', 'Puma', ${category.id}, 250000 FROM generate_series(1, 5) g`);
  await t.database.db.execute(sql`INSERT INTO products (id, name, slug, description, brand, category_id, price)
    SELECT 'osprey-' || g, 'Osprey Third Jersey ' || g, 'osprey-' || g, 'Plain shirt.', 'Kelme', ${category.id}, 250000 FROM generate_series(1, 30) g`);
  await t.database.db.execute(sql`INSERT INTO products (id, name, slug, description, brand, category_id, price)
    SELECT 'plain-osprey-' || g, 'Plain Retro Jersey ' || g, 'plain-osprey-' || g, 'Worn by osprey fans.', 'Asics', ${category.id}, 250000 FROM generate_series(1, 20) g`);
});
afterAll(() => t.close());

const search = async (q: string, extra = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/products/search?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { products: { name: string }[]; pagination: { total: number; totalPages: number } };
};

describe("a search past its cap of hits", () => {
  it("counts at most 1,000 hits and ranks the title matches first when they fill the cap", async () => {
    const first = await search("kestrel", "&limit=50");
    expect(first.pagination.total).toBe(1000);
    expect(first.products).toHaveLength(50);
    expect(first.products.every((p) => p.name.startsWith("Kestrel "))).toBe(true);
    const last = await search("kestrel", "&limit=50&page=20");
    expect(last.products).toHaveLength(50);
    expect(last.products.every((p) => p.name.startsWith("Kestrel "))).toBe(true);
    expect((await search("kestrel", "&limit=50&page=21")).products).toEqual([]);
  });

  it("finds the description-only matches after the title matches when these do not fill the cap", async () => {
    const found = await search("osprey", "&limit=100");
    expect(found.pagination.total).toBe(50);
    expect(found.products.slice(0, 30).every((p) => p.name.startsWith("Osprey "))).toBe(true);
    expect(found.products.slice(30).every((p) => p.name.startsWith("Plain Retro "))).toBe(true);
  });

  it("fills the cap with the weaker matches after the title matches, and pages no further than the count", async () => {
    // "plain": 25 titles, and 1,130 more products that say it in their description only.
    const first = await search("plain", "&limit=50");
    expect(first.pagination.total).toBe(1000);
    expect(first.pagination.totalPages).toBe(20);
    expect(first.products.slice(0, 25).every((p) => p.name.startsWith("Plain "))).toBe(true);
    expect(first.products.slice(25).some((p) => p.name.startsWith("Plain "))).toBe(false);
    const last = await search("plain", "&limit=50&page=20");
    expect(last.products).toHaveLength(50);
    expect(last.products.some((p) => p.name.startsWith("Plain "))).toBe(false);
    expect((await search("plain", "&limit=50&page=21")).products).toEqual([]);
  });

  it("still finds a misspelt broad word, and the catalogue's facets count every match of the query", async () => {
    expect((await search("kestrl")).pagination.total).toBe(1000);
    const res = await t.app.inject({ method: "GET", url: "/api/products?q=kestrel&facets=true&limit=1" });
    expect(res.statusCode).toBe(200);
    const brands = (res.json().data.facets.brands as { name: string; count: number }[]).map((b) => [b.name, b.count]);
    expect(brands).toEqual([
      ["Nike", 1100],
      ["Puma", 5],
    ]);
  });
});

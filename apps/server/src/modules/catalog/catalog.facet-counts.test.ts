/**
 * The catalogue's total, brand counts and category counts come from counts kept per category and brand by triggers on
 * products (docs/decisions/133, migration 0018). Whatever changes the products (one at a time or a statement of many:
 * added, hidden, moved to another category or brand, deleted), a shopper must see the same counts and pages as
 * counting the products themselves gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";

let t: TestContext;
let jerseys: { id: string; slug: string };
let shorts: { id: string; slug: string };

interface Listing {
  products: { slug: string; brand: string }[];
  pagination: { total: number };
  facets: { brands: { name: string; count: number }[]; categories: { id: string; count: number }[] };
}

async function listing(query: string): Promise<Listing> {
  const res = await t.app.inject({ method: "GET", url: `/api/products?facets=true&${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as Listing;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What counting the active products themselves gives for a category (or none) and brands (or none). */
async function counted(categoryId: string | undefined, brands: string[] | undefined) {
  const inCategory = categoryId ? sql`AND category_id = ${categoryId}` : sql``;
  const ofBrands = brands ? sql`AND lower(brand) = ANY(${sql.param(brands.map((b) => b.toLowerCase()))}::text[])` : sql``;
  const [total] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE status = 'ACTIVE' ${inCategory} ${ofBrands}`);
  const byBrand = await rows<{ name: string; count: number }>(
    sql`SELECT brand AS name, count(*)::int AS count FROM products WHERE status = 'ACTIVE' ${inCategory} GROUP BY brand ORDER BY count(*) DESC, brand ASC`,
  );
  const byCategory = await rows<{ id: string; count: number }>(
    sql`SELECT c.id, (SELECT count(*)::int FROM products p WHERE p.status = 'ACTIVE' AND p.category_id = c.id ${ofBrands}) AS count
      FROM categories c WHERE c.status = 'ACTIVE' AND c.type = 'PRODUCT' ORDER BY c.sort_order, c.name`,
  );
  return { total: total!.n, brands: byBrand, categories: byCategory };
}

/** The listing's counts against the products' own, for every category and none, with and without a brand filter; and the category list's. */
/** The rows of a raw query (PGlite and node-postgres answer in different shapes). */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

async function expectCountsAsTheProducts() {
  // The kept rows themselves, one per category and brand, as the active products give them: the API below would agree
  // with the products even if it had counted them instead of reading these rows.
  const kept = await t.database.db.execute(sql`SELECT coalesce(category_id, '') AS category, brand, products::int AS n FROM product_facet_counts WHERE products <> 0 ORDER BY 1, 2`);
  const fromProducts = await t.database.db.execute(
    sql`SELECT coalesce(category_id, '') AS category, brand, count(*)::int AS n FROM products WHERE status = 'ACTIVE' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(rowsOf(kept).length).toBeGreaterThan(0);
  expect(rowsOf(kept), "product_facet_counts").toEqual(rowsOf(fromProducts));
  const res = await t.app.inject({ method: "GET", url: "/api/categories?type=PRODUCT" });
  const listed = (res.json().data.categories as { id: string; productCount: number }[]).map((c) => ({ id: c.id, count: c.productCount }));
  expect(listed, "/api/categories").toEqual((await counted(undefined, undefined)).categories);
  for (const category of [jerseys, shorts, undefined]) {
    for (const brands of [undefined, ["Nike"], ["puma", "KELME"], ["Nobody"]]) {
      const query = [category ? `category=${category.slug}` : "", ...(brands ?? []).map((b) => `brand=${encodeURIComponent(b)}`), "limit=5"]
        .filter(Boolean)
        .join("&");
      const got = await listing(query);
      const want = await counted(category?.id, brands);
      const label = `${query}`;
      expect(got.pagination.total, label).toBe(want.total);
      expect(got.facets.brands, label).toEqual(want.brands);
      expect(
        got.facets.categories.map((c) => ({ id: c.id, count: c.count })),
        label,
      ).toEqual(want.categories);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  jerseys = await insertCategory(t.database.db, { name: "Football Jerseys", slug: "football-jerseys", sortOrder: 0 });
  shorts = await insertCategory(t.database.db, { name: "Shorts", slug: "shorts", sortOrder: 1 });
  // One statement of many rows (a bulk load), and single products the way the admin adds them.
  await t.database.db.execute(sql`INSERT INTO products (id, name, slug, description, brand, category_id, price, created_at)
    SELECT 'bulk-' || g, 'Bulk Jersey ' || g, 'bulk-' || g, 'A shirt.', (ARRAY['Nike', 'Puma', 'Kelme'])[1 + g % 3],
      CASE WHEN g % 4 = 0 THEN ${shorts.id} ELSE ${jerseys.id} END, 100000 + g * 1000, now() - g * interval '1 minute'
    FROM generate_series(1, 60) g`);
  await insertProduct(t.database.db, { name: "Lone Jersey", brand: "Kelme", categoryId: jerseys.id });
  await insertProduct(t.database.db, { name: "Hidden Jersey", brand: "Nike", categoryId: jerseys.id, status: "INACTIVE" });
  await insertProduct(t.database.db, { name: "Jersey Of No Category", brand: "Puma" });
});
afterAll(() => t.close());

describe("the catalogue's kept counts", () => {
  it("count as the products do after they are added, one by one or many in one statement", async () => {
    const page = await listing(`category=${jerseys.slug}&limit=5`);
    expect(page.pagination.total).toBe(46);
    expect(page.facets.brands).toEqual([
      { name: "Kelme", count: 16 },
      { name: "Nike", count: 15 },
      { name: "Puma", count: 15 },
    ]);
    await expectCountsAsTheProducts();
  });

  it("follow products hidden, shown again, moved to another category or brand, renamed in another case, and deleted", async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE products SET status = 'INACTIVE' WHERE id IN ('bulk-1', 'bulk-2', 'bulk-4')`);
    await expectCountsAsTheProducts();
    await db.execute(sql`UPDATE products SET status = 'ACTIVE' WHERE id = 'bulk-4'`);
    await db.execute(sql`UPDATE products SET category_id = ${shorts.id} WHERE id IN ('bulk-5', 'bulk-6', 'bulk-7')`);
    await db.execute(sql`UPDATE products SET category_id = NULL WHERE id = 'bulk-9'`);
    await expectCountsAsTheProducts();
    // Many rows at once, from one brand to another, and a brand written in another case (its own facet, filtered alike).
    await db.execute(sql`UPDATE products SET brand = 'Kelme' WHERE brand = 'Puma' AND category_id = ${shorts.id}`);
    await db.execute(sql`UPDATE products SET brand = 'NIKE' WHERE id IN ('bulk-10', 'bulk-13')`);
    // A change that touches none of the counted columns changes nothing.
    await db.execute(sql`UPDATE products SET price = price + 100, rating_average = 4.5`);
    await expectCountsAsTheProducts();
    await db.execute(sql`DELETE FROM product_sizes WHERE product_id IN ('bulk-11', 'bulk-12', 'bulk-14')`);
    await db.execute(sql`DELETE FROM products WHERE id IN ('bulk-11', 'bulk-12', 'bulk-14')`);
    await expectCountsAsTheProducts();
    const nike = await listing(`category=${jerseys.slug}&brand=nike&limit=50`);
    expect(nike.products.map((p) => p.brand).sort()).toEqual(Array.from({ length: nike.pagination.total }, (_, i) => (i < 2 ? "NIKE" : "Nike")));
  });

  it("give the same pages in every order, of one brand (an index of its own) or of two, and an empty page past the last", async () => {
    for (const [brands, lower] of [
      ["brand=Kelme", ["kelme"]],
      ["brand=Kelme&brand=PUMA", ["kelme", "puma"]],
    ] as const)
      for (const sort of ["", "&sort=newest", "&sort=price-low", "&sort=price-high", "&sort=name"]) {
        const all: string[] = [];
        for (let page = 1; ; page++) {
          const got = await listing(`category=${jerseys.slug}&${brands}&limit=4&page=${page}${sort}`);
          if (got.products.length === 0) break;
          all.push(...got.products.map((p) => p.slug));
        }
        const order =
          sort === "&sort=price-low"
            ? sql`price ASC, id ASC`
            : sort === "&sort=price-high"
              ? sql`price DESC, id ASC`
              : sort === "&sort=name"
                ? sql`name ASC, id ASC`
                : sql`created_at DESC, id DESC`;
        const want = await rows<{ slug: string }>(
          sql`SELECT slug FROM products WHERE status = 'ACTIVE' AND category_id = ${jerseys.id} AND lower(brand) = ANY(${sql.param([...lower])}::text[]) ORDER BY ${order}`,
        );
        expect(all, `${brands}${sort}`).toEqual(want.map((r) => r.slug));
      }
  });

  it("are counted again by the rebuild after a load that bypassed the triggers", async () => {
    const db = t.database.db;
    await db.execute(sql`DELETE FROM product_facet_counts`);
    await db.execute(sql`SELECT khelkud_product_facet_counts_rebuild()`);
    await expectCountsAsTheProducts();
  });
});

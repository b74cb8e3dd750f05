/**
 * The catalogue's total, brand counts and category counts come from counts kept per category and brand by triggers on
 * products (docs/decisions/133, migration 0018), and, for a price range, featured or new, per price, featured and new
 * too (docs/decisions/138, migration 0020). Whatever changes the products (one at a time or a statement of many: added,
 * hidden, moved to another category or brand, repriced, put on sale, marked featured or new, deleted), a shopper must
 * see the same counts and pages as counting the products themselves gives.
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

/** What counting the active products themselves gives for a category (or none), brands (or none) and other conditions. */
async function counted(categoryId: string | undefined, brands: string[] | undefined, also: ReturnType<typeof sql> = sql``) {
  const inCategory = categoryId ? sql`AND category_id = ${categoryId}` : sql``;
  const ofBrands = brands ? sql`AND lower(brand) = ANY(${sql.param(brands.map((b) => b.toLowerCase()))}::text[])` : sql``;
  const [total] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE status = 'ACTIVE' ${inCategory} ${ofBrands} ${also}`);
  const byBrand = await rows<{ name: string; count: number }>(
    sql`SELECT brand AS name, count(*)::int AS count FROM products WHERE status = 'ACTIVE' ${inCategory} ${also} GROUP BY brand ORDER BY count(*) DESC, brand ASC`,
  );
  const byCategory = await rows<{ id: string; count: number }>(
    sql`SELECT c.id, (SELECT count(*)::int FROM products WHERE status = 'ACTIVE' AND category_id = c.id ${ofBrands} ${also}) AS count
      FROM categories c WHERE c.status = 'ACTIVE' AND c.type = 'PRODUCT' ORDER BY c.sort_order, c.name`,
  );
  return { total: total!.n, brands: byBrand, categories: byCategory };
}

const PAID = sql`(CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END)`;
/** The other filters the kept counts answer, as a query string and as a condition on the products (prices in rupees). */
const FILTERS: [string, ReturnType<typeof sql>][] = [
  ["", sql``],
  ["minPrice=1100&maxPrice=1300", sql`AND ${PAID} BETWEEN 110000 AND 130000`],
  ["minPrice=1450", sql`AND ${PAID} >= 145000`],
  ["maxPrice=1025.5", sql`AND ${PAID} <= 102550`],
  ["featured=true", sql`AND featured`],
  ["isNew=true&maxPrice=1400", sql`AND is_new AND ${PAID} <= 140000`],
  ["featured=false&isNew=false&minPrice=1000&maxPrice=1500", sql`AND NOT featured AND NOT is_new AND ${PAID} BETWEEN 100000 AND 150000`],
];

/** The listing's counts against the products' own, for every category and none, with and without a brand filter; and the category list's. */
/** The rows of a raw query (PGlite and node-postgres answer in different shapes). */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

async function expectCountsAsTheProducts() {
  // The kept rows themselves, one per category and brand, as the active products give them: the API below would agree
  // with the products even if it had counted them instead of reading these rows.
  const kept = await t.database.db.execute(
    sql`SELECT coalesce(category_id, '') AS category, brand, products::int AS n FROM product_facet_counts WHERE products <> 0 ORDER BY 1, 2`,
  );
  const fromProducts = await t.database.db.execute(
    sql`SELECT coalesce(category_id, '') AS category, brand, count(*)::int AS n FROM products WHERE status = 'ACTIVE' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(rowsOf(kept).length).toBeGreaterThan(0);
  expect(rowsOf(kept), "product_facet_counts").toEqual(rowsOf(fromProducts));
  const keptFiner = await t.database.db.execute(
    sql`SELECT category_id AS category, price, brand, featured, is_new, products::int AS n FROM product_filter_counts WHERE products <> 0 ORDER BY 1, 2, 3, 4, 5`,
  );
  const finerFromProducts = await t.database.db.execute(
    sql`SELECT coalesce(category_id, '') AS category, ${PAID} AS price, brand, featured, is_new, count(*)::int AS n
      FROM products WHERE status = 'ACTIVE' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );
  expect(rowsOf(keptFiner).length).toBeGreaterThan(rowsOf(kept).length);
  expect(rowsOf(keptFiner), "product_filter_counts").toEqual(rowsOf(finerFromProducts));
  const res = await t.app.inject({ method: "GET", url: "/api/categories?type=PRODUCT" });
  const listed = (res.json().data.categories as { id: string; productCount: number }[]).map((c) => ({ id: c.id, count: c.productCount }));
  expect(listed, "/api/categories").toEqual((await counted(undefined, undefined)).categories);
  for (const category of [jerseys, shorts, undefined])
    for (const brands of [undefined, ["Nike"], ["puma", "KELME"], ["Nobody"]])
      for (const [filter, also] of FILTERS) {
        const query = [category ? `category=${category.slug}` : "", ...(brands ?? []).map((b) => `brand=${encodeURIComponent(b)}`), filter, "limit=5"]
          .filter(Boolean)
          .join("&");
        const got = await listing(query);
        const want = await counted(category?.id, brands, also);
        const label = `${query}`;
        expect(got.pagination.total, label).toBe(want.total);
        expect(got.facets.brands, label).toEqual(want.brands);
        expect(
          got.facets.categories.map((c) => ({ id: c.id, count: c.count })),
          label,
        ).toEqual(want.categories);
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
  // Prices that repeat (one kept row of many products), sale prices under the price (what a shopper pays) and over it
  // (not counted), featured and new products.
  await t.database.db.execute(sql`UPDATE products SET price = 100000 + (substr(id, 6)::int % 20) * 2500,
    sale_price = CASE WHEN substr(id, 6)::int % 6 = 0 THEN 102500 WHEN substr(id, 6)::int % 11 = 0 THEN 200000 END,
    featured = substr(id, 6)::int % 5 = 0, is_new = substr(id, 6)::int % 7 < 2 WHERE id LIKE 'bulk-%'`);
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
    // Repriced, put on sale and off it, marked featured and new and unmarked, in statements of many rows.
    await db.execute(sql`UPDATE products SET price = price + 2500 WHERE brand = 'Kelme'`);
    await db.execute(sql`UPDATE products SET sale_price = 101000 WHERE id IN ('bulk-15', 'bulk-16', 'bulk-17')`);
    await db.execute(sql`UPDATE products SET sale_price = NULL WHERE id IN ('bulk-18', 'bulk-22')`);
    await db.execute(sql`UPDATE products SET featured = NOT featured, is_new = NOT is_new WHERE category_id = ${shorts.id}`);
    await expectCountsAsTheProducts();
    // A change that touches none of the counted columns changes nothing.
    await db.execute(sql`UPDATE products SET rating_average = 4.5, review_count = 2`);
    await expectCountsAsTheProducts();
    await db.execute(sql`DELETE FROM product_sizes WHERE product_id IN ('bulk-11', 'bulk-12', 'bulk-14')`);
    await db.execute(sql`DELETE FROM products WHERE id IN ('bulk-11', 'bulk-12', 'bulk-14')`);
    await expectCountsAsTheProducts();
    const nike = await listing(`category=${jerseys.slug}&brand=nike&limit=50`);
    expect(nike.products.map((p) => p.brand).sort()).toEqual(Array.from({ length: nike.pagination.total }, (_, i) => (i < 2 ? "NIKE" : "Nike")));
  });

  it("give the same pages in every order, of one brand (an index of its own), of two, of a price range, featured or new, and an empty page past the last", async () => {
    for (const [filter, where] of [
      ["brand=Kelme", sql`AND lower(brand) = 'kelme'`],
      ["brand=Kelme&brand=PUMA", sql`AND lower(brand) IN ('kelme', 'puma')`],
      ["minPrice=1050&maxPrice=1400", sql`AND ${PAID} BETWEEN 105000 AND 140000`],
      ["brand=nike&minPrice=1025", sql`AND lower(brand) = 'nike' AND ${PAID} >= 102500`],
      ["featured=true", sql`AND featured`],
      ["isNew=false&maxPrice=1200", sql`AND NOT is_new AND ${PAID} <= 120000`],
    ] as const)
      for (const sort of ["", "&sort=newest", "&sort=price-low", "&sort=price-high", "&sort=name"]) {
        const all: string[] = [];
        let total = -1;
        for (let page = 1; ; page++) {
          const got = await listing(`category=${jerseys.slug}&${filter}&limit=4&page=${page}${sort}`);
          total = got.pagination.total;
          if (got.products.length === 0) break;
          all.push(...got.products.map((p) => p.slug));
        }
        const order =
          sort === "&sort=price-low"
            ? sql`${PAID} ASC, id ASC`
            : sort === "&sort=price-high"
              ? sql`${PAID} DESC, id ASC`
              : sort === "&sort=name"
                ? sql`name ASC, id ASC`
                : sql`created_at DESC, id DESC`;
        const want = await rows<{ slug: string }>(
          sql`SELECT slug FROM products WHERE status = 'ACTIVE' AND category_id = ${jerseys.id} ${where} ORDER BY ${order}`,
        );
        expect(want.length, filter).toBeGreaterThan(4);
        expect(all, `${filter}${sort}`).toEqual(want.map((r) => r.slug));
        expect(total, `${filter}${sort}`).toBe(want.length);
      }
  });

  it("are counted again by the rebuild after a load that bypassed the triggers", async () => {
    const db = t.database.db;
    await db.execute(sql`DELETE FROM product_facet_counts`);
    await db.execute(sql`DELETE FROM product_filter_counts`);
    await db.execute(sql`SELECT khelkud_product_facet_counts_rebuild()`);
    await expectCountsAsTheProducts();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";

let t: TestContext;
let football: Awaited<ReturnType<typeof insertCategory>>;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  football = await insertCategory(db, { name: "Football Jerseys", slug: "football-jerseys" });
  const cricket = await insertCategory(db, { name: "Cricket Jerseys", slug: "cricket-jerseys" });
  // A BLOG category with the same slug must never be confused with the product one.
  await insertCategory(db, { name: "Football Jerseys", slug: "football-jerseys", type: "BLOG" });
  const a = await insertProduct(db, { name: "Alpha Home", brand: "Adidas", categoryId: football.id, price: 300_000, featured: true, createdAt: new Date("2026-01-01"), imageCount: 2, sizes: [{ size: "M", stock: 3 }, { size: "S", stock: 0 }, { size: "L", stock: 4 }] });
  const b = await insertProduct(db, { name: "Bravo Away", brand: "Nike", categoryId: football.id, price: 500_000, salePrice: 200_000, createdAt: new Date("2026-02-01") });
  const c = await insertProduct(db, { name: "Charlie ODI", brand: "Kelme", categoryId: cricket.id, price: 150_000, createdAt: new Date("2026-03-01") });
  const hidden = await insertProduct(db, { name: "Hidden Archived", brand: "Nike", categoryId: football.id, status: "INACTIVE" });
  ids = { a: a.id, b: b.id, c: c.id, hidden: hidden.id, aSlug: a.slug, hiddenSlug: hidden.slug };
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/products", () => {
  it("lists only active products, newest first, with pagination", async () => {
    const res = await get("/api/products");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.products.map((p: { name: string }) => p.name)).toEqual(["Charlie ODI", "Bravo Away", "Alpha Home"]);
    expect(body.data.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
  });

  it("pages through results", async () => {
    const body = (await get("/api/products?limit=2&page=2")).json();
    expect(body.data.products.map((p: { name: string }) => p.name)).toEqual(["Alpha Home"]);
    expect(body.data.pagination).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
  });

  it("still counts every match on a page past the last", async () => {
    const body = (await get("/api/products?limit=2&page=5")).json();
    expect(body.data).toEqual({ products: [], pagination: { page: 5, limit: 2, total: 3, totalPages: 2 } });
  });

  it("clamps a limit above 100 instead of failing", async () => {
    const body = (await get("/api/products?limit=100000")).json();
    expect(body.data.pagination.limit).toBe(100);
  });

  it("filters by category id or slug, never matching a blog category", async () => {
    const bySlug = (await get("/api/products?category=football-jerseys")).json();
    const byId = (await get(`/api/products?category=${football.id}`)).json();
    expect(bySlug.data.pagination.total).toBe(2);
    expect(byId.data.products.map((p: { id: string }) => p.id).sort()).toEqual([ids.a, ids.b].sort());
  });

  it("returns an empty list for an unknown category", async () => {
    const body = (await get("/api/products?category=no-such-category")).json();
    expect(body.data).toEqual({ products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it("filters featured products", async () => {
    const body = (await get("/api/products?featured=true")).json();
    expect(body.data.products.map((p: { id: string }) => p.id)).toEqual([ids.a]);
  });

  it("sorts by the price the shopper pays (sale price when lower)", async () => {
    const low = (await get("/api/products?sort=price-low")).json();
    expect(low.data.products.map((p: { name: string }) => p.name)).toEqual(["Charlie ODI", "Bravo Away", "Alpha Home"]);
    const high = (await get("/api/products?sort=price-high")).json();
    expect(high.data.products[0].name).toBe("Alpha Home");
  });

  it("sorts by name", async () => {
    const body = (await get("/api/products?sort=name")).json();
    expect(body.data.products.map((p: { name: string }) => p.name)).toEqual(["Alpha Home", "Bravo Away", "Charlie ODI"]);
  });

  it.each([
    ["limit=abc", "limit"],
    ["page=0", "page"],
    ["page=-3", "page"],
    ["sort=DROP%20TABLE", "sort"],
    ["featured=maybe", "featured"],
    ["minPrice=cheap", "minPrice"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("refuses unknown query parameters with 400", async () => {
    const res = await get("/api/products?color=red");
    expect(res.statusCode).toBe(400);
  });

  it("treats SQL metacharacters in the search text as text", async () => {
    const res = await get(`/api/products?q=${encodeURIComponent("'; DROP TABLE products; --%_")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products).toEqual([]);
    expect((await get("/api/products")).json().data.pagination.total).toBe(3);
  });

  it("describes stock per size and money in paisa", async () => {
    const body = (await get(`/api/products/${ids.a}`)).json();
    const p = body.data.product;
    expect(p.sizes).toEqual([
      { size: "S", stock: 0, available: false },
      { size: "M", stock: 3, available: true },
      { size: "L", stock: 4, available: true },
    ]);
    expect(p.stock).toBe(7);
    expect(p.price).toBe(300_000);
    expect(p.images).toHaveLength(2);
    expect(p.images[0].isPrimary).toBe(true);
    expect(p.rating).toBeNull();
  });

  it("sends what a list shows of each product: prices, stock, rating, category and the main picture, not sizes or texts", async () => {
    const body = (await get("/api/products?sort=name")).json();
    const [alpha, bravo] = body.data.products;
    expect(Object.keys(alpha).sort()).toEqual(
      ["brand", "category", "categoryId", "discountPercent", "featured", "finalPrice", "id", "image", "inStock", "isNew", "name", "nameNe", "personalisable", "price", "rating", "reviewCount", "salePrice", "slug", "stock", "team", "teamNe"].sort(),
    );
    expect(alpha).toMatchObject({ id: ids.a, stock: 7, inStock: true, price: 300_000, finalPrice: 300_000, nameNe: null, category: { id: football.id, slug: "football-jerseys", name: "Football Jerseys", nameNe: null } });
    // The main picture is the one the product page shows first.
    const detail = (await get(`/api/products/${ids.a}`)).json().data.product;
    expect(alpha.image).toEqual({ url: detail.images[0].url, altText: detail.images[0].altText, altTextNe: detail.images[0].altTextNe, width: 800, height: 800 });
    expect(bravo).toMatchObject({ finalPrice: 200_000, discountPercent: 60, image: null });
  });

  it("sends the same shape for a search, ranked or sorted, on the list API and the search API", async () => {
    const listed = (await get("/api/products?sort=name")).json().data.products.find((p: { id: string }) => p.id === ids.a);
    const urls = ["/api/products?q=alpha", "/api/products?q=alpha&sort=name", "/api/products/search?q=alpha", "/api/products/search?q=alpha&sortBy=name&sortOrder=asc", "/api/products/search?q=alpah"];
    for (const url of urls) {
      const [found] = (await get(url)).json().data.products;
      // Exactly the list's summary: the stock of all sizes and the main picture, no size list, pictures or texts.
      expect(found, url).toEqual(listed);
      expect(found.image.url).toMatch(/^\/media\/products\//);
      for (const key of ["sizes", "images", "description", "specifications", "metaTitle", "players"]) expect(found, `${url} ${key}`).not.toHaveProperty(key);
    }
  });

  it("shows the discount for a product on sale", async () => {
    const p = (await get(`/api/products/${ids.b}`)).json().data.product;
    expect(p).toMatchObject({ price: 500_000, salePrice: 200_000, finalPrice: 200_000, discountPercent: 60 });
  });
});

describe("GET /api/products/:id and /slug/:slug", () => {
  it("finds a product by slug", async () => {
    const res = await get(`/api/products/slug/${ids.aSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.product.id).toBe(ids.a);
  });

  it("answers 404 with a clear message for an unknown id or slug", async () => {
    for (const url of ["/api/products/does-not-exist", "/api/products/slug/does-not-exist"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: "Product not found" });
    }
  });

  it("hides inactive products from the public", async () => {
    expect((await get(`/api/products/${ids.hidden}`)).statusCode).toBe(404);
    expect((await get(`/api/products/slug/${ids.hiddenSlug}`)).statusCode).toBe(404);
  });
});

describe("GET /api/categories", () => {
  it("lists categories of one type with counts of active products", async () => {
    const body = (await get("/api/categories?type=PRODUCT")).json();
    const names = body.data.categories.map((c: { name: string; productCount: number }) => [c.name, c.productCount]);
    expect(names).toEqual([
      ["Cricket Jerseys", 1],
      ["Football Jerseys", 2],
    ]);
  });

  it("refuses an unknown type", async () => {
    expect((await get("/api/categories?type=SHOES")).statusCode).toBe(400);
  });
});

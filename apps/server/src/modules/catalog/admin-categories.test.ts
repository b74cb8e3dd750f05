import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG, categoryInUse, localizeMessage } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { categories } from "../../db/schema/index.js";

/** A category in use stays active (docs/decisions/181), and the category form's refusals name what is wrong. */
let t: TestContext;
let admin: Record<string, string>;
let footballId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
  footballId = (await insertCategory(t.database.db, { name: "Football Kits" })).id;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as "GET", url, headers: { ...admin, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const shop = (url: string) => t.app.inject({ method: "GET", url });

const product = (categoryId: string, over: Record<string, unknown> = {}) => ({
  name: `Retro Jersey ${Math.random().toString(36).slice(2, 8)}`,
  categoryId,
  description: "A kit from the nineties.",
  price: 320_000,
  sizes: [{ size: "M", stock: 5 }],
  brand: "Umbro",
  ...over,
});

const category = (name: string, over: Record<string, unknown> = {}) => ({ name, type: "PRODUCT", ...over });

async function createCategory(name: string, over: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/admin/categories", category(name, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.category as { id: string; slug: string; name: string };
}

async function createProduct(categoryId: string) {
  const res = await api("POST", "/api/admin/products", product(categoryId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product as { id: string; name: string; slug: string };
}

async function statusOf(id: string) {
  const [row] = await t.database.db.select({ status: categories.status }).from(categories).where(eq(categories.id, id));
  return row?.status;
}

/** What the catalogue answers for a category, with its facets, as the storefront asks. */
const listing = async (ref: string) => (await shop(`/api/products?category=${encodeURIComponent(ref)}&facets=true&limit=50`)).json().data;

describe("a category that still has products stays active", () => {
  it("refuses to make it inactive (409) saying how many products it has and to move them first, in English and Nepali; the products stay listed under it", async () => {
    const retro = await createCategory("Retro Kits");
    const kit = await createProduct(retro.id);

    const res = await api("PUT", `/api/admin/categories/${retro.id}`, category("Retro Kits", { status: "INACTIVE" }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: "This category still has 1 product. Move it to another category before making this category inactive.",
    });
    expect(res.json().error).toBe(categoryInUse(1, "PRODUCT", "deactivate"));
    const ne = await api("PUT", `/api/admin/categories/${retro.id}`, category("Retro Kits", { status: "INACTIVE" }), { "accept-language": "ne" });
    expect(ne.statusCode).toBe(409);
    expect(ne.json().error).toBe("यो वर्गमा अझै १ वटा सामान छ। वर्ग निष्क्रिय गर्नुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।");

    expect(await statusOf(retro.id)).toBe("ACTIVE");
    const list = await listing(retro.slug);
    expect(list.products.map((p: { id: string }) => p.id)).toEqual([kit.id]);
    expect(list.facets.categories.find((c: { id: string }) => c.id === retro.id)).toMatchObject({ count: 1 });
  });

  it("counts archived products and blog posts too, as deleting does", async () => {
    const archive = await createCategory("Archive Kits");
    await insertProduct(t.database.db, { categoryId: archive.id, status: "INACTIVE" });
    await insertProduct(t.database.db, { categoryId: archive.id, status: "INACTIVE" });
    const res = await api("PUT", `/api/admin/categories/${archive.id}`, category("Archive Kits", { status: "INACTIVE" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("This category still has 2 products. Move them to another category before making this category inactive.");

    const news = await createCategory("Club News", { type: "BLOG" });
    const post = await api("POST", "/api/admin/blogs", { title: "Season preview", categoryId: news.id, content: "<p>Ready.</p>" });
    expect(post.statusCode, post.body).toBe(201);
    const blog = await api("PUT", `/api/admin/categories/${news.id}`, category("Club News", { type: "BLOG", status: "INACTIVE" }));
    expect(blog.statusCode).toBe(409);
    expect(blog.json().error).toBe("This category still has 1 blog post. Move it to another category before making this category inactive.");
    expect(await statusOf(news.id)).toBe("ACTIVE");
  });

  it("makes it inactive once its products are moved; its address then filters nothing, exactly as an unknown category's does", async () => {
    const retro = await createCategory("Retro Classics");
    const kit = await createProduct(retro.id);
    const moved = await api("PUT", `/api/admin/products/${kit.id}`, product(footballId, { name: kit.name }));
    expect(moved.statusCode, moved.body).toBe(200);

    const res = await api("PUT", `/api/admin/categories/${retro.id}`, category("Retro Classics", { status: "INACTIVE" }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.category.status).toBe("INACTIVE");

    const unknown = await listing("no-such-category");
    expect(unknown.products).toEqual([]);
    expect(await listing(retro.slug)).toEqual(unknown);
    expect(await listing(retro.id)).toEqual(unknown);
    // Made active again, it filters again.
    expect((await api("PUT", `/api/admin/categories/${retro.id}`, category("Retro Classics"))).statusCode).toBe(200);
    expect((await listing(retro.slug)).facets.categories.some((c: { id: string }) => c.id === retro.id)).toBe(true);
  });

  it("an inactive category that holds a product from before this rule filters nothing either: not in the list, the search or the counts", async () => {
    const old = await insertCategory(t.database.db, { name: "Vintage Shirts", status: "INACTIVE" });
    const kit = await insertProduct(t.database.db, { name: "Vintage Gorkha Shirt", categoryId: old.id });
    const unknown = await listing("no-such-category");
    const inactive = await listing(old.slug);
    expect(inactive.products).toEqual([]);
    expect(inactive).toEqual(unknown);

    const search = (categoryId: string) => shop(`/api/products/search?q=${encodeURIComponent("Vintage Gorkha")}&categoryId=${categoryId}`);
    expect((await search(old.id)).json().data.products).toEqual([]);
    // The product itself is still found without the filter (it is on sale); the rule keeps new ones from getting there.
    const unfiltered = (await shop(`/api/products/search?q=${encodeURIComponent("Vintage Gorkha")}`)).json().data.products as { id: string }[];
    expect(unfiltered.map((p) => p.id)).toContain(kit.id);
  });

  it("refuses to put a product or a blog post into an inactive category, naming the field", async () => {
    const dormant = await createCategory("Dormant Kits", { status: "INACTIVE" });
    const res = await api("POST", "/api/admin/products", product(dormant.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: ADMIN_MSG.categoryInactive, details: [{ field: "categoryId", message: ADMIN_MSG.categoryInactive }] });

    const kit = await createProduct(footballId);
    const moved = await api("PUT", `/api/admin/products/${kit.id}`, product(dormant.id, { name: kit.name }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe(ADMIN_MSG.categoryInactive);
    expect((await api("GET", `/api/admin/products/${kit.id}`)).json().data.product.categoryId).toBe(footballId);

    const quiet = await createCategory("Quiet Blog", { type: "BLOG", status: "INACTIVE" });
    const post = await api("POST", "/api/admin/blogs", { title: "Nobody reads this", categoryId: quiet.id, content: "<p>Hello.</p>" });
    expect(post.statusCode).toBe(400);
    expect(post.json().details).toEqual([{ field: "categoryId", message: ADMIN_MSG.categoryInactive }]);

    const ne = await api("POST", "/api/admin/products", product(dormant.id), { "accept-language": "ne" });
    expect(ne.json().error).toBe(localizeMessage(ADMIN_MSG.categoryInactive, "ne"));
    expect(ne.json().error).toMatch(/[\u0900-\u097F]/);
  });

  it("still saves a product or post left in an inactive category from before the rule, where it already is", async () => {
    const old = await insertCategory(t.database.db, { name: "Archive Shirts", status: "INACTIVE" });
    const left = await insertProduct(t.database.db, { name: "Archive Gorkha Shirt", categoryId: old.id });
    const priced = await api("PUT", `/api/admin/products/${left.id}`, product(old.id, { name: left.name, price: 199_900 }));
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.product.price).toBe(199_900);

    const quiet = await insertCategory(t.database.db, { name: "Old News", type: "BLOG" });
    const post = await api("POST", "/api/admin/blogs", { title: "Kept in an old category", categoryId: quiet.id, content: "<p>Hello.</p>" });
    expect(post.statusCode, post.body).toBe(201);
    await t.database.db.update(categories).set({ status: "INACTIVE" }).where(eq(categories.id, quiet.id));
    const edited = await api("PUT", `/api/admin/blogs/${post.json().data.blog.id}`, { title: "Kept in an old category, edited", categoryId: quiet.id, content: "<p>Hello again.</p>" });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it("refuses to change the type of a category in use with a message of its own, not the one for deleting", async () => {
    const kits = await createCategory("Goalkeeper Kits");
    await createProduct(kits.id);
    await createProduct(kits.id);
    const res = await api("PUT", `/api/admin/categories/${kits.id}`, category("Goalkeeper Kits", { type: "BLOG" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("This category still has 2 products. Move them to another category before changing this category's type.");
    expect(res.json().error).not.toContain("deleting");
    const ne = await api("PUT", `/api/admin/categories/${kits.id}`, category("Goalkeeper Kits", { type: "BLOG" }), { "accept-language": "ne" });
    expect(ne.json().error).toBe("यो वर्गमा अझै २ वटा सामान छन्। वर्गको प्रकार बदल्नुअघि तिनलाई अर्को वर्गमा सार्नुहोस्।");
    // Deleting keeps its own words.
    expect((await api("DELETE", `/api/admin/categories/${kits.id}`)).json().error).toBe(
      "This category still has 2 products. Move them to another category before deleting it.",
    );
  });
});

describe("the category form's refusals name what is wrong", () => {
  it("an empty body: the name is required and the type must be chosen, field by field, in English and Nepali", async () => {
    const res = await api("POST", "/api/admin/categories", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: "name", message: "Category name is required" },
        { field: "type", message: ADMIN_MSG.categoryTypeRequired },
      ]),
    );
    expect(JSON.stringify(res.json())).not.toContain("Invalid input");
    const ne = await api("POST", "/api/admin/categories", {}, { "accept-language": "ne" });
    for (const d of ne.json().details as { message: string }[]) expect(d.message).toMatch(/[\u0900-\u097F]/);
  });

  it("a name that is missing, blank, not text or too long, and a type that is neither kind", async () => {
    for (const name of [undefined, "", "   ", 42, null]) {
      const res = await api("POST", "/api/admin/categories", { name, type: "PRODUCT" });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json(), String(name)).toMatchObject({
        error: "Category name is required",
        details: [{ field: "name", message: "Category name is required" }],
      });
    }
    const long = await api("POST", "/api/admin/categories", { name: "x".repeat(101), type: "PRODUCT" });
    expect(long.json()).toMatchObject({ error: ADMIN_MSG.categoryNameTooLong, details: [{ field: "name", message: ADMIN_MSG.categoryNameTooLong }] });
    const kind = await api("POST", "/api/admin/categories", { name: "Shorts", type: "SHOES" });
    expect(kind.json()).toMatchObject({ error: ADMIN_MSG.categoryTypeRequired, details: [{ field: "type", message: ADMIN_MSG.categoryTypeRequired }] });
  });
});

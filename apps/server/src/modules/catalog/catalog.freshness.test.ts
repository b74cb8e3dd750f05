/**
 * An administrator's change is searchable at once, with the catalogue cache on as in production: the vocabulary
 * changes in the write's own transaction, the instance that wrote drops its caches, and every other instance
 * reuses a search answer for at most a second.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct, insertUser, sessionFor } from "../../test/factories.js";

let t: TestContext;
let other: FastifyInstance;
let admin: Record<string, string>;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ catalogCacheMs: 60_000, searchWordCacheMs: 500 });
  // A second instance on the same database, with its own caches (as behind a load balancer).
  other = await buildApp(t.config, { database: t.database, logger: false });
  await other.ready();
  admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
  categoryId = (await insertCategory(t.database.db, { name: "Football Jerseys", slug: "football-jerseys" })).id;
  await insertProduct(t.database.db, { name: "FC Barcelona Home Jersey 2025/26", team: "FC Barcelona", brand: "Nike", categoryId });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const api = (method: string, url: string, payload?: object) => t.app.inject({ method: method as "GET", url, headers: admin, ...(payload ? { payload } : {}) });
const names = async (q: string, app: FastifyInstance = t.app) =>
  ((await app.inject({ method: "GET", url: `/api/products/search?q=${encodeURIComponent(q)}` })).json().data.products as { name: string }[]).map((p) => p.name);
const suggested = async (q: string) =>
  ((await t.app.inject({ method: "GET", url: `/api/products/suggestions?q=${encodeURIComponent(q)}` })).json().data.suggestions as { name: string }[]).map(
    (p) => p.name,
  );
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const vocabulary = (word: string) => rows(sql`SELECT products, categories FROM search_vocabulary WHERE word = ${word}`);

const product = (over: Record<string, unknown> = {}) => ({
  name: "Zanzibar Heroes Home Jersey 2026",
  categoryId,
  description: "Island blue.",
  price: 350_000,
  sizes: [{ size: "M", stock: 5 }],
  colors: [],
  brand: "Kelme",
  team: "Zanzibar Heroes",
  featured: false,
  isNew: true,
  status: "ACTIVE",
  keywords: [],
  metaTags: [],
  ...over,
});

describe("an administrator's change is searchable at once", () => {
  it("finds a product the moment the admin creates it, misspelt and as typed, on every instance within a second", async () => {
    expect(await names("zanzibar")).toEqual([]);
    expect(await names("zanzibar", other)).toEqual([]); // now cached on the other instance
    const res = await api("POST", "/api/admin/products", product());
    expect(res.statusCode).toBe(201);
    expect(await names("zanzibar")).toEqual(["Zanzibar Heroes Home Jersey 2026"]);
    expect(await names("zanzibra heroes")).toEqual(["Zanzibar Heroes Home Jersey 2026"]);
    expect(await suggested("zanzi")).toEqual(["Zanzibar Heroes Home Jersey 2026"]);
    expect(await vocabulary("zanzibar")).toEqual([{ products: 1, categories: 0 }]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await names("zanzibar", other)).toEqual(["Zanzibar Heroes Home Jersey 2026"]);
  });

  it("forgets a renamed product's old words and finds its new ones", async () => {
    const [row] = await rows<{ id: string }>(sql`SELECT id FROM products WHERE name LIKE 'Zanzibar%'`);
    const res = await api("PUT", `/api/admin/products/${row!.id}`, product({ name: "Pemba Islanders Away Jersey 2026", team: "Pemba Islanders" }));
    expect(res.statusCode).toBe(200);
    expect(await names("pemba islanders")).toEqual(["Pemba Islanders Away Jersey 2026"]);
    expect(await names("zanzibar")).toEqual([]);
    expect(await vocabulary("zanzibar")).toEqual([]);
    expect(await vocabulary("pemba")).toEqual([{ products: 1, categories: 0 }]);
  });

  it("stops finding an archived product, and its words stop being suggested", async () => {
    const [row] = await rows<{ id: string }>(sql`SELECT id FROM products WHERE name LIKE 'Pemba%'`);
    expect(
      (await api("PUT", `/api/admin/products/${row!.id}`, product({ name: "Pemba Islanders Away Jersey 2026", team: "Pemba Islanders", status: "INACTIVE" })))
        .statusCode,
    ).toBe(200);
    expect(await names("pemba")).toEqual([]);
    expect(await vocabulary("pemba")).toEqual([]);
    const search = (await t.app.inject({ method: "GET", url: "/api/products/search?q=pembq" })).json().data;
    expect(search.didYouMean).toBeUndefined();
  });

  it("finds products by a category's new name", async () => {
    const res = await api("PUT", `/api/admin/categories/${categoryId}`, { name: "Soccer Shirts", type: "PRODUCT" });
    expect(res.statusCode).toBe(200);
    expect(await names("soccer")).toEqual(["FC Barcelona Home Jersey 2025/26"]);
    expect(await names("socer shirts")).toEqual(["FC Barcelona Home Jersey 2025/26"]);
    expect(await vocabulary("football")).toEqual([]);
    expect(await vocabulary("soccer")).toEqual([{ products: 0, categories: 1 }]);
  });
});

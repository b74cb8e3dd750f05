import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct, insertUser, sessionFor } from "../../test/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ catalogCacheMs: 60_000 });
  await insertProduct(t.database.db, { name: "First Jersey" });
});
afterAll(() => t.close());

const total = async (url: string) => (await t.app.inject({ method: "GET", url })).json().data.pagination.total;

describe("catalogue micro-cache", () => {
  it("reuses a public answer within its lifetime and shows writes after invalidate()", async () => {
    expect(await total("/api/products")).toBe(1);
    await insertProduct(t.database.db, { name: "Second Jersey" });
    expect(await total("/api/products")).toBe(1);
    t.app.services.catalog.invalidate();
    expect(await total("/api/products")).toBe(2);
    const res = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.json().success).toBe(true);
  });

  it("never caches a refusal", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/products/nope" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/products?page=0" })).statusCode).toBe(400);
  });

  it("is dropped by an administrator's blog write, as by any admin write (the page cache goes with it)", async () => {
    const before = await total("/api/products");
    await insertProduct(t.database.db, { name: "Third Jersey" });
    expect(await total("/api/products")).toBe(before);
    const admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
    const categoryId = (await insertCategory(t.database.db, { name: "News", type: "BLOG" })).id;
    const res = await t.app.inject({ method: "POST", url: "/api/admin/blogs", headers: admin, payload: { title: "Cache Note", categoryId, content: "<p>Hello</p>" } });
    expect(res.statusCode).toBe(201);
    expect(await total("/api/products")).toBe(before + 1);
  });

  it("keeps the home page's counts and the published blog list as long, and an administrator's write drops them at once", async () => {
    const blogs = async () => (await t.app.inject({ method: "GET", url: "/api/blogs" })).json().data.pagination.total;
    const admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
    const figures = await t.app.services.settings.figures();
    const published = await blogs();
    await insertProduct(t.database.db, { name: "Fourth Jersey", team: "Kept Count FC" });
    expect(await t.app.services.settings.figures()).toEqual(figures);
    const categoryId = (await insertCategory(t.database.db, { name: "Notes", type: "BLOG" })).id;
    const res = await t.app.inject({ method: "POST", url: "/api/admin/blogs", headers: admin, payload: { title: "Published Note", categoryId, content: "<p>Hi</p>", status: "PUBLISHED" } });
    expect(res.statusCode).toBe(201);
    expect(await blogs()).toBe(published + 1);
    expect(await t.app.services.settings.figures()).toEqual({ ...figures, products: figures.products + 1, teams: figures.teams + 1 });
  });
});

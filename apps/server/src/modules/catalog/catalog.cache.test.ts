import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct } from "../../test/factories.js";

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
});

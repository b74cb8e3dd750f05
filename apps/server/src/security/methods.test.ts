import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertUser, sessionFor } from "../test/factories.js";
import { registerErrorHandling } from "../plugins/errors.js";
import { registerMethodNotAllowed } from "../plugins/method-not-allowed.js";

/** An existing path asked with a method it does not have answers 405 and says which methods it has. */
describe("unsupported methods", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ["TRACE", "/api/health", ["GET", "HEAD"]],
    ["PUT", "/api/health", ["GET", "HEAD"]],
    ["DELETE", "/api/products", ["GET", "HEAD"]],
    ["PATCH", "/api/auth/login", ["POST"]],
    ["GET", "/api/auth/login", ["POST"]],
    ["POST", "/api/products/some-id", ["GET", "HEAD"]],
  ] as const)("%s %s answers 405 with Allow", async (method, url, allow) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow?.toString().split(", ")).toEqual(expect.arrayContaining([...allow]));
    expect(res.headers.allow).not.toContain(method);
    expect(res.json()).toEqual({ success: false, error: `Method not allowed: ${method} ${url}` });
  });

  it("answers 405 in Nepali to a request in Nepali, keeping the method and path as sent", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/products", headers: { "accept-language": "ne" } });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({ success: false, error: "यो ठेगानामा यो अनुरोध-विधि चल्दैन: DELETE /api/products" });
  });

  it("a path that does not exist still answers 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });

  it("a static path is not taken for a sibling's parameter: DELETE /api/wishlist/merge and /api/admin/orders/export.csv", async () => {
    const customer = await insertUser(t.database.db);
    const admin = await insertUser(t.database.db, { role: "ADMIN" });
    const asCustomer = (await sessionFor(t.app, customer.id)).bearer;
    const asAdmin = (await sessionFor(t.app, admin.id)).bearer;
    const merge = await t.app.inject({ method: "DELETE", url: "/api/wishlist/merge", headers: asCustomer });
    expect(merge.statusCode).toBe(405);
    expect(merge.headers.allow).toBe("POST");
    const csv = await t.app.inject({ method: "DELETE", url: "/api/admin/orders/export.csv", headers: asAdmin });
    expect(csv.statusCode).toBe(405);
    expect(csv.headers.allow).toContain("GET");
    // The parameter routes still work for real ids.
    expect((await t.app.inject({ method: "DELETE", url: "/api/wishlist/no-such-product", headers: asCustomer })).statusCode).toBeLessThan(500);
  });
});

describe("a route of the method asked that finds nothing", () => {
  it("answers 404, not 405: a file gone from under the static route that was registered for it", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app, registerMethodNotAllowed(app).allowed);
    app.get("/assets/gone.js", (_req, reply) => reply.callNotFound());
    await app.ready();
    const gone = await app.inject({ method: "GET", url: "/assets/gone.js" });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers.allow).toBeUndefined();
    const posted = await app.inject({ method: "POST", url: "/assets/gone.js" });
    expect(posted.statusCode).toBe(405);
    expect(posted.headers.allow).toBe("GET, HEAD");
    await app.close();
  });
});

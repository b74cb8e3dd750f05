import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.js";

type Operation = { responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>> } }> } };

/**
 * The OpenAPI document says what the server answers, so a schema-driven tester meets no undocumented status and no
 * request that the schema allows and the validator refuses (the outside test's Schemathesis findings).
 */
describe("the OpenAPI document", () => {
  let t: TestContext;
  let paths: Record<string, Record<string, Operation>>;
  let description: string;
  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject("/api/docs/json")).json();
    paths = doc.paths;
    description = doc.info.description;
  });
  afterAll(() => t.close());

  const statuses = (path: string, method: string) => Object.keys(paths[path]![method]!.responses);

  it("documents 401 and 403 on administrator operations, and 404 where a path names something", () => {
    expect(statuses("/api/admin/categories/{id}", "delete")).toEqual(expect.arrayContaining(["200", "401", "403", "404"]));
    expect(statuses("/api/users/{id}/role", "put")).toEqual(expect.arrayContaining(["401", "403", "404"]));
    expect(statuses("/api/admin/orders", "get")).toEqual(expect.arrayContaining(["200", "401", "403"]));
    for (const [path, ops] of Object.entries(paths)) {
      if (!path.startsWith("/api/admin/")) continue;
      for (const [method, op] of Object.entries(ops)) expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403"]));
    }
  });

  it("documents 401 on a customer's operations and 429 wherever a rate limit answers it", () => {
    expect(statuses("/api/orders", "post")).toEqual(expect.arrayContaining(["401", "403", "400"]));
    expect(statuses("/api/wishlist", "get")).toContain("401");
    for (const [path, method] of [
      ["/api/auth/register", "post"],
      ["/api/auth/login", "post"],
      ["/api/auth/forgot-password", "post"],
      ["/api/auth/reset-password", "post"],
      ["/api/contact", "post"],
      ["/api/newsletter", "post"],
    ] as const) {
      expect(statuses(path, method), `${method} ${path}`).toContain("429");
    }
    expect(statuses("/api/products", "get")).not.toContain("401");
  });

  it("documents 503 (database unavailable) everywhere, and every operation keeps a success answer", () => {
    for (const [path, ops] of Object.entries(paths)) {
      if (!path.startsWith("/api/")) continue;
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses);
        expect(codes, `${method} ${path}`).toContain("503");
        expect(codes.some((c) => c.startsWith("2") || c.startsWith("3")), `${method} ${path}`).toBe(true);
      }
    }
  });

  it("states the real field rules: e-mail format, phone pattern, lengths, and the ban on NUL", () => {
    const register = paths["/api/auth/register"]!.post!.requestBody!.content["application/json"]!.schema.properties!;
    expect(register.email).toMatchObject({ format: "email", maxLength: 254 });
    expect(register.phone!.pattern).toBeDefined();
    expect(new RegExp(register.phone!.pattern as string).test("98-1234-5678")).toBe(true);
    expect(new RegExp(register.phone!.pattern as string).test("0")).toBe(false);
    expect(register.name).toMatchObject({ minLength: 2, maxLength: 50 });
    const login = paths["/api/auth/login"]!.post!.requestBody!.content["application/json"]!.schema.properties!;
    expect(login.email).toMatchObject({ format: "email" });
    expect(description).toMatch(/NUL/);
    expect(description).toMatch(/405/);
  });
});

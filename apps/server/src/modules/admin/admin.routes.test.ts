import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser, sessionFor } from "../../test/factories.js";

/** Every route of the app's route table, as "METHOD /full/path", read from Fastify's own tree print-out. */
export function routeTable(printed: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split("\n")) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?) \(([^)]+)\)\s*$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const url = stack.join("");
    for (const method of m[3]!.split(",").map((s) => s.trim())) out.push({ method, url });
  }
  return out;
}

/** Admin routes outside /api/admin that the specification names. */
const SPEC_ADMIN_ROUTES = ["PUT /api/users/:id/role"];

let t: TestContext;
let routes: { method: string; url: string }[];
let customer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const c = await insertUser(t.database.db);
  const a = await insertUser(t.database.db, { role: "ADMIN", name: "Admin" });
  customer = (await sessionFor(t.app, c.id)).cookie;
  admin = (await sessionFor(t.app, a.id)).bearer;
  routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(
    (r) => r.method !== "HEAD" && (r.url.startsWith("/api/admin") || SPEC_ADMIN_ROUTES.includes(`${r.method} ${r.url}`)),
  );
});
afterAll(() => t.close());

const call = (r: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: r.method as "GET",
    url: r.url.replace(/:[A-Za-z]+/g, "no-such-id"),
    headers: { "content-type": "application/json", ...headers },
    payload: r.method === "GET" || r.method === "DELETE" ? undefined : "{}",
  });

describe("the admin route table", () => {
  it("is found by walking the route table (and includes the spec's role path)", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(25);
    expect(names).toContain("PUT /api/users/:id/role");
    expect(names).toContain("POST /api/admin/products/:id/images");
    expect(names).toContain("PATCH /api/admin/orders/:id/status");
  });

  it("refuses every admin route to a guest with 401", async () => {
    for (const r of routes) {
      const res = await call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it("refuses every admin route to a signed-in customer with 403", async () => {
    for (const r of routes) {
      const res = await call(r, customer);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("lets an administrator through to every admin route (success or a 4xx about the input, never 401/403/5xx)", async () => {
    for (const r of routes) {
      const res = await call(r, admin);
      const where = `${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      expect([401, 403], where).not.toContain(res.statusCode);
    }
  });

  it("answers the administrator's list calls with 200", async () => {
    for (const r of routes.filter((x) => x.method === "GET" && !x.url.includes(":"))) {
      const res = await call(r, admin);
      expect(res.statusCode, `${r.url} ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});

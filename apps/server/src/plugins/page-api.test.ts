import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertUser } from "../test/factories.js";
import { pageApiFor } from "./page-api.js";
import { hashPassword } from "../lib/password.js";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get("/api/__test/seen", async (req) => ({ success: true, data: { ip: req.ip, user: req.user?.id ?? null, agent: req.headers["user-agent"] ?? null } }));
  });
});
afterAll(() => t.close());

/** The page request a route action runs in: only the parts page-api reads. */
function pageRequest(headers: Record<string, string>, ip = "203.0.113.7"): FastifyRequest {
  return { headers, ip } as unknown as FastifyRequest;
}

describe("a route action's call of the API (docs/decisions/088)", () => {
  it("is made as the visitor: their address, browser and session", async () => {
    const user = await insertUser(t.database.db, { passwordHash: await hashPassword("Himal2026") });
    const login = await pageApiFor(t.app, pageRequest({ "user-agent": "PhoneBrowser/1" }))({ method: "POST", path: "/api/auth/login", json: { email: user.email, password: "Himal2026" } });
    expect(login.status).toBe(200);
    const cookie = login.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();

    const seen = await pageApiFor(t.app, pageRequest({ cookie: cookie!.split(";")[0]!, "user-agent": "PhoneBrowser/1" }))({ method: "GET", path: "/api/__test/seen" });
    expect(seen.body).toEqual({ success: true, data: { ip: "203.0.113.7", user: user.id, agent: "PhoneBrowser/1" } });
  });

  it("meets the API's own rules: validation, and the cross-site check for sign-in", async () => {
    const api = pageApiFor(t.app, pageRequest({}));
    const bad = await api({ method: "POST", path: "/api/auth/login", json: { email: "not-an-email", password: "" } });
    expect(bad.status).toBe(400);
    expect(bad.setCookies).toEqual([]);
    const foreign = await pageApiFor(t.app, pageRequest({ origin: "https://evil.example" }))({ method: "POST", path: "/api/auth/login", json: { email: "a@example.com", password: "x" } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ success: false, error: "Cross-site request refused" });
  });

  it("reaches /api only", async () => {
    await expect(pageApiFor(t.app, pageRequest({}))({ method: "GET", path: "/dev/mail" })).rejects.toThrow(/reach \/api only/);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertUser, sessionFor } from "../test/factories.js";
import { sessions, users } from "../db/schema/index.js";
import { hashToken } from "../modules/accounts/sessions.service.js";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get("/api/__test/me", { preHandler: app.requireUser }, async (req) => ({ success: true, data: { id: req.user!.id } }));
    app.get("/api/__test/admin", { preHandler: app.requireAdmin }, async () => ({ success: true, data: {} }));
  });
});
afterAll(() => t.close());

describe("session check", () => {
  it("accepts the session cookie and the bearer token alike", async () => {
    const user = await insertUser(t.database.db);
    const s = await sessionFor(t.app, user.id);
    for (const headers of [s.cookie, s.bearer]) {
      const res = await t.app.inject({ url: "/api/__test/me", headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(user.id);
    }
  });

  it("tells a missing token from an invalid or expired one", async () => {
    expect((await t.app.inject("/api/__test/me")).json()).toEqual({ success: false, error: "Missing token" });
    const bad = await t.app.inject({ url: "/api/__test/me", headers: { authorization: "Bearer nonsense" } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe("Invalid token");

    const user = await insertUser(t.database.db);
    const s = await sessionFor(t.app, user.id);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(s.token)));
    const expired = await t.app.inject({ url: "/api/__test/me", headers: s.bearer });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe("Token expired");
  });

  it("ends the sessions of a deactivated user at once", async () => {
    const user = await insertUser(t.database.db);
    const s = await sessionFor(t.app, user.id);
    await t.database.db.update(users).set({ status: "INACTIVE" }).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: "/api/__test/me", headers: s.bearer })).statusCode).toBe(401);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it("lets only administrators through the admin check", async () => {
    const customer = await insertUser(t.database.db);
    const admin = await insertUser(t.database.db, { role: "ADMIN" });
    expect((await t.app.inject({ url: "/api/__test/admin" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/__test/admin", headers: (await sessionFor(t.app, customer.id)).bearer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/__test/admin", headers: (await sessionFor(t.app, admin.id)).bearer })).statusCode).toBe(200);
  });

  it("stores only a hash of the token", async () => {
    const user = await insertUser(t.database.db);
    const s = await sessionFor(t.app, user.id);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows[0]!.id).not.toBe(s.token);
    expect(rows[0]!.id).toBe(hashToken(s.token));
  });
});

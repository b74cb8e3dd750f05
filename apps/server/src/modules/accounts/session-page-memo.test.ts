import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser, sessionFor } from "../../test/factories.js";
import { createSessionsService } from "./sessions.service.js";

/** What shared storefront pages may take from a moment ago, and what ends it at once (docs/decisions/111). */
describe("sessions remembered for shared pages", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ sessionPageMemoMs: 60_000 });
  });
  afterAll(() => t.close());

  it("answers a page with the session as it was, and forgets it at once on logout", async () => {
    const user = await insertUser(t.database.db, { name: "Sita Sharma" });
    const { token, bearer } = await sessionFor(t.app, user.id);
    const sessions = t.app.services.sessions;
    const first = await sessions.resolveForPage(token);
    expect("user" in first && first.user.id).toBe(user.id);
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer, payload: {} });
    expect(logout.statusCode).toBe(200);
    expect(await sessions.resolveForPage(token)).toEqual({ failure: "invalid" });
  });

  it("forgets a user when this process ends their sessions or changes them", async () => {
    const user = await insertUser(t.database.db, { name: "Ram Thapa" });
    const { token } = await sessionFor(t.app, user.id);
    const sessions = t.app.services.sessions;
    await sessions.resolveForPage(token);
    await sessions.revokeAllForUser(user.id);
    expect(await sessions.resolveForPage(token)).toEqual({ failure: "invalid" });

    const again = await sessionFor(t.app, user.id);
    const before = await sessions.resolveForPage(again.token);
    expect("user" in before && before.user.role).toBe("USER");
    // An administrator makes them an administrator: the next page sees it, not the remembered row.
    const admin = await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id);
    const res = await t.app.inject({ method: "PUT", url: `/api/users/${user.id}/role`, headers: admin.bearer, payload: { role: "ADMIN" } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await sessions.resolveForPage(again.token);
    expect("user" in after && after.user.role).toBe("ADMIN");
  });

  it("never answers the API from memory: a session ended by another instance is refused at once", async () => {
    const user = await insertUser(t.database.db);
    const { token, bearer } = await sessionFor(t.app, user.id);
    await t.app.services.sessions.resolveForPage(token);
    const otherInstance = createSessionsService(t.database.db);
    await otherInstance.revokeAllForUser(user.id);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer });
    expect(me.statusCode).toBe(401);
  });

  it("is off when SESSION_PAGE_MEMO_MS is 0: every page asks the database", async () => {
    const user = await insertUser(t.database.db);
    const { token } = await sessionFor(t.app, user.id);
    const plain = createSessionsService(t.database.db);
    await plain.resolveForPage(token);
    await createSessionsService(t.database.db).revokeAllForUser(user.id);
    expect(await plain.resolveForPage(token)).toEqual({ failure: "invalid" });
  });
});

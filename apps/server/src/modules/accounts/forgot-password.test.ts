import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser } from "../../test/factories.js";

/**
 * Forgot-password must not tell whether an address has an account (docs/decisions/079): not by its answer, and not by
 * work done before the answer. These tests check what decides that and can be checked exactly — the same status, body
 * and headers for a known and an unknown address, and the e-mail written only for a known one, by the background
 * tasks (started once the answer is decided). How long each answer takes is measured by `npm run bench -- forgot-password` (a figure, never a verdict).
 */

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { windowMs: 60_000, perIp: 1_000_000, perAccount: 1_000_000, perAccountTotal: 1_000_000 } });
});
afterAll(() => t.close());

const ask = (email: string) => t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: "10.9.9.9" });
const resetMailsTo = async (email: string) => (await t.app.services.mail.outbox.list()).filter((e) => e.to === email && /reset/i.test(e.subject ?? ""));
const VARYING = new Set(["date", "x-request-id", "request-id", "content-length"]);
// The CSP nonce is new on every response; the rest of the policy must match.
const stableHeaders = (h: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !VARYING.has(k.toLowerCase())).map(([k, v]) => [k, typeof v === "string" ? v.replace(/'nonce-[^']+'/g, "'nonce-…'") : v]));

describe("forgot-password tells nothing about the address", () => {
  it("answers a known and an unknown address with the same status, body and headers", async () => {
    const user = await insertUser(t.database.db);
    const known = await ask(user.email);
    const unknown = await ask(`nobody-${Date.now()}@nobody.example`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(stableHeaders(unknown.headers)).toEqual(stableHeaders(known.headers));
  });

  it("writes the reset e-mail (background work, after the answer is decided) only for a known address", async () => {
    const user = await insertUser(t.database.db);
    await t.app.services.background.idle();
    const before = (await resetMailsTo(user.email)).length;
    expect((await ask(user.email)).statusCode).toBe(200);
    await t.app.services.background.idle();
    expect(await resetMailsTo(user.email)).toHaveLength(before + 1);

    const stranger = `nobody-${Date.now()}@nobody.example`;
    expect((await ask(stranger)).statusCode).toBe(200);
    await t.app.services.background.idle();
    expect(await resetMailsTo(stranger)).toHaveLength(0);
  });
});

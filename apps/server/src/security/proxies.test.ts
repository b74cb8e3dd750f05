import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@khelkud/contracts";
import { sessions } from "../db/schema/index.js";
import { hashPassword } from "../lib/password.js";
import { EnvError, loadConfig } from "../env.js";
import { insertUser } from "../test/factories.js";
import { createTestApp, type TestContext } from "../test/harness.js";

/**
 * Forwarding headers are believed only from configured proxies (TRUST_PROXY); X-Forwarded-Host never widens the
 * cross-site check. The outside test got 34 password guesses past the per-IP limit by rotating X-Forwarded-For.
 */
const LIMITS = { windowMs: 60_000, perIp: 5, perAccount: 1000, perAccountTotal: 1000 };
const login = (t: TestContext, email: string, headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "Wrong-Guess-1" }, headers, remoteAddress });

async function customer(t: TestContext) {
  return insertUser(t.database.db, { email: `proxy-${Math.random().toString(36).slice(2)}@example.com`, passwordHash: await hashPassword("Secret123") });
}

/** A new signed-in customer; the function sends their profile change with `headers` next to the session cookie. */
async function profileChanger(t: TestContext) {
  const user = await customer(t);
  const { token } = await t.app.services.sessions.create(user.id, { persistent: false });
  return (name: string, headers: Record<string, string>) =>
    t.app.inject({ method: "PUT", url: "/api/users/profile", payload: { name, email: user.email }, headers: { cookie: `${SESSION_COOKIE}=${token}`, ...headers } });
}

describe("without TRUST_PROXY (the default) no forwarding header is believed", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: LIMITS });
    expect(t.config.trustProxy).toEqual([]);
  });
  afterAll(() => t.close());

  it("rotating X-Forwarded-For does not get password guesses past the per-IP limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.perIp + 3; i++) {
      statuses.push((await login(t, `victim-${i}@example.com`, { "x-forwarded-for": `192.0.2.${i + 1}` }, "198.51.100.20")).statusCode);
    }
    expect(statuses.slice(0, LIMITS.perIp)).toEqual(Array(LIMITS.perIp).fill(401));
    expect(statuses.slice(LIMITS.perIp)).toEqual([429, 429, 429]);
  });

  it("stores the connection's address in the session, not the one the client wrote", async () => {
    const user = await customer(t);
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Secret123" }, headers: { "x-forwarded-for": "6.6.6.6, 127.0.0.1" }, remoteAddress: "198.51.100.30" });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.ip)).toEqual(["198.51.100.30"]);
  });

  it("refuses a foreign Origin even with a forged X-Forwarded-Host naming it", async () => {
    const res = await (await profileChanger(t))("Hijacked", { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Cross-site request refused");
  });
});

describe("with TRUST_PROXY=127.0.0.1 (nginx on the same host)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: LIMITS, trustProxy: ["127.0.0.1"] });
  });
  afterAll(() => t.close());

  it("counts each forwarded client address separately, and stores it in the session", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.perIp + 3; i++) statuses.push((await login(t, `someone-${i}@example.com`, { "x-forwarded-for": `203.0.113.${i + 1}` })).statusCode);
    expect(statuses).toEqual(Array(LIMITS.perIp + 3).fill(401));
    // One forwarded address still meets its limit.
    const same: number[] = [];
    for (let i = 0; i < LIMITS.perIp + 1; i++) same.push((await login(t, `same-${i}@example.com`, { "x-forwarded-for": "203.0.113.200" })).statusCode);
    expect(same.at(-1)).toBe(429);

    const user = await customer(t);
    const ok = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Secret123" }, headers: { "x-forwarded-for": "203.0.113.99" } });
    expect(ok.statusCode).toBe(200);
    const rows = await t.database.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.ip)).toEqual(["203.0.113.99"]);
  });

  it("ignores X-Forwarded-For from a client that is not the proxy", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.perIp + 1; i++) statuses.push((await login(t, `direct-${i}@example.com`, { "x-forwarded-for": `192.0.2.${i + 1}` }, "198.51.100.40")).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it("still refuses a foreign Origin when the trusted proxy forwards X-Forwarded-Host", async () => {
    const change = await profileChanger(t);
    const res = await change("Hijacked", { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-for": "203.0.113.5" });
    expect(res.statusCode).toBe(403);
    const own = await change("Own Change", { origin: "http://localhost:3000" });
    expect(own.statusCode).toBe(200);
  });
});

describe("TRUST_PROXY values", () => {
  it("accepts addresses, CIDRs and named ranges, and nothing else", () => {
    expect(loadConfig({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback" }).trustProxy).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "loopback"]);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toEqual([]);
    for (const bad of ["true", "*", "10.0.0.0/33", "example.com", "1"]) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(EnvError);
  });
});

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedisUrl } from "../env.js";
import { createTestApp, type TestContext } from "../test/harness.js";

/**
 * Rate-limit counters shared through Redis carry readable names: `<prefix>:rate-limit:<rule>:<ip or account>`
 * (they used to read `…:rate-limit:undefinedundefined-login-ip:…`). Runs in the PostgreSQL pass where CI provides Redis (TEST_REDIS_URL), like the multi-instance tests.
 */
describe.runIf(testRedisUrl())("rate-limit keys in Redis", () => {
  const prefix = `khelkud-keys-${process.pid}-${Date.now().toString(36)}`;
  let t: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp({ redis: { url: testRedisUrl()!, prefix }, authRateLimit: { windowMs: 60_000, perIp: 3, perAccount: 2, perAccountTotal: 100 } });
    redis = new Redis(testRedisUrl()!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await t.close();
  });

  it("names each counter after its rule and what it counts, and still limits across the shared store", async () => {
    const attempt = () => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "Someone@Example.com", password: "Wrong-Guess-1" }, remoteAddress: "198.51.100.77" });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    const keys = (await redis.keys(`${prefix}:*`)).sort();
    expect(keys.some((k) => k.includes("undefined"))).toBe(false);
    expect(keys).toContain(`${prefix}:rate-limit:login-ip:198.51.100.77`);
    // The account counters carry the password generation (docs/decisions/079): `<e-mail>#<generation>`, and the pair adds `@<ip>`.
    expect(keys.some((k) => k.startsWith(`${prefix}:rate-limit:login-account:someone@example.com#`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${prefix}:rate-limit:login-account-ip:someone@example.com#`) && k.endsWith("@198.51.100.77"))).toBe(true);
    // The address counts failed sign-ins only: the third attempt, refused by the pair's limit, checked no password (docs/decisions/186).
    expect(Number(await redis.get(`${prefix}:rate-limit:login-ip:198.51.100.77`))).toBe(2);
  });
});

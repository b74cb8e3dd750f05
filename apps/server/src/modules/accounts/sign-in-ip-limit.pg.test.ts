import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedisUrl } from "../../env.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser } from "../../test/factories.js";
import { hashPassword } from "../../lib/password.js";

/**
 * The per-IP sign-in limit counts failed sign-ins only (docs/decisions/186), and with Redis shared by two instances
 * it counts them together: failures on either instance add up, successes on either are given back. Runs in the
 * PostgreSQL pass where CI provides Redis (TEST_REDIS_URL), like the other multi-instance limit tests.
 */
describe.runIf(testRedisUrl())("the per-IP sign-in limit across instances", () => {
  const PER_IP = 3;
  const prefix = `khelkud-signin-${process.pid}-${Date.now().toString(36)}`;
  let a: TestContext;
  let b: TestContext;
  let redis: Redis;
  let hash: string;
  beforeAll(async () => {
    const config = { redis: { url: testRedisUrl()!, prefix }, authRateLimit: { windowMs: 60_000, perIp: PER_IP, perAccount: 10, perAccountTotal: 100 } };
    [a, b, hash] = await Promise.all([createTestApp(config), createTestApp(config), hashPassword("Secret123")]);
    redis = new Redis(testRedisUrl()!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  const login = (t: TestContext, ip: string, email: string, password = "Secret123") =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });
  // Each instance has its own database: the same address is a customer on both.
  const customer = async () => {
    const email = `shopper-${Math.random().toString(36).slice(2)}@example.com`;
    await Promise.all([a, b].map((t) => insertUser(t.database.db, { email, passwordHash: hash })));
    return email;
  };
  const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`;

  it("lets successes through on both instances and refuses on both once the failures on both reach the limit", async () => {
    const ip = "198.51.100.41";
    const key = `${prefix}:rate-limit:login-ip:${ip}`;
    const emails = await Promise.all([customer(), customer(), customer()]);
    const successes: number[] = [];
    for (let i = 0; i < 2 * PER_IP; i++) successes.push((await login(i % 2 === 0 ? a : b, ip, emails[i % 3]!)).statusCode);
    expect(successes).toEqual(Array(2 * PER_IP).fill(200));
    // Given back, nothing is left behind.
    expect(await redis.exists(key)).toBe(0);

    const failures: number[] = [];
    for (let i = 0; i < PER_IP; i++) failures.push((await login(i % 2 === 0 ? a : b, ip, unknownEmail())).statusCode);
    expect(failures).toEqual(Array(PER_IP).fill(401));
    expect(Number(await redis.get(key))).toBe(PER_IP);
    for (const t of [a, b]) {
      const refused = await login(t, ip, emails[0]!);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await redis.pttl(key)).toBeGreaterThan(0);

    // Another address is counted apart, on either instance.
    expect((await login(b, "198.51.100.42", unknownEmail())).statusCode).toBe(401);
    expect((await login(a, "198.51.100.42", emails[1]!)).statusCode).toBe(200);
  });
});

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedisUrl } from "../env.js";
import { createTestApp, type TestContext } from "../test/harness.js";

/**
 * The contact form and newsletter limits are the app's one rate limiter: with Redis shared by two instances, an
 * address that used its five contact messages on one instance is refused on the other (the old per-process counter
 * let every instance grant five). Runs in the PostgreSQL pass where CI provides Redis (TEST_REDIS_URL).
 */
describe.runIf(testRedisUrl())("public form limits across instances", () => {
  const prefix = `khelkud-forms-${process.pid}-${Date.now().toString(36)}`;
  let a: TestContext;
  let b: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ redis: { url: testRedisUrl()!, prefix } }), createTestApp({ redis: { url: testRedisUrl()!, prefix } })]);
    redis = new Redis(testRedisUrl()!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  const contact = (t: TestContext, ip: string, i: number) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: ip,
      payload: { firstName: "Sita", lastName: "Sharma", email: `sita${i}@example.com`, subject: "Order Support", message: "Where is my order? It has been five days." },
    });

  it("counts contact messages of one address on both instances together", async () => {
    const ip = "198.51.100.31";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(i % 2 === 0 ? a : b, ip, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await contact(a, ip, 7)).statusCode).toBe(429);
    expect(Number(await redis.get(`${prefix}:rate-limit:contact-ip:${ip}`))).toBeGreaterThanOrEqual(6);
    // Another address is not affected on either instance.
    expect((await contact(b, "198.51.100.32", 8)).statusCode).toBe(201);
  });

  it("counts newsletter sign-ups of one address on both instances together", async () => {
    const ip = "198.51.100.33";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const t = i < 10 ? (i % 2 === 0 ? a : b) : a;
      statuses.push((await t.app.inject({ method: "POST", url: "/api/newsletter", remoteAddress: ip, payload: { email: `reader${i}@example.com` } })).statusCode);
    }
    // Each instance has its own database, so every address is new: ten sign-ups pass, the eleventh is refused.
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

import net from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser } from "../../test/factories.js";
import { hashPassword } from "../../lib/password.js";
import { memoryAttemptCounter, redisAttemptCounter } from "../../plugins/failure-limit.js";
import { createRedisClient } from "../../lib/redis.js";

/**
 * The per-IP sign-in limit counts failed sign-ins only (docs/decisions/186): many shoppers share one carrier address
 * (CGNAT), and their successful sign-ins must not use up its allowance. The per-account limits are unchanged
 * (auth.routes.test.ts); here they are set high enough not to trip first, except where a test says otherwise.
 */
const PER_IP = 3;
let t: TestContext;
let ipCounter = 0;
const fromNewIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let hash: string;

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { windowMs: 60_000, perIp: PER_IP, perAccount: 2, perAccountTotal: 100 } });
  hash = await hashPassword("Secret123");
});
afterAll(() => t?.close());

const login = (ip: string, email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, headers: { origin: "http://localhost:3000" }, remoteAddress: ip });
const customer = (overrides: Parameters<typeof insertUser>[1] = {}) => insertUser(t.database.db, { passwordHash: hash, ...overrides });
const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`;

describe("the per-IP sign-in limit", () => {
  it("lets more successful sign-ins than the limit through from one address, and still has the whole allowance for failures", async () => {
    const ip = fromNewIp();
    const shoppers = await Promise.all([customer(), customer(), customer()]);
    const statuses: number[] = [];
    // Two sign-ins per account (the per-account-and-IP limit is 2): six, twice the per-IP limit.
    for (const shopper of [...shoppers, ...shoppers]) statuses.push((await login(ip, shopper.email, "Secret123")).statusCode);
    expect(statuses).toEqual(Array(2 * PER_IP).fill(200));
    const failures: number[] = [];
    for (let i = 0; i <= PER_IP; i++) failures.push((await login(ip, unknownEmail(), "Secret123")).statusCode);
    expect(failures).toEqual([...Array(PER_IP).fill(401), 429]);
  });

  it("counts every kind of failed sign-in, not the successes between them, and then refuses even the right password", async () => {
    const ip = fromNewIp();
    const [shopper, inactive, other] = await Promise.all([customer(), customer({ status: "INACTIVE" }), customer()]);
    const steps: [string, number][] = [];
    const step = async (what: string, email: string, password: string) => steps.push([what, (await login(ip, email, password)).statusCode]);
    await step("wrong password", shopper!.email, "Wrong1234");
    await step("success", other!.email, "Secret123");
    await step("inactive account", inactive!.email, "Secret123");
    await step("success", other!.email, "Secret123");
    await step("malformed", "not-an-email", "");
    expect(steps).toEqual([
      ["wrong password", 401],
      ["success", 200],
      ["inactive account", 403],
      ["success", 200],
      ["malformed", 400],
    ]);
    const refused = await login(ip, shopper!.email, "Secret123");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: MSG.tooManyRequests });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts addresses separately: another address that signed in often is refused only on its own failures", async () => {
    const blocked = fromNewIp();
    for (let i = 0; i < PER_IP; i++) expect((await login(blocked, unknownEmail(), "Secret123")).statusCode).toBe(401);
    expect((await login(blocked, unknownEmail(), "Secret123")).statusCode).toBe(429);

    const neighbour = fromNewIp();
    const shoppers = await Promise.all([customer(), customer()]);
    for (const shopper of [...shoppers, ...shoppers]) expect((await login(neighbour, shopper.email, "Secret123")).statusCode).toBe(200);
    expect((await login(neighbour, unknownEmail(), "Secret123")).statusCode).toBe(401);
    expect((await login(neighbour, (await customer()).email, "Secret123")).statusCode).toBe(200);
    expect((await login(blocked, (await customer()).email, "Secret123")).statusCode).toBe(429);
  });

  it("does not count an attempt the per-account limit refused: it checked no password", async () => {
    const ip = fromNewIp();
    const shopper = await customer();
    const statuses: number[] = [];
    // Per account and IP: 2 guesses, then 429 (not counted against the address, which has used 2 of its 3).
    for (let i = 0; i < 4; i++) statuses.push((await login(ip, shopper.email, "Wrong1234")).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429]);
    expect((await login(ip, unknownEmail(), "Secret123")).statusCode).toBe(401);
    expect((await login(ip, unknownEmail(), "Secret123")).statusCode).toBe(429);
  });

  it("settles an attempt whose client left before the answer like any other, and a left client crashes nothing", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as net.AddressInfo;
    const accounts = t.app.services.accounts;
    const realLogin = accounts.login.bind(accounts);
    let entered = 0;
    let finished = 0;
    let release = () => {};
    const spy = vi.spyOn(accounts, "login").mockImplementation(async (...args) => {
      entered++;
      await new Promise<void>((resolve) => (release = resolve));
      try {
        return await realLogin(...args);
      } finally {
        finished++;
      }
    });
    try {
      // Each attempt reaches the sign-in itself, then its client disconnects; the sign-in then fails (or succeeds).
      const leave = async (email: string, password: string) => {
        const before = { entered, finished };
        const socket = net.connect(port, "127.0.0.1");
        socket.on("error", () => {});
        const body = JSON.stringify({ email, password });
        socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        await vi.waitFor(() => expect(entered, "the attempt reaches the sign-in").toBe(before.entered + 1), { timeout: 5_000 });
        socket.destroy();
        await new Promise((resolve) => socket.once("close", resolve));
        release();
        await vi.waitFor(() => expect(finished).toBe(before.finished + 1), { timeout: 5_000 });
      };
      const shopper = await customer();
      await leave(shopper.email, "Secret123");
      for (let i = 0; i < PER_IP - 1; i++) await leave(unknownEmail(), "Secret123");
    } finally {
      spy.mockRestore();
    }
    // Each answer is settled a few promise turns after its sign-in ended, with no I/O in between.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The success whose client left was given back, its failures were not: one failure left, then refused.
    expect((await login("127.0.0.1", unknownEmail(), "Secret123")).statusCode).toBe(401);
    expect((await login("127.0.0.1", (await customer()).email, "Secret123")).statusCode).toBe(429);
  });
});

describe("the Redis failure counter while Redis is unreachable", () => {
  it("lets attempts through uncounted, waits for Redis only once and logs the outage once", async () => {
    const lines: string[] = [];
    const log = pino({ level: "error" }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    // Nothing listens on port 1.
    const redis = createRedisClient("redis://127.0.0.1:1", "test-down", log);
    try {
      const counter = redisAttemptCounter(redis, "khelkud-down:rate-limit:login-ip:", 1, 60_000, log);
      const sent = vi.spyOn(redis, "eval");
      const takes = [];
      for (let i = 0; i < 3; i++) takes.push(await counter.take("10.9.250.1"));
      await counter.giveBack("10.9.250.1");
      expect(takes).toEqual(Array(3).fill({ allowed: true, counted: false }));
      // Only the first command waited for Redis; the rest were not sent while it stays away.
      expect(sent).toHaveBeenCalledTimes(1);
      expect(lines.filter((l) => l.includes("rate-limit counter unavailable"))).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });
});

describe("the in-process failure counter", () => {
  it("holds no more addresses than its bound, giving up the window nearest its end", async () => {
    const counter = memoryAttemptCounter(1, 60_000, 3);
    for (const ip of ["a", "b", "c", "d"]) expect(await counter.take(ip)).toEqual({ allowed: true, counted: true });
    // "a", the oldest window, was given up for "d"; "b" to "d" are still counted.
    for (const ip of ["b", "c", "d"]) expect(await counter.take(ip)).toMatchObject({ allowed: false });
    expect(await counter.take("a")).toEqual({ allowed: true, counted: true });
  });

  it("gives a count back, and a window that ended starts again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const counter = memoryAttemptCounter(1, 1_000);
      await counter.take("a");
      await counter.giveBack("a");
      expect(await counter.take("a")).toEqual({ allowed: true, counted: true });
      expect(await counter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
      vi.advanceTimersByTime(1_001);
      expect(await counter.take("a")).toEqual({ allowed: true, counted: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

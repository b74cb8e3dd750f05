import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl, testRedisUrl } from "../env.js";
import { createSharedDatabase, freePort, startInstance, type Instance } from "./instances.js";

/**
 * Two real server processes on one database with a one-second payment sweep: across both, one pass per interval
 * (docs/decisions/041). Each pass logs when it started; no two passes may start within 90% of an interval of each
 * other, whichever instance made them. Registered only with TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both).
 */
const enabled = Boolean(testDatabaseUrl() && testRedisUrl());

interface LogLine {
  msg?: string;
  instance?: string;
  startedAt?: string;
}

function sweepLines(instance: Instance): LogLine[] {
  return instance
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine)
    .filter((l) => l.msg?.startsWith("payment expiry sweep"));
}

describe.runIf(enabled)("payment-expiry sweep on two instances", () => {
  let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    shared = await createSharedDatabase();
    const taken = new Set<number>();
    const [portA, portB] = [await freePort(3420, 3429, taken), await freePort(3420, 3429, taken)];
    const common = { databaseUrl: shared.url, redisUrl: testRedisUrl()!, redisPrefix: `khelkud-sweep-${process.pid}`, env: { PAYMENT_SWEEP_SECONDS: "1", LOG_LEVEL: "debug" } };
    [a, b] = await Promise.all([startInstance({ ...common, port: portA! }), startInstance({ ...common, port: portB! })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await shared?.drop();
  });

  it("makes one pass per interval across both instances, each pass logged with when it started and what it did", async () => {
    await expect.poll(() => [...sweepLines(a), ...sweepLines(b)].filter((l) => l.startedAt).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(4);
    const passes = [...sweepLines(a), ...sweepLines(b)].filter((l) => l.startedAt);
    const skipped = [...sweepLines(a), ...sweepLines(b)].filter((l) => !l.startedAt);
    // Both timers fire every second; the other instance's firings in an interval are skips.
    expect(skipped.length).toBeGreaterThan(0);
    expect(passes.every((p) => /^payment expiry sweep: \d+ cancelled, \d+ confirmed paid, \d+ deferred$/.test(p.msg!))).toBe(true);
    const starts = passes.map((p) => Date.parse(p.startedAt!)).sort((x, y) => x - y);
    const gaps = starts.slice(1).map((s, i) => s - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);
  }, 60_000);
});

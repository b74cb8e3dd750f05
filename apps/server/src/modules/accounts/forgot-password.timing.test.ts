import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertUser } from "../../test/factories.js";

/**
 * The one timing assertion the suite makes (docs/decisions/079): forgot-password must not tell, by how long it takes,
 * whether an address has an account. 200 requests for known and 200 for unknown addresses, interleaved in a shuffled
 * order; the medians must be within 20% of each other. Work started after the answer (the e-mail) is waited for
 * between requests, outside the measured time, so one request's e-mail does not slow the next one down.
 */

let t: TestContext;
const ROUNDS = 200;

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { windowMs: 60_000, perIp: 1_000_000, perAccount: 1_000_000, perAccountTotal: 1_000_000 } });
});
afterAll(() => t.close());

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

describe("forgot-password timing", () => {
  it("answers a known and an unknown address in the same time (medians within 20% over 200 requests each)", async () => {
    const known = await Promise.all(Array.from({ length: 20 }, () => insertUser(t.database.db)));
    const ask = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: "10.9.9.9" });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(200);
      await t.app.services.background.idle();
      return ms;
    };
    // Warm up both paths (statement preparation, JIT) before measuring.
    for (let i = 0; i < 10; i++) {
      await ask(known[i]!.email);
      await ask(`warm-${i}@nobody.example`);
    }
    const plan = [...Array.from({ length: ROUNDS }, (_, i) => ({ kind: "known" as const, i })), ...Array.from({ length: ROUNDS }, (_, i) => ({ kind: "unknown" as const, i }))];
    for (let i = plan.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [plan[i], plan[j]] = [plan[j]!, plan[i]!];
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    for (const p of plan) times[p.kind].push(await ask(p.kind === "known" ? known[p.i % known.length]!.email : `nobody-${p.i}@nobody.example`));
    const k = median(times.known);
    const u = median(times.unknown);
    console.log(`forgot-password median: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms (ratio ${(k / u).toFixed(2)})`);
    expect(Math.max(k, u) / Math.min(k, u)).toBeLessThanOrEqual(1.2);
  }, 120_000);
});

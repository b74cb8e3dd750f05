import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { jobRuns, orders, productSizes } from "../../db/schema/index.js";
import { SWEEP_JOB, type SweepLog } from "./payments.service.js";

/**
 * Several instances on one database: the payment-expiry sweep makes one pass per interval across them, not one per
 * instance, and every pass says in the log what it did (docs/decisions/041).
 */

let t: TestContext;
let second: FastifyInstance;
const INTERVAL = 60_000;
const address = { fullName: "Sweep Test", email: "sweep@example.com", phone: "9800000003", address: "Patan", province: "Bagmati", district: "Lalitpur", area: "Lalitpur" };

beforeAll(async () => {
  t = await createTestApp();
  // A second instance of the shop on the same database (its own services, limiters and timers).
  second = await buildApp(t.config, { database: t.database, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function unconfirmedCodOrder() {
  const product = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }] });
  const user = await insertUser(t.database.db);
  const headers = (await sessionFor(t.app, user.id)).cookie;
  const res = await t.app.inject({ method: "POST", url: "/api/orders", headers, payload: { items: [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address } });
  expect(res.statusCode).toBe(201);
  return { product, order: res.json().data.order as { id: string; createdAt: string } };
}

const stockOf = async (productId: string) => (await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, productId)))[0]!.stock;

describe("payment-expiry sweep across instances", () => {
  it("makes one pass per interval however many instances run it, and each expired order is cancelled once", async () => {
    const { product, order } = await unconfirmedCodOrder();
    const base = new Date(new Date(order.createdAt).getTime() + 31 * 60_000);
    const at = (ms: number) => new Date(base.getTime() + ms);
    const both = (now: Date) => Promise.all([t.app.services.payments.runScheduledSweep(INTERVAL, "a", now), second.services.payments.runScheduledSweep(INTERVAL, "b", now)]);

    const first = await both(at(0));
    expect(first.filter((r) => r !== null)).toHaveLength(1);
    expect(first.find((r) => r !== null)!.cancelled).toContain(order.id);
    expect(await stockOf(product.id)).toBe(5);

    // The timers of the two instances fire at different moments within the interval: still no second pass.
    expect(await t.app.services.payments.runScheduledSweep(INTERVAL, "a", at(20_000))).toBeNull();
    expect(await second.services.payments.runScheduledSweep(INTERVAL, "b", at(40_000))).toBeNull();

    // The next interval gets its one pass.
    const next = await both(at(INTERVAL));
    expect(next.filter((r) => r !== null)).toHaveLength(1);
    expect(next.find((r) => r !== null)!.cancelled).not.toContain(order.id);
    expect(await stockOf(product.id)).toBe(5);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("CANCELLED");

    const [run] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, SWEEP_JOB));
    expect(run!.lastStartedAt.getTime()).toBe(at(INTERVAL).getTime());
    expect(run!.lastFinishedAt).not.toBeNull();
    expect(run!.lastResult).toMatchObject({ cancelled: [], locked: true });
  });

  it("logs every pass it makes with what it did, and a skipped pass only at debug", async () => {
    await t.database.db.delete(jobRuns).where(eq(jobRuns.name, SWEEP_JOB));
    const { order } = await unconfirmedCodOrder();
    // Due now: the order's confirmation time is moved into the past.
    await t.database.db.update(orders).set({ paymentExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order.id));
    const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    const log = (level: string): SweepLog[keyof SweepLog] => (obj, msg) => void lines.push({ level, obj: obj as Record<string, unknown>, msg });
    const capture: SweepLog = { info: log("info"), debug: log("debug"), error: log("error") };
    const stopA = t.app.services.payments.startExpirySweeper(200, capture, "a");
    const stopB = second.services.payments.startExpirySweeper(200, capture, "b");
    try {
      await expect.poll(() => lines.filter((l) => l.level === "info").length, { timeout: 5_000 }).toBeGreaterThan(0);
      await expect.poll(() => lines.filter((l) => l.level === "debug").length, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      stopA();
      stopB();
    }
    const pass = lines.find((l) => l.level === "info" && (l.obj.cancelled as string[]).includes(order.id))!;
    expect(pass.msg).toMatch(/^payment expiry sweep: \d+ cancelled, \d+ confirmed paid, \d+ deferred$/);
    expect(pass.obj).toMatchObject({ locked: true, paid: [], deferred: [] });
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
  });
});

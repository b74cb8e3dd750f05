import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct } from "../../test/factories.js";
import { signedInAs, type Who } from "../../test/wallet-shop.js";
import { orders, orderStatusHistory, productSizes } from "../../db/schema/index.js";
import { DEFAULT_ORDER_LIMITS } from "./orders.service.js";

/** What one customer can hold without paying (docs/decisions/077): units, open orders, order rate, COD expiry. */

let t: TestContext;
const limits = { ...DEFAULT_ORDER_LIMITS, maxUnitsPerLine: 4, maxUnitsPerOrder: 6, maxOpenUnpaid: 2, perMinutePerCustomer: 1000, perMinutePerIp: 1000, codConfirmMinutes: 30 };

const address = { fullName: "Hoarder Rai", email: "hoarder@example.com", phone: "9800000009", address: "Baneshwor", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };

const customer = () => signedInAs(t);

async function stockOf(productId: string, size = "M"): Promise<number> {
  const [row] = await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row!.stock;
}

function place(who: Who, items: object[], opts: { ip?: string; method?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: opts.ip ?? "127.0.0.1",
    headers: who.headers,
    payload: { items, shippingAddress: address, paymentMethod: opts.method ?? "COD" },
  });
}

beforeAll(async () => {
  t = await createTestApp({ orderLimits: limits });
});
afterAll(() => t.close());

describe("units per line and per order", () => {
  it("refuses more units of one size than the per-line limit, even spread over colours, and takes no stock", async () => {
    const shirt = await insertProduct(t.database.db, { colors: ["Blue", "Crimson"], sizes: [{ size: "M", stock: 30 }] });
    const who = await customer();
    const res = await place(who, [
      { productId: shirt.id, size: "M", color: "Blue", quantity: 3 },
      { productId: shirt.id, size: "M", color: "Crimson", quantity: 3 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`At most 4 of ${shirt.name} (size M) per order`);
    const single = await place(who, [{ productId: shirt.id, size: "M", quantity: 5 }]);
    expect(single.statusCode).toBe(400);
    expect(single.json().error).toBe("quantity must be at most 4 per item");
    expect(await stockOf(shirt.id)).toBe(30);
  });

  it("refuses an order of more units than the per-order limit (thirty sizes sold out in one request) and takes no stock", async () => {
    const products = await Promise.all([0, 1, 2].map(() => insertProduct(t.database.db, { sizes: [{ size: "M", stock: 3 }] })));
    const who = await customer();
    const res = await place(
      who,
      products.map((p) => ({ productId: p.id, size: "M", quantity: 3 })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("At most 6 items per order");
    for (const p of products) expect(await stockOf(p.id)).toBe(3);
    const within = await place(who, products.slice(0, 2).map((p) => ({ productId: p.id, size: "M", quantity: 3 })));
    expect(within.statusCode).toBe(201);
  });
});

describe("open unpaid orders per customer", () => {
  it("refuses a third unpaid order until one is cancelled; another customer is not affected", async () => {
    const jersey = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 50 }] });
    const who = await customer();
    const line = [{ productId: jersey.id, size: "M", quantity: 1 }];
    const first = await place(who, line);
    expect(first.statusCode).toBe(201);
    // A confirmed cash-on-delivery order still holds stock without money until it is delivered.
    const confirmed = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: who.headers, payload: { orderId: first.json().data.order.id } });
    expect(confirmed.statusCode).toBe(200);
    const second = await place(who, line);
    expect(second.statusCode).toBe(201);
    const third = await place(who, line);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe("You already have 2 unpaid orders waiting. Please pay for or cancel one before placing another.");
    expect(await stockOf(jersey.id)).toBe(48);

    expect((await place(await customer(), line)).statusCode).toBe(201);

    const cancel = await t.app.inject({ method: "POST", url: `/api/orders/${second.json().data.order.id}/cancel`, headers: who.headers });
    expect(cancel.statusCode).toBe(200);
    expect((await place(who, line)).statusCode).toBe(201);
  });

  it("counts concurrent checkouts of one customer one after the other", async () => {
    const jersey = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 50 }] });
    const who = await customer();
    const results = await Promise.all(Array.from({ length: 6 }, () => place(who, [{ productId: jersey.id, size: "M", quantity: 1 }])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await stockOf(jersey.id)).toBe(48);
  });
});

describe("orders per minute", () => {
  let rated: TestContext;
  beforeAll(async () => {
    rated = await createTestApp({ orderLimits: { ...limits, maxOpenUnpaid: 1000, perMinutePerCustomer: 3, perMinutePerIp: 5 } });
  });
  afterAll(() => rated.close());

  const ratedCustomer = () => signedInAs(rated);
  function placeOn(who: Who, productId: string, ip: string) {
    return rated.app.inject({ method: "POST", url: "/api/orders", remoteAddress: ip, headers: who.headers, payload: { items: [{ productId, size: "M", quantity: 1 }], shippingAddress: address } });
  }

  it("answers 429 with Retry-After after the per-customer limit, from any address, and takes no stock", async () => {
    const jersey = await insertProduct(rated.database.db, { sizes: [{ size: "M", stock: 50 }] });
    const who = await ratedCustomer();
    for (let i = 0; i < 3; i++) expect((await placeOn(who, jersey.id, `198.51.100.${i + 1}`)).statusCode).toBe(201);
    const refused = await placeOn(who, jersey.id, "198.51.100.77");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    const [row] = await rated.database.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, jersey.id));
    expect(row!.stock).toBe(47);
    // Another customer is not slowed down by this one.
    expect((await placeOn(await ratedCustomer(), jersey.id, "198.51.100.88")).statusCode).toBe(201);
  });

  it("answers 429 after the per-IP limit, across customers; another address still orders", async () => {
    const jersey = await insertProduct(rated.database.db, { sizes: [{ size: "M", stock: 50 }] });
    const ip = "203.0.113.9";
    for (let i = 0; i < 5; i++) expect((await placeOn(await ratedCustomer(), jersey.id, ip)).statusCode).toBe(201);
    const refused = await placeOn(await ratedCustomer(), jersey.id, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await placeOn(await ratedCustomer(), jersey.id, "203.0.113.10")).statusCode).toBe(201);
  });

  it("counts the wallets' checkout (initiate-with-order) too", async () => {
    const who = await ratedCustomer();
    const wallet = () =>
      rated.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", remoteAddress: "192.0.2.44", headers: who.headers, payload: { orderData: { items: [], shippingAddress: address } } });
    for (let i = 0; i < 3; i++) expect((await wallet()).statusCode).toBe(400);
    expect((await wallet()).statusCode).toBe(429);
  });
});

describe("unconfirmed cash on delivery", () => {
  const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

  async function statusOf(id: string) {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  it("expires after the confirmation time and returns its stock exactly once", async () => {
    const jersey = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 10 }] });
    const who = await customer();
    const res = await place(who, [{ productId: jersey.id, size: "M", quantity: 4 }]);
    expect(res.statusCode).toBe(201);
    const order = res.json().data.order;
    const placedAt = new Date(order.createdAt);
    // created_at is the database's clock, the deadline the server's: equal to within a moment.
    expect(Math.abs(new Date(order.paymentExpiresAt).getTime() - placedAt.getTime() - 30 * 60_000)).toBeLessThan(5_000);
    expect(await stockOf(jersey.id)).toBe(6);

    const early = await t.app.services.payments.sweepExpiredPayments(later(placedAt, 29));
    expect(early.cancelled).not.toContain(order.id);
    expect((await statusOf(order.id)).status).toBe("PENDING");

    const [a, b] = await Promise.all([t.app.services.payments.sweepExpiredPayments(later(placedAt, 31)), t.app.services.payments.sweepExpiredPayments(later(placedAt, 31))]);
    expect([...a.cancelled, ...b.cancelled].filter((id) => id === order.id)).toHaveLength(1);
    expect(await stockOf(jersey.id)).toBe(10);
    const row = await statusOf(order.id);
    expect(row.status).toBe("CANCELLED");
    expect(row.stockReleasedAt).not.toBeNull();
    const notes = await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(notes.map((n) => n.note)).toContain("Cash on delivery was not confirmed within 30 minutes; order cancelled and stock released");

    const again = await t.app.services.payments.sweepExpiredPayments(later(placedAt, 90));
    expect(again.cancelled).not.toContain(order.id);
    const cancel = await t.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: who.headers });
    expect(cancel.statusCode).toBe(409);
    expect(await stockOf(jersey.id)).toBe(10);
  });

  it("leaves confirmed cash-on-delivery orders alone and refuses to confirm one whose time ran out", async () => {
    const jersey = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 10 }] });
    const who = await customer();
    const kept = (await place(who, [{ productId: jersey.id, size: "M", quantity: 1 }])).json().data.order;
    const confirm = (orderId: string) => t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: who.headers, payload: { orderId } });
    expect((await confirm(kept.id)).statusCode).toBe(200);
    expect((await statusOf(kept.id)).paymentExpiresAt).toBeNull();

    const late = (await place(who, [{ productId: jersey.id, size: "M", quantity: 1 }])).json().data.order;
    await t.database.db.update(orders).set({ paymentExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, late.id));
    const refused = await confirm(late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("The time to confirm this order has run out. Please place a new order.");

    const swept = await t.app.services.payments.sweepExpiredPayments(later(new Date(), 120));
    expect(swept.cancelled).toContain(late.id);
    expect(swept.cancelled).not.toContain(kept.id);
    expect((await statusOf(kept.id)).status).toBe("PROCESSING");
    expect(await stockOf(jersey.id)).toBe(9);
  });

  it("expires an unconfirmed order placed before orders had a confirmation deadline", async () => {
    const jersey = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    const who = await customer();
    const order = (await place(who, [{ productId: jersey.id, size: "M", quantity: 2 }])).json().data.order;
    await t.database.db.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, order.id));
    const swept = await t.app.services.payments.sweepExpiredPayments(later(new Date(order.createdAt), 31));
    expect(swept.cancelled).toContain(order.id);
    expect(await stockOf(jersey.id)).toBe(5);
  });
});

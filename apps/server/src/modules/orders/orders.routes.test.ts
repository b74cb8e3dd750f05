import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { orderItems, orders, orderStatusHistory, payments, productSizes } from "../../db/schema/index.js";
import type { DomainEvent } from "../events/events.js";

let t: TestContext;
let alice: { id: string; headers: Record<string, string> };
let bob: { id: string; headers: Record<string, string> };
let admin: { id: string; headers: Record<string, string> };
const events: DomainEvent[] = [];

const address = { fullName: "Alice Gurung", email: "alice@example.com", phone: "9800000001", address: "Jhamsikhel 3", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" };

async function signedIn(role: "USER" | "ADMIN" = "USER") {
  const user = await insertUser(t.database.db, { role });
  return { id: user.id, headers: (await sessionFor(t.app, user.id)).cookie };
}

async function stockOf(productId: string, size: string): Promise<number> {
  const [row] = await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row!.stock;
}

function place(who: { headers: Record<string, string> }, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/orders", headers: { ...who.headers, ...headers }, payload: body as object });
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.events.on((e) => {
    events.push(e);
  });
  alice = await signedIn();
  bob = await signedIn();
  admin = await signedIn("ADMIN");
});
afterAll(() => t.close());

describe("POST /api/orders", () => {
  it("prices the order on the server and ignores totals, shipping and prices sent by the client", async () => {
    const jersey = await insertProduct(t.database.db, { price: 300_000, salePrice: 250_000, sizes: [{ size: "M", stock: 5 }, { size: "L", stock: 5 }] });
    const res = await place(alice, {
      items: [
        { productId: jersey.id, size: "M", quantity: 1, price: 1 },
        { productId: jersey.id, size: "L", quantity: 1, price: 1 },
      ],
      shippingAddress: address,
      paymentMethod: "COD",
      totalAmount: 100,
      shippingCost: 0,
      subtotal: 100,
      discountAmount: 999_999,
    });
    expect(res.statusCode).toBe(201);
    const { order } = res.json().data;
    expect(order.subtotal).toBe(500_000);
    expect(order.shippingCost).toBe(15_000);
    expect(order.discountAmount).toBe(0);
    expect(order.totalAmount).toBe(515_000);
    expect(order.items.map((i: { unitPrice: number }) => i.unitPrice)).toEqual([250_000, 250_000]);
    expect(order.status).toBe("PENDING");
    expect(order.paymentStatus).toBe("PENDING");
    expect(order.orderNumber).toMatch(/^KK-\d{8}-[2-9A-Z]{6}$/);
    expect(order.statusHistory).toEqual([expect.objectContaining({ status: "PENDING", note: "Order placed" })]);
    expect(order.items[0]).toMatchObject({ name: jersey.name, slug: jersey.slug, size: "M", color: "Default", quantity: 1, lineTotal: 250_000 });
    expect(await stockOf(jersey.id, "M")).toBe(4);
    expect(events.some((e) => e.type === "order.placed" && e.order.id === order.id)).toBe(true);
  });

  it("charges the valley fee in the Kathmandu, Lalitpur and Bhaktapur districts, the other fee elsewhere, and nothing above the free-shipping threshold", async () => {
    const cheap = await insertProduct(t.database.db, { price: 100_000, sizes: [{ size: "M", stock: 50 }] });
    const fee = async (province: string, district: string, quantity: number) => {
      const res = await place(alice, { items: [{ productId: cheap.id, size: "M", quantity }], shippingAddress: { ...address, province, district, area: "Ward 4" } });
      expect(res.statusCode).toBe(201);
      return res.json().data.order as { shippingCost: number; totalAmount: number; subtotal: number; shippingAddress: Record<string, string> };
    };
    expect((await fee("Bagmati", "Kathmandu", 1)).shippingCost).toBe(15_000);
    expect((await fee("Bagmati", "Lalitpur", 1)).shippingCost).toBe(15_000);
    expect((await fee("bagmati", "bhaktapur", 1)).shippingCost).toBe(15_000);
    const kaski = await fee("Gandaki", "Kaski", 1);
    expect(kaski.shippingCost).toBe(20_000);
    expect(kaski.shippingAddress).toMatchObject({ province: "Gandaki", district: "Kaski", area: "Ward 4", country: "Nepal" });
    // Chitwan is in Bagmati Province like the valley, but outside it.
    expect((await fee("Bagmati", "Chitwan", 1)).shippingCost).toBe(20_000);
    // Exactly NPR 5,000 is not above the threshold; NPR 6,000 is.
    expect((await fee("Gandaki", "Kaski", 5)).shippingCost).toBe(20_000);
    const free = await fee("Koshi", "Morang", 6);
    expect(free.shippingCost).toBe(0);
    expect(free.totalAmount).toBe(free.subtotal);
  });

  it("takes the fee from the district, never from free text: a valley city typed anywhere else changes nothing", async () => {
    const p = await insertProduct(t.database.db, { price: 100_000, sizes: [{ size: "M", stock: 20 }] });
    const outside = { ...address, province: "Sudurpashchim", district: "Kailali", area: "Kathmandu", address: "Kathmandu, Dhangadhi", landmark: "Lalitpur", city: "Kathmandu" };
    const res = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: outside, shippingCost: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order.shippingCost).toBe(20_000);
    // The free-text city a client adds is not kept either.
    expect(res.json().data.order.shippingAddress.city).toBeUndefined();
    const inside = { ...address, province: "Bagmati", district: "Lalitpur", area: "ktm" };
    expect((await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: inside })).json().data.order.shippingCost).toBe(15_000);
  });

  it("refuses an unknown district, a district outside its province, or none, with a clear 400 and no order", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ province: "Bagmati", district: "Patan" }, "Please choose one of Nepal's 77 districts"],
      [{ province: "Bagmati", district: "ktm" }, "Please choose one of Nepal's 77 districts"],
      [{ province: "Bagmati", district: "Kaski" }, "Kaski is in Gandaki Province, not Bagmati"],
      [{ province: "Province 9", district: "Kaski" }, "Please choose one of Nepal's 7 provinces"],
      [{ province: "Bagmati", district: "" }, "District is required"],
      [{ province: "Bagmati", district: { toString: "Lalitpur" } }, "District is required"],
      [{ province: "Bagmati", district: "__proto__" }, "Please choose one of Nepal's 77 districts"],
    ];
    for (const [fields, message] of cases) {
      const res = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: { ...address, ...fields } });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    expect(await stockOf(p.id, "M")).toBe(5);
  });

  it("keeps the address and fee an order was placed with when its district rule would now say otherwise", async () => {
    const p = await insertProduct(t.database.db, { price: 100_000, sizes: [{ size: "M", stock: 5 }] });
    const placed = (await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address })).json().data.order;
    // An order from before districts: a free-text city and the fee charged then.
    await t.database.db.update(orders).set({ shippingAddress: { fullName: "Old", email: "old@example.com", phone: "9800000000", address: "Lakeside", city: "ktm", postalCode: "33700", country: "Nepal" }, shippingCost: 20_000, totalAmount: 120_000 }).where(eq(orders.id, placed.id));
    const res = await t.app.inject({ method: "GET", url: `/api/orders/${placed.id}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ shippingCost: 20_000, totalAmount: 120_000, shippingAddress: { city: "ktm", address: "Lakeside" } });
  });

  it("uses the shipping amounts from the store settings", async () => {
    await t.app.services.settings.update({ shipping: { freeAbovePaisa: 1_000_000, valleyFeePaisa: 10_000, elsewhereFeePaisa: 30_000 } });
    try {
      const p = await insertProduct(t.database.db, { price: 600_000, sizes: [{ size: "M", stock: 5 }] });
      const res = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: { ...address, province: "Koshi", district: "Sunsari", area: "Dharan" } });
      expect(res.json().data.order.shippingCost).toBe(30_000);
    } finally {
      await t.app.services.settings.update({ shipping: { freeAbovePaisa: 500_000, valleyFeePaisa: 15_000, elsewhereFeePaisa: 20_000 } });
    }
  });

  it("refuses zero, negative, fractional and huge quantities without touching stock", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    for (const quantity of [0, -3, 1.5, 11, 1_000_000]) {
      const res = await place(alice, { items: [{ productId: p.id, size: "M", quantity }], shippingAddress: address });
      expect(res.statusCode, `quantity ${quantity}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().error).toMatch(/quantity/);
    }
    // Two lines of the same size that add up past the maximum are refused too.
    const split = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 6 }, { productId: p.id, size: "M", quantity: 6 }], shippingAddress: address });
    expect(split.statusCode).toBe(400);
    expect(await stockOf(p.id, "M")).toBe(5);
  });

  it("names the item and size that is sold out, and sells nothing of the order", async () => {
    const a = await insertProduct(t.database.db, { name: "Nepal Home Jersey", sizes: [{ size: "M", stock: 3 }] });
    const b = await insertProduct(t.database.db, { name: "Nepal Away Jersey", sizes: [{ size: "L", stock: 0 }] });
    const res = await place(alice, { items: [{ productId: a.id, size: "M", quantity: 2 }, { productId: b.id, size: "L", quantity: 1 }], shippingAddress: address });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Nepal Away Jersey (size L) is sold out");
    expect(await stockOf(a.id, "M")).toBe(3);
    const few = await place(alice, { items: [{ productId: a.id, size: "M", quantity: 4 }], shippingAddress: address });
    expect(few.statusCode).toBe(409);
    expect(few.json().error).toBe("Only 3 left of Nepal Home Jersey (size M)");
  });

  it("refuses an inactive or unknown product, an unknown size or colour, and an empty cart", async () => {
    const gone = await insertProduct(t.database.db, { name: "Retired Kit", status: "INACTIVE" });
    const live = await insertProduct(t.database.db, { name: "Live Kit", colors: ["Red", "Blue"], sizes: [{ size: "M", stock: 5 }] });
    const cases: [unknown[], number, RegExp][] = [
      [[{ productId: gone.id, size: "M", quantity: 1 }], 409, /Retired Kit is no longer available/],
      [[{ productId: "nope", size: "M", quantity: 1 }], 400, /Product not found/],
      [[{ productId: live.id, size: "XXL", quantity: 1 }], 400, /Size XXL is not available for Live Kit/],
      [[{ productId: live.id, size: "M", color: "Green", quantity: 1 }], 400, /Colour Green is not available/],
      [[], 400, /Your cart is empty/],
    ];
    for (const [items, status, message] of cases) {
      const res = await place(alice, { items, shippingAddress: address });
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    const ok = await place(alice, { items: [{ productId: live.id, size: "M", color: "red", quantity: 1 }], shippingAddress: address });
    expect(ok.json().data.order.items[0].color).toBe("Red");
  });

  it("answers missing address fields with the checkout form's messages", async () => {
    const p = await insertProduct(t.database.db);
    const res = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: { fullName: " ", email: "", phone: "", address: "", city: "Kathmandu" } });
    expect(res.statusCode).toBe(400);
    const messages = res.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(expect.arrayContaining(["Full Name is required", "Email is required", "Phone is required", "Province is required", "District is required", "Municipality / Area is required", "Address is required"]));
  });

  it("defaults the postal code to 44600 in Kathmandu district and leaves it blank elsewhere", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    const { postalCode: _omit, ...noPostal } = address;
    const kathmandu = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: { ...noPostal, district: "Kathmandu", area: "Kathmandu" } });
    expect(kathmandu.json().data.order.shippingAddress.postalCode).toBe("44600");
    const pokhara = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: { ...noPostal, province: "Gandaki", district: "Kaski", area: "Pokhara", postalCode: "" } });
    expect(pokhara.statusCode).toBe(201);
    expect(pokhara.json().data.order.shippingAddress.postalCode).toBe("");
  });

  it("requires sign-in", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/orders", payload: { items: [], shippingAddress: address } });
    expect(res.statusCode).toBe(401);
  });

  it("makes one order for one idempotency key, even when the requests race", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 10 }] });
    const body = { items: [{ productId: p.id, size: "M", quantity: 2 }], shippingAddress: address };
    const key = { "idempotency-key": `checkout-${Date.now()}-abc` };
    const [first, second] = await Promise.all([place(alice, body, key), place(alice, body, key)]);
    const third = await place(alice, body, key);
    const ids = [first, second, third].map((r) => r.json().data.order.id);
    expect(new Set(ids).size).toBe(1);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(third.statusCode).toBe(200);
    expect(third.headers["idempotent-replayed"]).toBe("true");
    expect(await stockOf(p.id, "M")).toBe(8);
    // The key belongs to the customer: another customer with the same key gets their own order.
    const other = await place(bob, body, key);
    expect(other.statusCode).toBe(201);
    expect(other.json().data.order.id).not.toBe(ids[0]);
    // A malformed key is refused.
    expect((await place(alice, body, { "idempotency-key": "x" })).statusCode).toBe(400);
  });

  it("gives unpaid wallet orders a 60-minute payment window", async () => {
    const p = await insertProduct(t.database.db);
    const before = Date.now();
    const res = await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address, paymentMethod: "KHALTI" });
    const expires = Date.parse(res.json().data.order.paymentExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(59 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(61 * 60_000);
  });
});

describe("the last units of a size", () => {
  it("never sells more than there is: 50 concurrent orders for 5 in stock make exactly 5 orders", async () => {
    const p = await insertProduct(t.database.db, { name: "Limited Edition", sizes: [{ size: "M", stock: 5 }] });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedIn()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => place(buyers[i % buyers.length]!, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toMatch(/Limited Edition \(size M\)/);
    expect(await stockOf(p.id, "M")).toBe(0);
    const sold = await t.database.db.select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.productId, p.id));
    expect(sold.reduce((n, r) => n + r.quantity, 0)).toBe(5);
  });
});

describe("GET /api/orders and /api/orders/:id", () => {
  it("lists only the caller's own orders, administrators included", async () => {
    const p = await insertProduct(t.database.db);
    const carol = await signedIn();
    const mine = (await place(carol, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address })).json().data.order;
    const list = (await t.app.inject({ url: "/api/orders", headers: carol.headers })).json().data.orders;
    expect(list.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    const adminList = (await t.app.inject({ url: "/api/orders", headers: admin.headers })).json().data.orders;
    expect(adminList).toEqual([]);
    const limited = (await t.app.inject({ url: "/api/orders?limit=1", headers: alice.headers })).json().data.orders;
    expect(limited).toHaveLength(1);
    expect((await t.app.inject({ url: "/api/orders?limit=abc", headers: alice.headers })).statusCode).toBe(400);
  });

  it("shows an order to its owner and to an administrator; to anyone else it does not exist", async () => {
    const p = await insertProduct(t.database.db);
    const order = (await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address })).json().data.order;
    expect((await t.app.inject({ url: `/api/orders/${order.id}`, headers: alice.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/orders/${order.id}`, headers: admin.headers })).statusCode).toBe(200);
    const snoop = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bob.headers });
    expect(snoop.statusCode).toBe(404);
    expect(snoop.json().error).toBe("Order not found");
    expect((await t.app.inject({ url: `/api/orders/${order.id}` })).statusCode).toBe(401);
  });
});

describe("POST /api/payments/cod/process", () => {
  it("confirms a new cash-on-delivery order: PROCESSING, payment PENDING, a payment row and a history entry", async () => {
    const p = await insertProduct(t.database.db);
    const order = (await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address })).json().data.order;
    const res = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: order.id } });
    expect(res.statusCode).toBe(200);
    const confirmed = res.json().data.order;
    expect(confirmed.status).toBe("PROCESSING");
    expect(confirmed.paymentStatus).toBe("PENDING");
    expect(confirmed.statusHistory.map((h: { status: string }) => h.status)).toEqual(["PENDING", "PROCESSING"]);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toEqual([expect.objectContaining({ provider: "COD", status: "PENDING", amount: order.totalAmount })]);
    // A second confirmation changes nothing.
    const again = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: order.id } });
    expect(again.statusCode).toBe(200);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toHaveLength(2);
  });

  it("refuses someone else's order, a paid order, a wallet order and a cancelled order", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 20 }] });
    const body = { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address };
    const cod = (await place(alice, body)).json().data.order;
    const notMine = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: bob.headers, payload: { orderId: cod.id } });
    expect(notMine.statusCode).toBe(404);

    const wallet = (await place(alice, { ...body, paymentMethod: "KHALTI" })).json().data.order;
    await t.database.db.update(orders).set({ paymentStatus: "PAID", paidAt: new Date() }).where(eq(orders.id, wallet.id));
    const paid = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: wallet.id } });
    expect(paid.statusCode).toBe(409);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, wallet.id));
    expect(after!.paymentStatus).toBe("PAID");

    const unpaidWallet = (await place(alice, { ...body, paymentMethod: "ESEWA" })).json().data.order;
    expect((await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: unpaidWallet.id } })).statusCode).toBe(409);

    const paidCod = (await place(alice, body)).json().data.order;
    await t.database.db.update(orders).set({ paymentStatus: "PAID" }).where(eq(orders.id, paidCod.id));
    expect((await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: paidCod.id } })).statusCode).toBe(409);

    const cancelled = (await place(alice, body)).json().data.order;
    await t.app.inject({ method: "POST", url: `/api/orders/${cancelled.id}/cancel`, headers: alice.headers });
    expect((await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: cancelled.id } })).statusCode).toBe(409);
  });
});

describe("POST /api/orders/:id/cancel", () => {
  it("cancels the owner's order and puts the stock back exactly once", async () => {
    const p = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 5 }, { size: "L", stock: 5 }] });
    const order = (
      await place(alice, { items: [{ productId: p.id, size: "M", quantity: 2 }, { productId: p.id, size: "L", quantity: 3 }], shippingAddress: address })
    ).json().data.order;
    await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: alice.headers, payload: { orderId: order.id } });
    expect(await stockOf(p.id, "M")).toBe(3);
    const results = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: alice.headers })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect(await stockOf(p.id, "M")).toBe(5);
    expect(await stockOf(p.id, "L")).toBe(5);
    const cancelled = (await t.app.inject({ url: `/api/orders/${order.id}`, headers: alice.headers })).json().data.order;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.statusHistory.at(-1)).toMatchObject({ status: "CANCELLED" });
    // Releasing again (deleting the order gives back what it still holds) gives nothing back.
    const staff = await insertUser(t.database.db, { role: "ADMIN" });
    await t.app.services.admin.orders.remove({ id: staff.id, ip: null }, order.id);
    expect(await stockOf(p.id, "M")).toBe(5);
    expect(await stockOf(p.id, "L")).toBe(5);
  });

  it("refuses another customer's order and an order that has shipped", async () => {
    const p = await insertProduct(t.database.db);
    const order = (await place(alice, { items: [{ productId: p.id, size: "M", quantity: 1 }], shippingAddress: address })).json().data.order;
    expect((await t.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: bob.headers })).statusCode).toBe(404);
    await t.database.db.update(orders).set({ status: "SHIPPED" }).where(eq(orders.id, order.id));
    const res = await t.app.inject({ method: "POST", url: `/api/orders/${order.id}/cancel`, headers: alice.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("This order can no longer be cancelled");
  });
});

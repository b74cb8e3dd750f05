import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct } from "../../test/factories.js";
import { signedInAs, type Who } from "../../test/wallet-shop.js";
import { auditLog, orders, orderStatusHistory, payments, productSizes } from "../../db/schema/index.js";
import { actOnKhalti, payOnKhalti, startProviderSimulator, type RunningSimulator } from "../../payments/simulator/testing.js";
import type { OrderFact } from "../events/events.js";

/**
 * The order facts every path records inside its own transaction (order-lifecycle.ts, docs/decisions/030): exactly once per
 * real change, nothing for a repeat that changes nothing, and a recorder that throws rolls the whole change back.
 */

const SHOP = "http://shop.test";
const address = { fullName: "Sita Rai", email: "sita@example.com", phone: "9800000002", address: "Baneshwor 10", province: "Bagmati", district: "Kathmandu", area: "Kathmandu", postalCode: "44600" };

let sim: RunningSimulator;
let t: TestContext;
let customer: Who;
let admin: Who;
/** Every fact recorded, with the order's status and payment state as the recorder saw them through its transaction. */
const seen: { fact: OrderFact; status: string | undefined; paymentStatus: string | undefined }[] = [];
/** A fact type whose recorder throws, for the rollback tests. */
let failOn: OrderFact["type"] | null = null;

const signedIn = (role?: "USER" | "ADMIN") => signedInAs(t, role);

const send = (who: Who, method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const factsOf = (orderId: string) => seen.filter((s) => s.fact.orderId === orderId).map((s) => s.fact);

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function historyCount(orderId: string) {
  return (await t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).length;
}

async function placeCod(quantity = 2) {
  const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 10 }] });
  const res = await send(customer, "POST", "/api/orders", { items: [{ productId: product.id, size: "M", quantity }], shippingAddress: address, paymentMethod: "COD" });
  expect(res.statusCode).toBe(201);
  return { product, orderId: res.json().data.order.id as string };
}

async function startKhalti() {
  const product = await insertProduct(t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 10 }] });
  const res = await send(customer, "POST", "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } });
  expect(res.statusCode).toBe(200);
  return { product, started: res.json().data as { payment_url: string; pidx: string; orderId: string } };
}

beforeAll(async () => {
  sim = await startProviderSimulator();
  t = await createTestApp({ payments: sim.payments, publicUrl: SHOP });
  t.app.services.events.onOrderFact(async (tx, fact) => {
    const [row] = await tx.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, fact.orderId));
    seen.push({ fact, status: row?.status, paymentStatus: row?.paymentStatus });
    if (failOn === fact.type) throw new Error(`recorder refused ${fact.type}`);
  });
  admin = await signedIn("ADMIN");
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  failOn = null;
  sim.setScenario("normal");
  customer = await signedIn();
});

describe("order facts: what each path records", () => {
  it("cash on delivery: placed, confirmed, shipped to delivered, cash collected — each once; repeats record nothing", async () => {
    const { orderId } = await placeCod();
    expect(factsOf(orderId)).toEqual([{ type: "order.placed", orderId }]);
    // Recorded inside the placing transaction: the recorder already sees the order.
    expect(seen.find((s) => s.fact.orderId === orderId)!.status).toBe("PENDING");

    expect((await send(customer, "POST", "/api/payments/cod/process", { orderId })).statusCode).toBe(200);
    expect((await send(customer, "POST", "/api/payments/cod/process", { orderId })).statusCode).toBe(200);
    for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
      expect((await send(admin, "PATCH", `/api/admin/orders/${orderId}/status`, { status })).statusCode).toBe(200);
    }
    expect((await send(admin, "PATCH", `/api/admin/orders/${orderId}/status`, { status: "DELIVERED" })).statusCode).toBe(409);
    expect((await send(admin, "POST", `/api/admin/orders/${orderId}/cash-collected`)).statusCode).toBe(200);
    expect((await send(admin, "POST", `/api/admin/orders/${orderId}/cash-collected`)).statusCode).toBe(409);

    expect(factsOf(orderId)).toEqual([
      { type: "order.placed", orderId },
      { type: "order.status_changed", orderId, from: "PENDING", to: "PROCESSING" },
      { type: "order.status_changed", orderId, from: "PROCESSING", to: "SHIPPED" },
      { type: "order.status_changed", orderId, from: "SHIPPED", to: "OUT_FOR_DELIVERY" },
      { type: "order.status_changed", orderId, from: "OUT_FOR_DELIVERY", to: "DELIVERED" },
      { type: "order.payment_received", orderId },
    ]);
    // Each recorder ran inside the change: it saw the new state before the commit.
    expect(seen.filter((s) => s.fact.orderId === orderId).map((s) => [s.status, s.paymentStatus])).toEqual([
      ["PENDING", "PENDING"],
      ["PROCESSING", "PENDING"],
      ["SHIPPED", "PENDING"],
      ["OUT_FOR_DELIVERY", "PENDING"],
      ["DELIVERED", "PENDING"],
      ["DELIVERED", "PAID"],
    ]);
  });

  it("the customer's cancel and the administrator's cancel say who cancelled and that the stock came back", async () => {
    const mine = await placeCod();
    expect((await send(customer, "POST", `/api/orders/${mine.orderId}/cancel`)).statusCode).toBe(200);
    expect((await send(customer, "POST", `/api/orders/${mine.orderId}/cancel`)).statusCode).toBe(409);
    expect(factsOf(mine.orderId).slice(1)).toEqual([{ type: "order.cancelled", orderId: mine.orderId, by: "CUSTOMER", stockReturned: true, moneyReturned: false }]);

    const theirs = await placeCod();
    expect((await send(admin, "PATCH", `/api/admin/orders/${theirs.orderId}/status`, { status: "CANCELLED", note: "Out of reach" })).statusCode).toBe(200);
    expect((await send(admin, "PATCH", `/api/admin/orders/${theirs.orderId}/status`, { status: "CANCELLED" })).statusCode).toBe(409);
    expect(factsOf(theirs.orderId).slice(1)).toEqual([{ type: "order.cancelled", orderId: theirs.orderId, by: "ADMIN", stockReturned: true, moneyReturned: false, note: "Out of reach" }]);
    expect(await stockOf(theirs.product.id)).toBe(10);
  });

  it("a wallet payment is received once however many confirmations arrive; its refund cancels with the money returned", async () => {
    const { started, product } = await startKhalti();
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(customer, "POST", "/api/payments/khalti/verify", { pidx: started.pidx })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const orderId = started.orderId;
    expect(factsOf(orderId)).toEqual([
      { type: "order.placed", orderId },
      { type: "order.payment_received", orderId },
      { type: "order.status_changed", orderId, from: "PENDING", to: "PROCESSING" },
    ]);

    // A cancellation request changes no status: no fact. The refund is the cancellation.
    expect((await send(customer, "POST", `/api/orders/${orderId}/cancel`, { reason: "Wrong size" })).statusCode).toBe(202);
    expect((await send(admin, "POST", `/api/admin/orders/${orderId}/refund`, { method: "KHALTI", reference: "KH-RF-9" })).statusCode).toBe(200);
    expect((await send(admin, "POST", `/api/admin/orders/${orderId}/refund`, { method: "KHALTI", reference: "KH-RF-9" })).statusCode).toBe(409);
    // The customer asked: the cancellation is theirs, though staff approved it (their messages say "as you asked").
    const [row] = await t.database.db.select({ totalAmount: orders.totalAmount }).from(orders).where(eq(orders.id, orderId));
    expect(factsOf(orderId).slice(3)).toEqual([{ type: "order.cancelled", orderId, by: "CUSTOMER", stockReturned: true, moneyReturned: true, refunded: row!.totalAmount }]);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("a wallet attempt the provider reports failed records payment_failed once; the order stays payable", async () => {
    const { started } = await startKhalti();
    await actOnKhalti(started.payment_url, "cancel");
    expect((await send(customer, "POST", "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(409);
    expect((await send(customer, "POST", "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(409);
    expect(factsOf(started.orderId).slice(1)).toEqual([{ type: "order.payment_failed", orderId: started.orderId, reason: "FAILED" }]);
    expect(await orderRow(started.orderId)).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });
  });

  it("expiry: an unpaid wallet order records payment_failed EXPIRED then cancelled by EXPIRY; unconfirmed cash on delivery is cancelled by EXPIRY", async () => {
    const wallet = await startKhalti();
    const cod = await placeCod();
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await sim.advanceClock(61 * 60);
    try {
      const swept = await t.app.services.payments.sweepExpiredPayments(later(61));
      expect(swept.cancelled).toEqual(expect.arrayContaining([wallet.started.orderId, cod.orderId]));
      const again = await t.app.services.payments.sweepExpiredPayments(later(62));
      expect(again.cancelled).toEqual([]);
    } finally {
      await sim.advanceClock(-61 * 60);
    }
    const w = wallet.started.orderId;
    expect(factsOf(w).slice(1)).toEqual([
      { type: "order.payment_failed", orderId: w, reason: "EXPIRED" },
      { type: "order.cancelled", orderId: w, by: "EXPIRY", stockReturned: true, moneyReturned: false },
    ]);
    expect(factsOf(cod.orderId).slice(1)).toEqual([{ type: "order.cancelled", orderId: cod.orderId, by: "EXPIRY", stockReturned: true, moneyReturned: false }]);
  });

  it("deleting an order and switching its payment method record nothing", async () => {
    const { started } = await startKhalti();
    expect((await send(customer, "POST", "/api/payments/esewa/initiate", { orderId: started.orderId })).statusCode).toBe(200);
    expect(await orderRow(started.orderId)).toMatchObject({ paymentMethod: "ESEWA" });
    expect((await send(admin, "PATCH", `/api/admin/orders/${started.orderId}/status`, { status: "CANCELLED" })).statusCode).toBe(200);
    expect((await send(admin, "DELETE", `/api/admin/orders/${started.orderId}`)).statusCode).toBe(200);
    expect(factsOf(started.orderId).map((f) => f.type)).toEqual(["order.placed", "order.cancelled"]);
  });
});

describe("a recorder that throws rolls the whole change back", () => {
  it("placing: no order, no stock taken", async () => {
    const product = await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 4 }] });
    const before = (await t.database.db.select().from(orders)).length;
    failOn = "order.placed";
    const res = await send(customer, "POST", "/api/orders", { items: [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address, paymentMethod: "COD" });
    expect(res.statusCode).toBe(500);
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect(await stockOf(product.id)).toBe(4);
  });

  it("the customer's cancel: status, stock and history unchanged", async () => {
    const { orderId, product } = await placeCod();
    const entries = await historyCount(orderId);
    failOn = "order.cancelled";
    expect((await send(customer, "POST", `/api/orders/${orderId}/cancel`)).statusCode).toBe(500);
    expect(await orderRow(orderId)).toMatchObject({ status: "PENDING", stockReleasedAt: null });
    expect(await stockOf(product.id)).toBe(8);
    expect(await historyCount(orderId)).toBe(entries);
    failOn = null;
    expect((await send(customer, "POST", `/api/orders/${orderId}/cancel`)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("the administrator's status change: no status, history or audit entry", async () => {
    const { orderId } = await placeCod();
    await send(customer, "POST", "/api/payments/cod/process", { orderId });
    const entries = await historyCount(orderId);
    const audits = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId))).length;
    failOn = "order.status_changed";
    expect((await send(admin, "PATCH", `/api/admin/orders/${orderId}/status`, { status: "SHIPPED", trackingNumber: "NP-1" })).statusCode).toBe(500);
    expect(await orderRow(orderId)).toMatchObject({ status: "PROCESSING", trackingNumber: null });
    expect(await historyCount(orderId)).toBe(entries);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId))).length).toBe(audits);
  });

  it("a wallet payment: the attempt stays open and the order unpaid, so a later confirmation still pays it", async () => {
    const { started } = await startKhalti();
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    failOn = "order.payment_received";
    expect((await send(customer, "POST", "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(500);
    expect(await orderRow(started.orderId)).toMatchObject({ status: "PENDING", paymentStatus: "PENDING", paidAt: null });
    const [attempt] = await t.database.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(attempt!.status).toBe("PENDING");
    failOn = null;
    expect((await send(customer, "POST", "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
    expect(factsOf(started.orderId).filter((f) => f.type === "order.payment_received")).toHaveLength(2); // the refused one, then the real one
    expect(await orderRow(started.orderId)).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });
  });
});

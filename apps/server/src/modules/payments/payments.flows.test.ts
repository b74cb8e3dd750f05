import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { orders, orderStatusHistory, payments, productSizes } from "../../db/schema/index.js";
import { actOnEsewa, actOnKhalti, payOnEsewa, payOnKhalti, postEsewaForm, startProviderSimulator, type RunningSimulator } from "../../payments/simulator/testing.js";
import type { DomainEvent } from "../events/events.js";
import { tryAdvisoryLock } from "./payments.repository.js";
import { SWEEP_LOCK_KEY } from "./payments.service.js";

/**
 * Wallet payment flows end to end on the server: the shop's API, the real protocol clients, and the
 * provider simulator over HTTP (its hosted pages walked like a browser).
 */

const SHOP = "http://shop.test";
const KHALTI_DOWN = "Khalti is not responding right now. Your order is saved; please try again in a few minutes.";
const ESEWA_DOWN = "eSewa is not responding right now. Your order is saved; please try again in a few minutes.";

let sim: RunningSimulator;
let t: TestContext;
let alice: { id: string; headers: Record<string, string> };
let bob: { id: string; headers: Record<string, string> };
const events: DomainEvent[] = [];

const address = { fullName: "Alice Gurung", email: "alice@example.com", phone: "9800000001", address: "Jhamsikhel 3", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" };

async function signedIn() {
  const user = await insertUser(t.database.db);
  return { id: user.id, headers: (await sessionFor(t.app, user.id)).cookie };
}

async function jersey(stock = 10, price = 250_000) {
  return insertProduct(t.database.db, { price, sizes: [{ size: "M", stock }] });
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

function post(who: { headers: Record<string, string> } | null, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url, headers: { ...(who?.headers ?? {}), ...headers }, payload });
}

function checkout(who: { headers: Record<string, string> }, wallet: "khalti" | "esewa", productId: string, extra: object = {}, headers: Record<string, string> = {}) {
  return post(who, `/api/payments/${wallet}/initiate-with-order`, { orderData: { items: [{ productId, size: "M", quantity: 1 }], shippingAddress: address }, ...extra }, headers);
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function attemptsOf(orderId: string) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
}

async function historyOf(orderId: string) {
  return t.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.createdAt);
}

const eventsFor = (orderId: string, type: DomainEvent["type"]) => events.filter((e) => e.type === type && "order" in e && e.order.id === orderId);

/** The raw `data` value of eSewa's success redirect, `+` and all. */
function rawData(location: string): string {
  const m = /[?&]data=([^&]*)/.exec(location);
  if (!m?.[1]) throw new Error(`no data in ${location}`);
  return decodeURIComponent(m[1]);
}

async function khaltiOrderPaid(who = alice) {
  const product = await jersey();
  const res = await checkout(who, "khalti", product.id);
  expect(res.statusCode).toBe(200);
  const started = res.json().data as { payment_url: string; pidx: string; orderId: string; paymentId: string };
  const back = await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
  return { product, started, back };
}

beforeAll(async () => {
  sim = await startProviderSimulator();
  t = await createTestApp({ payments: sim.payments, publicUrl: SHOP });
  t.app.services.events.on((e) => {
    events.push(e);
  });
  alice = await signedIn();
  bob = await signedIn();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(() => sim.setScenario("normal"));

describe("Khalti", () => {
  it("checkout creates the order, charges the stored total (ignoring the browser's amount) and a verified payment marks it paid and processing", async () => {
    const product = await jersey(5, 250_000);
    const res = await checkout(alice, "khalti", product.id, { amount: 100, productName: "cheap" });
    expect(res.statusCode).toBe(200);
    const started = res.json().data;
    expect(started.payment_url).toBe(`${sim.url}/khalti/?pidx=${started.pidx}`);
    expect(await stockOf(product.id)).toBe(4);
    const order = await orderRow(started.orderId);
    expect(order).toMatchObject({ paymentMethod: "KHALTI", paymentStatus: "PENDING", status: "PENDING", totalAmount: 265_000 });
    expect(sim.state.khalti.get(started.pidx)).toMatchObject({ amount: 265_000, returnUrl: `${SHOP}/khalti/callback` });

    const back = await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect(back.location).toContain(`${SHOP}/khalti/callback?pidx=${started.pidx}`);
    expect(back.location).toContain("status=Completed");

    const verified = await post(alice, "/api/payments/khalti/verify", { pidx: started.pidx, orderId: started.orderId });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ status: "PAID", orderId: started.orderId, provider: "KHALTI" });
    expect(verified.json().data.transactionId).toMatch(/^[A-Za-z0-9]{22}$/);

    const paid = await orderRow(started.orderId);
    expect(paid).toMatchObject({ paymentStatus: "PAID", status: "PROCESSING" });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const [attempt] = await attemptsOf(started.orderId);
    expect(attempt).toMatchObject({ provider: "KHALTI", reference: started.pidx, amount: 265_000, status: "PAID", transactionId: verified.json().data.transactionId });
    expect((await historyOf(started.orderId)).map((h) => h.status)).toEqual(["PENDING", "PROCESSING"]);
    expect(eventsFor(started.orderId, "payment.updated")).toHaveLength(1);
    expect(eventsFor(started.orderId, "order.status_changed")).toHaveLength(1);
  });

  it("a cancel at Khalti fails that attempt only; the order stays payable and a Pay Now retry with a new attempt succeeds", async () => {
    const product = await jersey();
    const first = (await checkout(alice, "khalti", product.id)).json().data;
    const back = await actOnKhalti(first.payment_url, "cancel");
    expect(back.location).toContain("status=User+canceled");

    const refused = await post(alice, "/api/payments/khalti/verify", { pidx: first.pidx });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("Payment status: User canceled");
    expect((await attemptsOf(first.orderId))[0]!.status).toBe("FAILED");
    expect(await orderRow(first.orderId)).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });
    expect(await stockOf(product.id)).toBe(9);

    const retry = await post(alice, "/api/payments/khalti/initiate-v2", { orderId: first.orderId, amount: 1 });
    expect(retry.statusCode).toBe(200);
    const second = retry.json().data;
    expect(second.pidx).not.toBe(first.pidx);
    expect(sim.state.khalti.get(second.pidx)!.purchaseOrderId).not.toBe(sim.state.khalti.get(first.pidx)!.purchaseOrderId);
    expect(sim.state.khalti.get(second.pidx)!.amount).toBe((await orderRow(first.orderId)).totalAmount);
    await payOnKhalti(second.payment_url);
    expect((await post(alice, "/api/payments/khalti/verify", { pidx: second.pidx })).statusCode).toBe(200);
    expect((await attemptsOf(first.orderId)).map((a) => a.status)).toEqual(["FAILED", "PAID"]);
    expect(await orderRow(first.orderId)).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });
  });

  it("refuses a payment whose looked-up amount differs from the order total (wrong-amount scenario)", async () => {
    await sim.setScenario("wrong-amount", "khalti", -100);
    const { started } = await khaltiOrderPaid();
    const res = await post(alice, "/api/payments/khalti/verify", { pidx: started.pidx });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Payment verification failed");
    expect(await orderRow(started.orderId)).toMatchObject({ paymentStatus: "PENDING", status: "PENDING" });
    const [attempt] = await attemptsOf(started.orderId);
    expect(attempt).toMatchObject({ status: "FAILED" });
    expect(eventsFor(started.orderId, "payment.updated")).toHaveLength(0);
  });

  it("the same callback verified 100 times at once changes the order once: one history entry, one event of each kind", async () => {
    const { started } = await khaltiOrderPaid();
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(alice, "/api/payments/khalti/verify", { pidx: started.pidx })));
    expect(answers.every((a) => a.statusCode === 200 && a.json().data.status === "PAID")).toBe(true);
    expect((await historyOf(started.orderId)).filter((h) => h.status === "PROCESSING")).toHaveLength(1);
    expect(eventsFor(started.orderId, "payment.updated")).toHaveLength(1);
    expect(eventsFor(started.orderId, "order.status_changed")).toHaveLength(1);
    expect((await attemptsOf(started.orderId)).map((a) => a.status)).toEqual(["PAID"]);
  });

  it("answers 404 for another customer's pidx or order id, and 401 when signed out", async () => {
    const { started } = await khaltiOrderPaid(alice);
    const theirs = await post(bob, "/api/payments/khalti/verify", { pidx: started.pidx });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe("Payment record not found");
    expect((await post(alice, "/api/payments/khalti/verify", { pidx: started.pidx, orderId: "someone-elses-order" })).statusCode).toBe(404);
    expect(await orderRow(started.orderId)).toMatchObject({ paymentStatus: "PENDING" });

    const unpaid = (await checkout(alice, "khalti", (await jersey()).id)).json().data;
    for (const url of ["/api/payments/khalti/initiate", "/api/payments/khalti/initiate-v2", "/api/payments/esewa/initiate"]) {
      const res = await post(bob, url, { orderId: unpaid.orderId });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/payments/esewa/status/${unpaid.paymentId}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await post(bob, "/api/payments/cod/switch", { orderId: unpaid.orderId })).statusCode).toBe(404);
    expect((await post(null, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(401);
    expect((await post(null, "/api/payments/khalti/initiate-with-order", {})).statusCode).toBe(401);
  });

  it("an outage gives the clear message and keeps the order payable; the same Idempotency-Key then pays that one order", async () => {
    const product = await jersey();
    await sim.setScenario("outage", "khalti");
    const key = "checkout-outage-key-1";
    const down = await checkout(alice, "khalti", product.id, {}, { "idempotency-key": key });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toBe(KHALTI_DOWN);
    const list = (await t.app.inject({ method: "GET", url: "/api/orders", headers: alice.headers })).json().data.orders as { id: string; status: string; paymentStatus: string; items: { productId: string }[] }[];
    const saved = list.find((o) => o.items[0]!.productId === product.id)!;
    expect(saved).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });
    expect(await stockOf(product.id)).toBe(9);

    await sim.setScenario("normal");
    const again = await checkout(alice, "khalti", product.id, {}, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderId).toBe(saved.id);
    expect(await stockOf(product.id)).toBe(9);
    await payOnKhalti(again.json().data.payment_url);

    await sim.setScenario("outage", "khalti");
    const verifyDown = await post(alice, "/api/payments/khalti/verify", { pidx: again.json().data.pidx });
    expect(verifyDown.statusCode).toBe(503);
    expect(verifyDown.json().error).toBe(KHALTI_DOWN);
    expect(await orderRow(saved.id)).toMatchObject({ paymentStatus: "PENDING", status: "PENDING" });

    await sim.setScenario("normal");
    expect((await post(alice, "/api/payments/khalti/verify", { pidx: again.json().data.pidx })).statusCode).toBe(200);
  });
  it("ten repeats of one checkout at once make one order and one Khalti attempt, and every answer is its page", async () => {
    const product = await jersey(10);
    const key = "checkout-burst-khalti-1";
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(alice, "khalti", product.id, {}, { "idempotency-key": key })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const data = answers.map((a) => a.json().data as { orderId: string; pidx: string; paymentId: string });
    expect(new Set(data.map((d) => d.orderId)).size).toBe(1);
    expect(new Set(data.map((d) => d.pidx)).size).toBe(1);
    expect(await attemptsOf(data[0]!.orderId)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("a Khalti and an eSewa checkout sent at once with one key each get their own wallet's answer for the one order", async () => {
    const product = await jersey(10);
    const key = "checkout-two-wallets-1";
    const [k, e] = await Promise.all([checkout(alice, "khalti", product.id, {}, { "idempotency-key": key }), checkout(alice, "esewa", product.id, {}, { "idempotency-key": key })]);
    expect([k.statusCode, e.statusCode]).toEqual([200, 200]);
    expect(k.json().data.orderId).toBe(e.json().data.orderId);
    expect(k.json().data.pidx).toEqual(expect.any(String));
    expect(e.json().data.esewaParams?.transaction_uuid).toEqual(expect.any(String));
    expect(e.json().data.pidx).toBeUndefined();
  });

  it("a later repeat goes back to the same Khalti page until the shopper cancels it there; then it starts a new one", async () => {
    const product = await jersey(10);
    const key = "checkout-later-khalti-1";
    const first = (await checkout(alice, "khalti", product.id, {}, { "idempotency-key": key })).json().data as { orderId: string; pidx: string; payment_url: string };
    const again = await checkout(alice, "khalti", product.id, {}, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ orderId: first.orderId, pidx: first.pidx, payment_url: first.payment_url });
    expect(await attemptsOf(first.orderId)).toHaveLength(1);

    // Cancelled on Khalti's page, and the callback never reached the shop: the lookup tells.
    await actOnKhalti(first.payment_url, "cancel");
    const third = await checkout(alice, "khalti", product.id, {}, { "idempotency-key": key });
    expect(third.statusCode).toBe(200);
    expect(third.json().data.orderId).toBe(first.orderId);
    expect(third.json().data.pidx).not.toBe(first.pidx);
    expect(await attemptsOf(first.orderId)).toHaveLength(2);
    await payOnKhalti(third.json().data.payment_url);
    expect((await post(alice, "/api/payments/khalti/verify", { pidx: third.json().data.pidx })).json().data.status).toBe("PAID");

    // Paid: a repeat of the checkout says so instead of offering another page.
    const paid = await checkout(alice, "khalti", product.id, {}, { "idempotency-key": key });
    expect(paid.statusCode).toBe(409);
    expect(await attemptsOf(first.orderId)).toHaveLength(2);
    expect(await stockOf(product.id)).toBe(9);
  });
});

describe("eSewa", () => {
  async function esewaCheckout(price = 250_000) {
    const product = await jersey(10, price);
    const res = await checkout(alice, "esewa", product.id, { amount: 1 });
    expect(res.statusCode).toBe(200);
    return { product, started: res.json().data as { payment_url: string; esewaParams: Record<string, string>; paymentId: string; orderId: string } };
  }

  it("signs a form for the stored total, and a signed success redirect checked with the status API marks the order paid", async () => {
    const { started } = await esewaCheckout(250_000);
    expect(started.payment_url).toBe(`${sim.url}/esewa/api/epay/main/v2/form`);
    expect(started.esewaParams).toMatchObject({ amount: "2500", product_delivery_charge: "150", total_amount: "2650", product_code: "EPAYTEST", success_url: `${SHOP}/payment/esewa/success` });
    expect(started.esewaParams.failure_url).toBe(`${SHOP}/payment/esewa/failed/${started.esewaParams.transaction_uuid}`);

    const login = await postEsewaForm({ url: started.payment_url, fields: started.esewaParams });
    const back = await payOnEsewa(login, { esewaId: "9806800001", password: "Nepal@123", token: "123456" });
    expect(back.location).toMatch(new RegExp(`^${SHOP}/payment/esewa/success\\?data=`));

    const res = await post(alice, "/api/payments/esewa/verify", { data: rawData(back.location!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "PAID", orderId: started.orderId, provider: "ESEWA" });
    expect(await orderRow(started.orderId)).toMatchObject({ paymentStatus: "PAID", status: "PROCESSING", paymentMethod: "ESEWA" });
    const [attempt] = await attemptsOf(started.orderId);
    expect(attempt).toMatchObject({ provider: "ESEWA", reference: started.esewaParams.transaction_uuid, status: "PAID", amount: 265_000 });
    expect(attempt!.transactionId).toMatch(/^[0-9A-Z]{7}$/);
    expect(eventsFor(started.orderId, "payment.updated")).toHaveLength(1);
  });

  it("refuses tampered data: a changed amount or a wrong signature changes nothing, and the genuine data still verifies", async () => {
    const { started } = await esewaCheckout();
    const back = await payOnEsewa(await postEsewaForm({ url: started.payment_url, fields: started.esewaParams }));
    const genuine = rawData(back.location!);
    const json = JSON.parse(Buffer.from(genuine, "base64").toString("utf8")) as Record<string, string>;

    const cheaper = Buffer.from(JSON.stringify({ ...json, total_amount: "10.0" })).toString("base64");
    const badSignature = Buffer.from(JSON.stringify({ ...json, signature: Buffer.alloc(32, 7).toString("base64") })).toString("base64");
    for (const data of [cheaper, badSignature, "not base64 at all!"]) {
      const res = await post(alice, "/api/payments/esewa/verify", { data });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Payment verification failed");
    }
    expect(await orderRow(started.orderId)).toMatchObject({ paymentStatus: "PENDING", status: "PENDING" });
    expect((await attemptsOf(started.orderId))[0]!.status).toBe("PENDING");

    expect((await post(bob, "/api/payments/esewa/verify", { data: genuine })).statusCode).toBe(404);
    const ok = await post(alice, "/api/payments/esewa/verify", { data: genuine });
    expect(ok.statusCode).toBe(200);
    expect(await orderRow(started.orderId)).toMatchObject({ paymentStatus: "PAID" });
  });

  it("a cancel comes back to the failure URL naming the attempt; the status check fails it and a retry pays the same order", async () => {
    const { started } = await esewaCheckout();
    const back = await actOnEsewa(await postEsewaForm({ url: started.payment_url, fields: started.esewaParams }), "cancel");
    expect(back.location).toBe(`${SHOP}/payment/esewa/failed/${started.esewaParams.transaction_uuid}`);

    const status = await t.app.inject({ method: "GET", url: `/api/payments/esewa/status/${started.paymentId}`, headers: alice.headers });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ status: "FAILED", esewaStatus: "CANCELED", reason: "canceled" });
    expect(await orderRow(started.orderId)).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });

    const retry = await post(alice, "/api/payments/esewa/initiate", { orderId: started.orderId });
    expect(retry.statusCode).toBe(200);
    const second = retry.json().data;
    expect(second.esewaParams.transaction_uuid).not.toBe(started.esewaParams.transaction_uuid);
    const paid = await payOnEsewa(await postEsewaForm({ url: second.payment_url, fields: second.esewaParams }));
    expect((await post(alice, "/api/payments/esewa/verify", { data: rawData(paid.location!) })).statusCode).toBe(200);
    expect((await attemptsOf(started.orderId)).map((a) => a.status)).toEqual(["FAILED", "PAID"]);
  });

  it("an eSewa outage on verification gives the clear message and leaves the order payable", async () => {
    const { started } = await esewaCheckout();
    const back = await payOnEsewa(await postEsewaForm({ url: started.payment_url, fields: started.esewaParams }));
    await sim.setScenario("outage", "esewa");
    const res = await post(alice, "/api/payments/esewa/verify", { data: rawData(back.location!) });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(ESEWA_DOWN);
    expect(await orderRow(started.orderId)).toMatchObject({ paymentStatus: "PENDING", status: "PENDING" });
  });

  it("a repeated checkout after the eSewa form was posted gets the same order and a form eSewa still takes (a new transaction_uuid)", async () => {
    const product = await jersey(10);
    const key = "checkout-repeat-esewa-1";
    const first = (await checkout(alice, "esewa", product.id, {}, { "idempotency-key": key })).json().data as { orderId: string; esewaParams: Record<string, string>; payment_url: string };
    await postEsewaForm({ url: first.payment_url, fields: first.esewaParams });
    const again = await checkout(alice, "esewa", product.id, {}, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    const later = again.json().data as { orderId: string; esewaParams: Record<string, string>; payment_url: string };
    expect(later.orderId).toBe(first.orderId);
    expect(later.esewaParams.transaction_uuid).not.toBe(first.esewaParams.transaction_uuid);
    const back = await payOnEsewa(await postEsewaForm({ url: later.payment_url, fields: later.esewaParams }));
    expect((await post(alice, "/api/payments/esewa/verify", { data: rawData(back.location!) })).statusCode).toBe(200);
    expect(await orderRow(first.orderId)).toMatchObject({ paymentStatus: "PAID" });
    expect(await stockOf(product.id)).toBe(9);
  });

  it("a wallet order can switch to cash on delivery from payment selection", async () => {
    const { started } = await esewaCheckout();
    const res = await post(alice, "/api/payments/cod/switch", { orderId: started.orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ paymentMethod: "COD", status: "PROCESSING", paymentStatus: "PENDING", paymentExpiresAt: null });
    expect((await post(alice, "/api/payments/esewa/initiate", { orderId: started.orderId })).statusCode).toBe(409);
  });
});

describe("expiry sweep", () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it("cancels unpaid wallet orders after 60 minutes, fails their attempts and releases the stock once; a paid eSewa order whose return never arrived is confirmed instead", async () => {
    const kProduct = await jersey(3);
    const khalti = (await checkout(alice, "khalti", kProduct.id)).json().data;
    const eProduct = await jersey(3);
    const esewa = (await checkout(alice, "esewa", eProduct.id)).json().data;
    await postEsewaForm({ url: esewa.payment_url, fields: esewa.esewaParams });
    const lostProduct = await jersey(3);
    const lost = (await checkout(alice, "esewa", lostProduct.id)).json().data;
    await payOnEsewa(await postEsewaForm({ url: lost.payment_url, fields: lost.esewaParams }));
    expect(await stockOf(kProduct.id)).toBe(2);

    const early = await t.app.services.payments.sweepExpiredPayments(later(30));
    expect(early.cancelled).not.toContain(khalti.orderId);

    await sim.advanceClock(61 * 60);
    try {
      const swept = await t.app.services.payments.sweepExpiredPayments(later(61));
      expect(swept.locked).toBe(true);
      expect(swept.cancelled).toEqual(expect.arrayContaining([khalti.orderId, esewa.orderId]));
      expect(swept.paid).toContain(lost.orderId);
    } finally {
      await sim.advanceClock(-61 * 60);
    }

    for (const [id, product] of [
      [khalti.orderId, kProduct],
      [esewa.orderId, eProduct],
    ] as const) {
      expect(await orderRow(id)).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED" });
      expect(await stockOf(product.id)).toBe(3);
      expect((await attemptsOf(id)).map((a) => a.status)).toEqual(["FAILED"]);
      const history = await historyOf(id);
      expect(history.at(-1)).toMatchObject({ status: "CANCELLED", note: expect.stringContaining("stock released") });
      expect(eventsFor(id, "order.status_changed")).toHaveLength(1);
    }
    expect(await orderRow(lost.orderId)).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });
    expect(await stockOf(lostProduct.id)).toBe(2);

    const again = await t.app.services.payments.sweepExpiredPayments(later(62));
    expect(again.cancelled).not.toContain(khalti.orderId);
    expect(await stockOf(kProduct.id)).toBe(3);
    expect((await post(alice, "/api/payments/khalti/initiate", { orderId: khalti.orderId })).statusCode).toBe(409);
  });

  it("two sweeps at the same time process an expired order once (advisory lock)", async () => {
    const product = await jersey(4);
    const started = (await checkout(alice, "khalti", product.id)).json().data;
    await sim.advanceClock(61 * 60);
    try {
      const [a, b] = await Promise.all([t.app.services.payments.sweepExpiredPayments(later(61)), t.app.services.payments.sweepExpiredPayments(later(61))]);
      expect([...a.cancelled, ...b.cancelled].filter((id) => id === started.orderId)).toHaveLength(1);
    } finally {
      await sim.advanceClock(-61 * 60);
    }
    expect(await stockOf(product.id)).toBe(4);
    expect((await historyOf(started.orderId)).filter((h) => h.status === "CANCELLED")).toHaveLength(1);
    expect(eventsFor(started.orderId, "order.status_changed")).toHaveLength(1);
  });

  it("a sweep that finds the lock held by another instance does nothing", async () => {
    const product = await jersey(4);
    const started = (await checkout(alice, "khalti", product.id)).json().data;
    if (t.database.kind === "postgres") {
      // Another instance = another connection holding the transaction-scoped lock.
      await t.database.db.transaction(async (tx) => {
        expect(await tryAdvisoryLock(tx, SWEEP_LOCK_KEY)).toBe(true);
        const skipped = await t.app.services.payments.sweepExpiredPayments(later(61));
        expect(skipped).toEqual({ locked: false, cancelled: [], paid: [], deferred: [] });
      });
    } else {
      // PGlite has one connection: transactions never overlap, and the lock is free again after each commit.
      await t.database.db.transaction(async (tx) => expect(await tryAdvisoryLock(tx, SWEEP_LOCK_KEY)).toBe(true));
      expect((await t.app.services.payments.sweepExpiredPayments(later(10))).locked).toBe(true);
    }
    expect(await orderRow(started.orderId)).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });
  });
});

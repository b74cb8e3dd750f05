import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_MSG, ORDER_MSG } from "@khelkud/contracts";
import { signedInAs, useWalletShop, type Who } from "../../test/wallet-shop.js";
import { insertProduct } from "../../test/factories.js";
import { payOnKhalti } from "../../payments/simulator/testing.js";
import { auditLog, orderStatusHistory, orders, productSizes } from "../../db/schema/index.js";

/** A customer asks to send a delivered order back, and the shop answers (docs/decisions/190). */

const shop = useWalletShop();
const address = { fullName: "Return Rai", email: "return@example.com", phone: "9800000004", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };
const post = shop.post;
const db = () => shop.t.database.db;

const move = (orderId: string, status: string) => shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${orderId}/status`, headers: shop.admin.headers, payload: { status, courier: "Nepal Can Move", trackingNumber: "NCM-190" } });
const adminView = async (orderId: string) => (await shop.t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: shop.admin.headers })).json().data.order;
const customerView = async (who: Who, orderId: string) => (await shop.t.app.inject({ method: "GET", url: `/api/orders/${orderId}`, headers: who.headers })).json().data.order;
const ask = (who: Who, orderId: string, payload: object) => post(who, `/api/orders/${orderId}/return-request`, payload);
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** A cash-on-delivery order of the customer's, walked through `statuses`; printed lines are printed before it ships. */
async function deliveredOrder(who: Who, items?: (productId: string) => object[], statuses = ["PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
  const product = await insertProduct(db(), { price: 250_000, personalisable: Boolean(items), printFee: items ? 50_000 : undefined, sizes: [{ size: "M", stock: 5 }] });
  const res = await post(who, "/api/orders", { items: items ? items(product.id) : [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address, ...(items ? { acceptNoReturns: true } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.order.id as string;
  for (const status of statuses) {
    if (status === "SHIPPED") {
      for (const line of (await adminView(orderId)).items as { id: string; personalisation: unknown }[]) {
        if (line.personalisation) expect((await post(shop.admin, `/api/admin/print-queue/${line.id}/printed`, {})).statusCode).toBe(200);
      }
    }
    expect((await move(orderId, status)).statusCode).toBe(200);
  }
  return { product, orderId };
}

describe("a return request", () => {
  it("is recorded once, with its reason and words, in the history, the customer's and the admin's views; nothing else moves", async () => {
    const { product, orderId } = await deliveredOrder(shop.customer);
    const before = await orderRow(orderId);
    const send = () => ask(shop.customer, orderId, { reason: "SIZE", details: "  The M is too tight; an L would fit  " });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().error).toBe(ORDER_MSG.returnAlreadyRequested);

    const seen = await customerView(shop.customer, orderId);
    expect(seen).toMatchObject({ status: "DELIVERED", paymentStatus: before.paymentStatus, returnReason: "SIZE", returnDetails: "The M is too tight; an L would fit" });
    expect(Date.parse(seen.returnRequestedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.statusHistory.at(-1)).toMatchObject({ status: "DELIVERED", note: "Return requested by the customer; the shop will arrange the pick-up" });
    expect(await adminView(orderId)).toMatchObject({ returnRequestedAt: seen.returnRequestedAt, returnReason: "SIZE", returnDetails: "The M is too tight; an L would fit", canDeclineReturn: true });
    // Its cash is not yet marked collected: Record return waits for it (docs/decisions/185).
    expect((await adminView(orderId)).canRecordReturn).toBe(false);
    const [size] = await db().select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, product.id));
    expect(size!.stock).toBe(3);

    // Asked again later: the same refusal.
    expect((await ask(shop.customer, orderId, { reason: "FAULTY" })).statusCode).toBe(409);
  });

  it("is refused for someone else's order (404, as if it did not exist), before delivery, and past 30 days from delivery", async () => {
    const { orderId } = await deliveredOrder(shop.customer);
    const stranger = await signedInAs(shop.t);
    const theirs = await ask(stranger, orderId, { reason: "SIZE" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(ORDER_MSG.notFound);
    expect((await ask(shop.admin, orderId, { reason: "SIZE" })).statusCode).toBe(404);
    expect((await ask(shop.customer, "zzmissing00000000000000000", { reason: "SIZE" })).statusCode).toBe(404);

    const { orderId: onTheWay } = await deliveredOrder(shop.customer, undefined, ["PROCESSING", "SHIPPED"]);
    const early = await ask(shop.customer, onTheWay, { reason: "SIZE" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(ORDER_MSG.returnNotOpen);

    // Delivered 31 days ago: the returns page's 30 days are over.
    await db()
      .update(orderStatusHistory)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, "DELIVERED")));
    const late = await ask(shop.customer, orderId, { reason: "FAULTY" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(ORDER_MSG.returnNotOpen);
    expect((await orderRow(orderId)).returnRequestedAt).toBeNull();
  });

  it("counts the 30 days from the delivery itself: a request and its decline (notes under DELIVERED) do not restart them", async () => {
    const { orderId } = await deliveredOrder(shop.customer);
    expect((await ask(shop.customer, orderId, { reason: "SIZE" })).statusCode).toBe(200);
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/return-request/decline`, { note: "Worn" })).statusCode).toBe(200);
    // The delivery was 40 days ago; the request and the decline, today.
    await db()
      .update(orderStatusHistory)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, "DELIVERED"), isNull(orderStatusHistory.note)));
    const again = await ask(shop.customer, orderId, { reason: "SIZE" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ORDER_MSG.returnNotOpen);
  });

  it("takes an order of printed shirts back only when faulty or not what was ordered", async () => {
    const { orderId } = await deliveredOrder(shop.customer, (productId) => [{ productId, size: "M", quantity: 1, personalisation: { name: "PAUDEL", number: 7 } }]);
    for (const reason of ["SIZE", "CHANGED_MIND"]) {
      const res = await ask(shop.customer, orderId, { reason });
      expect(res.statusCode, reason).toBe(409);
      expect(res.json().error).toBe(ORDER_MSG.returnPrintedOnly);
    }
    expect((await ask(shop.customer, orderId, { reason: "FAULTY", details: "The 7 is peeling off" })).statusCode).toBe(200);
  });

  it("answers malformed requests with 400 or 415 and records nothing", async () => {
    const { orderId } = await deliveredOrder(shop.customer);
    const cases: [object, string][] = [
      [{}, "Please choose why you are sending it back"],
      [{ reason: "BROKEN" }, "Please choose why you are sending it back"],
      [{ reason: "SIZE\u0000" }, "Please choose why you are sending it back"],
      [{ reason: "SIZE", details: "x".repeat(501) }, "details must be at most 500 characters"],
      [{ reason: "SIZE", refund: 999_999 }, ""],
    ];
    for (const [payload, message] of cases) {
      const res = await ask(shop.customer, orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    const text = await shop.t.app.inject({ method: "POST", url: `/api/orders/${orderId}/return-request`, headers: { ...shop.customer.headers, "content-type": "text/plain" }, payload: "SIZE" });
    expect(text.statusCode).toBe(415);
    const broken = await shop.t.app.inject({ method: "POST", url: `/api/orders/${orderId}/return-request`, headers: { ...shop.customer.headers, "content-type": "application/json" }, payload: '{"reason":"SI' });
    expect(broken.statusCode).toBe(400);
    const nul = await shop.t.app.inject({ method: "POST", url: `/api/orders/%00/return-request`, headers: shop.customer.headers, payload: { reason: "SIZE" } });
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    expect((await orderRow(orderId)).returnRequestedAt).toBeNull();
  });

  it("survives a client that hangs up half-way through its body: nothing is recorded and the next request is answered", async () => {
    const { orderId } = await deliveredOrder(shop.customer);
    await shop.t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (shop.t.app.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, path: `/api/orders/${orderId}/return-request`, method: "POST", headers: { ...shop.customer.headers, "content-type": "application/json", "content-length": "200" } });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.write('{"reason":"SIZE","details":"half', () => setTimeout(() => req.destroy(), 50));
    });
    expect((await orderRow(orderId)).returnRequestedAt).toBeNull();
    expect((await ask(shop.customer, orderId, { reason: "SIZE" })).statusCode).toBe(200);
  });
});

describe("the shop's answer to a return request", () => {
  it("declines it with a note the customer reads; the order stays delivered and may be asked for again", async () => {
    const { orderId } = await deliveredOrder(shop.customer);
    expect((await adminView(orderId)).canDeclineReturn).toBe(false);
    const none = await post(shop.admin, `/api/admin/orders/${orderId}/return-request/decline`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(ADMIN_MSG.noReturnRequest);

    expect((await ask(shop.customer, orderId, { reason: "CHANGED_MIND" })).statusCode).toBe(200);
    // A panel that read another request (the customer asked again meanwhile) does not turn this one down unread.
    const stale = await post(shop.admin, `/api/admin/orders/${orderId}/return-request/decline`, { note: "Worn", requestedAt: "2026-01-01T00:00:00.000Z" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(ADMIN_MSG.returnRequestChanged);
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/return-request/decline`, { requestedAt: "yesterday" })).statusCode).toBe(400);
    const { returnRequestedAt } = await adminView(orderId);
    const declined = await post(shop.admin, `/api/admin/orders/${orderId}/return-request/decline`, { note: "The shirt was worn", requestedAt: returnRequestedAt });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.order).toMatchObject({ status: "DELIVERED", returnRequestedAt: null, returnReason: null, canDeclineReturn: false });
    const seen = await customerView(shop.customer, orderId);
    expect(seen).toMatchObject({ returnRequestedAt: null, returnReason: null, returnDetails: null });
    expect(seen.statusHistory.at(-1)).toMatchObject({ status: "DELIVERED", note: "Return request declined: The shirt was worn" });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.return-declined")))).toHaveLength(1);
    // A customer may not decline, nor see the admin route.
    expect((await post(shop.customer, `/api/admin/orders/${orderId}/return-request/decline`, {})).statusCode).toBe(403);

    expect((await ask(shop.customer, orderId, { reason: "FAULTY", details: "A seam came open" })).statusCode).toBe(200);
  });

  it("lists every customer waiting for an answer, return or cancellation, the longest waiting first, until answered", async () => {
    const waiting = async () => ((await shop.t.app.inject({ method: "GET", url: "/api/admin/orders/waiting", headers: shop.admin.headers })).json().data.orders as { id: string }[]).map((o) => o.id);
    const { orderId: first } = await deliveredOrder(shop.customer);
    const { orderId: second } = await deliveredOrder(shop.customer);
    const { orderId: notAsked } = await deliveredOrder(shop.customer);
    expect((await ask(shop.customer, second, { reason: "SIZE" })).statusCode).toBe(200);
    expect((await ask(shop.customer, first, { reason: "FAULTY" })).statusCode).toBe(200);
    // A paid order not yet shipped whose customer asked to cancel it waits too.
    const product = await insertProduct(db(), { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const started = (await post(shop.customer, "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } })).json().data as { payment_url: string; pidx: string; orderId: string };
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect((await post(shop.customer, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
    expect((await post(shop.customer, `/api/orders/${started.orderId}/cancel`, { reason: "Ordered twice" })).statusCode).toBe(202);

    const ids = await waiting();
    expect(ids.filter((id) => [first, second, notAsked, started.orderId].includes(id))).toEqual([second, first, started.orderId]);
    expect((await shop.t.app.inject({ method: "GET", url: "/api/admin/orders/waiting", headers: shop.admin.headers })).json().data.more).toBe(false);
    expect((await post(shop.admin, `/api/admin/orders/${second}/return-request/decline`, {})).statusCode).toBe(200);
    expect((await post(shop.admin, `/api/admin/orders/${started.orderId}/refund`, { method: "KHALTI", reference: "KH-190" })).statusCode).toBe(200);
    expect((await waiting()).filter((id) => [first, second, started.orderId].includes(id))).toEqual([first]);
    // A customer may not read it.
    expect((await shop.t.app.inject({ method: "GET", url: "/api/admin/orders/waiting", headers: shop.customer.headers })).statusCode).toBe(403);
  });

  it("records the return: the order is RETURNED, keeps the request's reason, and can no longer be declined", async () => {
    const { orderId } = await deliveredOrder(shop.customer);
    expect((await ask(shop.customer, orderId, { reason: "WRONG_ITEM" })).statusCode).toBe(200);
    // A delivered cash-on-delivery order: its cash is recorded first, then the return refunds it.
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/cash-collected`, {})).statusCode).toBe(200);
    const recorded = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "CASH", reference: "CASH-190" });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data.order).toMatchObject({ status: "RETURNED", paymentStatus: "REFUNDED", returnReason: "WRONG_ITEM", canDeclineReturn: false });
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/return-request/decline`, {})).statusCode).toBe(409);
    expect((await ask(shop.customer, orderId, { reason: "SIZE" })).statusCode).toBe(409);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useWalletShop, type Who } from "../../test/wallet-shop.js";
import { insertProduct } from "../../test/factories.js";
import { auditLog, orders, payments, productSizes, refunds } from "../../db/schema/index.js";
import { payOnKhalti } from "../../payments/simulator/testing.js";

/** A paid order is cancelled only by a refund the shop records (docs/decisions/078). */

const shop = useWalletShop();

const address = { fullName: "Paid Shrestha", email: "paid@example.com", phone: "9800000002", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };

const post = shop.post;

async function stockOf(productId: string): Promise<number> {
  const [row] = await shop.t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

/** A Khalti order, paid at the wallet; `verify` also brings the return home (otherwise the shop has not heard yet). */
async function paidAtKhalti(who: Who, verify: boolean) {
  const product = await insertProduct(shop.t.database.db, { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
  const res = await post(who, "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address } });
  expect(res.statusCode).toBe(200);
  const started = res.json().data as { payment_url: string; pidx: string; orderId: string };
  await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
  if (verify) expect((await post(who, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
  return { product, orderId: started.orderId, pidx: started.pidx };
}


describe("a customer cancelling a paid order", () => {
  it("records a cancellation request (202): the order stays paid, the money and the stock stay where they are", async () => {
    const { product, orderId } = await paidAtKhalti(shop.customer, true);
    expect(await stockOf(product.id)).toBe(3);
    const res = await post(shop.customer, `/api/orders/${orderId}/cancel`, { reason: "Ordered the wrong size" });
    expect(res.statusCode).toBe(202);
    const order = res.json().data.order;
    expect(order).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID", cancellationReason: "Ordered the wrong size", refund: null });
    expect(order.cancellationRequestedAt).toEqual(expect.any(String));
    expect(order.statusHistory.at(-1).note).toBe("Cancellation requested by the customer; the shop will refund the payment");
    expect(await stockOf(product.id)).toBe(3);

    const again = await post(shop.customer, `/api/orders/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("A cancellation has already been requested for this order");
  });

  it("asks the wallet first: an order paid at Khalti whose return has not arrived is confirmed, and the cancel becomes a request", async () => {
    const { product, orderId } = await paidAtKhalti(shop.customer, false);
    const res = await post(shop.customer, `/api/orders/${orderId}/cancel`);
    expect(res.statusCode).toBe(202);
    expect(res.json().data.order).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });
    const [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.stockReleasedAt).toBeNull();
    expect(await stockOf(product.id)).toBe(3);
  });

  it("refuses to cancel while the wallet cannot be asked (it may have been paid), and changes nothing", async () => {
    const product = await insertProduct(shop.t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    const started = (await post(shop.customer, "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address } })).json().data;
    shop.sim.setScenario("outage", "khalti");
    const res = await post(shop.customer, `/api/orders/${started.orderId}/cancel`);
    expect(res.statusCode).toBe(503);
    const [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, started.orderId));
    expect(row).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });
    expect(await stockOf(product.id)).toBe(4);
  });

  it("still cancels an unpaid order at once (200) and returns its stock", async () => {
    const product = await insertProduct(shop.t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    const placed = (await post(shop.customer, "/api/orders", { items: [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address })).json().data.order;
    const res = await post(shop.customer, `/api/orders/${placed.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order.status).toBe("CANCELLED");
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("the administrator approving it", () => {
  it("records the refund, moves the payment to REFUNDED, cancels the order and returns the stock once; the customer sees the refund", async () => {
    const { product, orderId } = await paidAtKhalti(shop.customer, true);
    await post(shop.customer, `/api/orders/${orderId}/cancel`);
    const listed = await shop.t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: shop.admin.headers });
    expect(listed.json().data.order).toMatchObject({ canRefund: true, cancellationReason: null, cancellationRequestedAt: expect.any(String) });

    const approve = () => post(shop.admin, `/api/admin/orders/${orderId}/refund`, { method: "KHALTI", reference: "KH-RF-1001", note: "Wrong size" });
    const [first, second] = await Promise.all([approve(), approve()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json().data.order).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED", refund: { amount: 515_000, method: "KHALTI", reference: "KH-RF-1001", by: "Test Customer" } });
    expect(await stockOf(product.id)).toBe(5);

    const rows = await shop.t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 515_000, method: "KHALTI", reference: "KH-RF-1001", refundedByUserId: shop.admin.id });
    const [payment] = await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe("REFUNDED");
    const audit = await shop.t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.refund")));
    expect(audit).toHaveLength(1);

    const seen = await shop.t.app.inject({ method: "GET", url: `/api/orders/${orderId}`, headers: shop.customer.headers });
    expect(seen.json().data.order).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED", refund: { amount: 515_000, method: "KHALTI", reference: "KH-RF-1001" } });
    expect(seen.json().data.order.statusHistory.at(-1).note).toBe("Cancellation approved; Rs. 5,150 refunded by Khalti (reference KH-RF-1001)");

    // Nothing brings the stock back a second time.
    expect((await post(shop.customer, `/api/orders/${orderId}/cancel`)).statusCode).toBe(409);
    expect((await approve()).statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("refuses to cancel a paid order through the status change (money kept), and a refund larger than the total", async () => {
    const { product, orderId } = await paidAtKhalti(shop.customer, true);
    const cancel = await shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${orderId}/status`, headers: shop.admin.headers, payload: { status: "CANCELLED" } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe("A paid order is cancelled by approving its refund");
    const tooMuch = await post(shop.admin, `/api/admin/orders/${orderId}/refund`, { method: "ESEWA", reference: "X1", amount: 515_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(await stockOf(product.id)).toBe(3);
    const [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });
  });

  it("declines a request: the order goes on and the customer may ask again", async () => {
    const { orderId } = await paidAtKhalti(shop.customer, true);
    await post(shop.customer, `/api/orders/${orderId}/cancel`);
    // While the request is undecided the parcel is not sent, and the staff's status choice does not offer it.
    const ship = (payload: object) => shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${orderId}/status`, headers: shop.admin.headers, payload });
    const early = await ship({ status: "SHIPPED", courier: "Nepal Can Move", trackingNumber: "NCM-1" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("The customer asked to cancel this order: approve the refund or decline the request before shipping it");
    const viewed = async () => (await shop.t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: shop.admin.headers })).json().data.order;
    expect((await viewed()).nextStatuses).toEqual([]);
    const res = await post(shop.admin, `/api/admin/orders/${orderId}/cancellation/decline`, { note: "Already packed" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID", cancellationRequestedAt: null });
    const seen = (await shop.t.app.inject({ method: "GET", url: `/api/orders/${orderId}`, headers: shop.customer.headers })).json().data.order;
    expect(seen.statusHistory.at(-1).note).toBe("Cancellation request declined: Already packed");
    expect((await post(shop.customer, `/api/orders/${orderId}/cancel`)).statusCode).toBe(202);
    expect((await viewed()).nextStatuses).toEqual([]);
    await post(shop.admin, `/api/admin/orders/${orderId}/cancellation/decline`, {});
    expect((await viewed()).nextStatuses).toEqual(["SHIPPED"]);
    expect((await ship({ status: "SHIPPED", courier: "Nepal Can Move", trackingNumber: "NCM-1" })).statusCode).toBe(200);
  });

  it("answers malformed refund and cancellation bodies with 400 and changes nothing", async () => {
    const { product, orderId } = await paidAtKhalti(shop.customer, true);
    for (const body of [
      { method: "PAYPAL", reference: "R-1" },
      { method: "KHALTI", reference: "" },
      { method: "KHALTI", reference: "R\u0000-1" },
      { method: "KHALTI", reference: "R-1", amount: -5 },
      { method: "KHALTI", reference: "R-1", amount: 10.5 },
      { method: "KHALTI", reference: "x".repeat(101) },
      { method: "KHALTI", reference: "R-1", status: "CANCELLED" },
    ]) {
      const res = await post(shop.admin, `/api/admin/orders/${orderId}/refund`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(shop.customer, `/api/orders/${orderId}/cancel`, { reason: "x".repeat(501) })).statusCode).toBe(400);
    expect((await post(shop.customer, `/api/orders/${orderId}/cancel`, { reason: "ok", extra: 1 })).statusCode).toBe(400);
    const [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID", cancellationRequestedAt: null });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("refuses a refund for an unpaid order, a shipped one, or from a customer", async () => {
    const product = await insertProduct(shop.t.database.db, { sizes: [{ size: "M", stock: 5 }] });
    const unpaid = (await post(shop.customer, "/api/orders", { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address })).json().data.order;
    expect((await post(shop.admin, `/api/admin/orders/${unpaid.id}/refund`, { method: "CASH", reference: "R-1" })).statusCode).toBe(409);
    const { orderId } = await paidAtKhalti(shop.customer, true);
    expect((await post(shop.customer, `/api/admin/orders/${orderId}/refund`, { method: "CASH", reference: "R-2" })).statusCode).toBe(403);
    await shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${orderId}/status`, headers: shop.admin.headers, payload: { status: "SHIPPED" } });
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/refund`, { method: "KHALTI", reference: "R-3" })).statusCode).toBe(409);
    expect((await post(shop.customer, `/api/orders/${orderId}/cancel`)).statusCode).toBe(409);
  });
});

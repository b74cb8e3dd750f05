import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useWalletShop, type Who } from "../../test/wallet-shop.js";
import { insertProduct } from "../../test/factories.js";
import { auditLog, notifications, orders, payments, productSizes, refunds, taxDocuments } from "../../db/schema/index.js";
import { payOnKhalti } from "../../payments/simulator/testing.js";

/** A parcel that comes back after it left the shop: returned to sender, or by the customer (docs/decisions/185). */

const shop = useWalletShop();
const address = { fullName: "Return Rai", email: "return@example.com", phone: "9800000004", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };
const post = shop.post;
const db = () => shop.t.database.db;

async function stockOf(productId: string): Promise<number> {
  const [row] = await db().select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, "M")));
  return row!.stock;
}

const move = (orderId: string, status: string) => shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${orderId}/status`, headers: shop.admin.headers, payload: { status, courier: "Nepal Can Move", trackingNumber: "NCM-185" } });
const adminView = async (orderId: string) => (await shop.t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: shop.admin.headers })).json().data.order;
const customerView = async (who: Who, orderId: string) => (await shop.t.app.inject({ method: "GET", url: `/api/orders/${orderId}`, headers: who.headers })).json().data.order;
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** A Khalti order for two units at Rs. 2,500, paid and walked through `statuses`. */
async function paidOrder(statuses: string[]) {
  const product = await insertProduct(db(), { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
  const res = await post(shop.customer, "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address } });
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json().data as { payment_url: string; pidx: string; orderId: string };
  await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
  expect((await post(shop.customer, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
  for (const status of statuses) expect((await move(started.orderId, status)).statusCode).toBe(200);
  return { product, orderId: started.orderId };
}

/** A cash-on-delivery order for two units, walked through `statuses` (the cash not collected). */
async function codOrder(statuses: string[], items?: object[]) {
  const product = await insertProduct(db(), { price: 250_000, sizes: [{ size: "M", stock: 5 }] });
  // A personalised line is ordered only with the promise that it cannot be returned for a change of mind.
  const res = await post(shop.customer, "/api/orders", { items: items ?? [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: address, ...(items ? { acceptNoReturns: true } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.order.id as string;
  for (const status of statuses) expect((await move(orderId, status)).statusCode).toBe(200);
  return { product, orderId };
}

describe("a delivered, paid order sent back by its customer", () => {
  it("is RETURNED once with its refund, payment REFUNDED, a credit note, the stock back, an audit entry and the customer told", async () => {
    const { product, orderId } = await paidOrder(["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect(await stockOf(product.id)).toBe(3);
    expect(await adminView(orderId)).toMatchObject({ canRecordReturn: true, canRefund: false, nextStatuses: [] });

    const record = () => post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "KHALTI", reference: "KH-RT-185", amount: 500_000, note: "Shipping fee kept" });
    const [first, second] = await Promise.all([record(), record()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json().data.order).toMatchObject({ status: "RETURNED", paymentStatus: "REFUNDED", canRecordReturn: false, nextStatuses: [], refund: { amount: 500_000, method: "KHALTI", reference: "KH-RT-185" } });
    expect(await stockOf(product.id)).toBe(5);

    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe("REFUNDED");
    const documents = await db().select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    expect(documents.map((d) => [d.kind, d.total]).sort()).toEqual([
      ["CREDIT_NOTE", 500_000],
      ["INVOICE", 515_000],
    ]);
    // The goods without the delivery fee: the credit note names the shirts that came back, and credits no delivery.
    const invoice = documents.find((d) => d.kind === "INVOICE")!;
    const credit = documents.find((d) => d.kind === "CREDIT_NOTE")!;
    expect(credit.lines).toEqual(invoice.lines);
    expect([credit.shippingAmount, credit.taxable + credit.vat]).toEqual([0, 500_000]);
    // It names how the money went back, not the invoice's payment.
    expect([credit.paymentMethod, credit.paymentReference]).toEqual(["Refunded by Khalti", "KH-RT-185"]);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.return")))).toHaveLength(1);

    const seen = await customerView(shop.customer, orderId);
    expect(seen).toMatchObject({ status: "RETURNED", paymentStatus: "REFUNDED", refund: { amount: 500_000, method: "KHALTI", reference: "KH-RT-185", note: "Shipping fee kept" } });
    expect(seen.statusHistory.at(-1)).toMatchObject({ status: "RETURNED", note: "Rs. 5,000 refunded by Khalti (reference KH-RT-185)" });
    const told = await db().select().from(notifications).where(and(eq(notifications.orderId, orderId), eq(notifications.kind, "order.returned")));
    expect(told.map((n) => n.channel).sort()).toEqual(["EMAIL", "SMS"]);
    const sms = told.find((n) => n.channel === "SMS")!;
    expect(JSON.stringify(sms)).toContain("came back to us. Your payment was refunded.");

    // Nothing brings the stock or the money back a second time, nor moves a returned order on.
    expect((await record()).statusCode).toBe(409);
    expect((await move(orderId, "DELIVERED")).statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("a refund of part of the goods gets a credit note of one line that says the goods came back", async () => {
    const { orderId } = await paidOrder(["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]);
    const res = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: false, method: "KHALTI", reference: "KH-RT-PART", amount: 250_000 });
    expect(res.statusCode, res.body).toBe(200);
    const documents = await db().select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    const invoice = documents.find((d) => d.kind === "INVOICE")!;
    const credit = documents.find((d) => d.kind === "CREDIT_NOTE")!;
    expect(credit.lines).toEqual([expect.objectContaining({ description: `Goods returned: partial refund against invoice ${invoice.number}`, amount: 250_000 })]);
    expect([credit.shippingAmount, credit.taxable + credit.vat, credit.reason]).toEqual([0, 250_000, "Goods returned; amount refunded"]);
  });

  it("refuses a paid order's return without its refund's method and reference, or above the total, and changes nothing", async () => {
    const { product, orderId } = await paidOrder(["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]);
    const bare = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe("This order was paid: give the refund's method and reference to record its return");
    expect(bare.json().details.map((d: { field: string }) => d.field).sort()).toEqual(["method", "reference"]);
    const tooMuch = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "CASH", reference: "C-1", amount: 515_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe("The refund cannot be more than the order total");
    expect(await orderRow(orderId)).toMatchObject({ status: "DELIVERED", paymentStatus: "PAID" });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("a cash-on-delivery parcel returned to sender", () => {
  it("is RETURNED with no refund: the cash is no longer awaited (payment FAILED), no credit note, and the stock is back only when asked", async () => {
    const kept = await codOrder(["PROCESSING", "SHIPPED"]);
    const res = await post(shop.admin, `/api/admin/orders/${kept.orderId}/return`, { restock: false, note: "Customer refused the parcel" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: "RETURNED", paymentStatus: "FAILED", refund: null, canCollectCash: false });
    expect(await stockOf(kept.product.id)).toBe(3);
    expect(await db().select().from(taxDocuments).where(eq(taxDocuments.orderId, kept.orderId))).toHaveLength(0);
    const seen = await customerView(shop.customer, kept.orderId);
    expect(seen.statusHistory.at(-1)).toMatchObject({ status: "RETURNED", note: "Nothing was paid" });
    const [mail] = await db().select().from(notifications).where(and(eq(notifications.orderId, kept.orderId), eq(notifications.kind, "order.returned"), eq(notifications.channel, "EMAIL")));
    expect(JSON.stringify(mail)).toContain("came back to us without being delivered. Nothing was charged.");
    expect(JSON.stringify(mail)).toContain("Customer refused the parcel");

    const restocked = await codOrder(["PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY"]);
    expect((await post(shop.admin, `/api/admin/orders/${restocked.orderId}/return`, { restock: true })).statusCode).toBe(200);
    expect(await stockOf(restocked.product.id)).toBe(5);
  });

  it("tells the customer of the return only: an unpaid parcel's payment is no failed payment", async () => {
    const { orderId } = await codOrder(["PROCESSING", "SHIPPED"]);
    const events: string[] = [];
    const off = shop.t.app.services.events.on((e) => {
      if ("order" in e && e.order.id === orderId) events.push(e.type);
    });
    try {
      expect((await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, note: "Refused at the door" })).statusCode).toBe(200);
    } finally {
      off();
    }
    expect(events).toEqual(["order.status_changed"]);
    // The administrator's note is kept with the order's record, not only in the e-mail.
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.return")));
    expect(entry!.after).toMatchObject({ note: "Refused at the door", restock: true, stockReturned: true });
  });

  it("refuses a delivered cash-on-delivery order whose cash is not marked collected: the customer paid the courier", async () => {
    const { product, orderId } = await codOrder(["PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect(await adminView(orderId)).toMatchObject({ canRecordReturn: false, canCollectCash: true });
    const early = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("This cash-on-delivery order was delivered: mark its cash collected first, then record the return with its refund");
    expect(await orderRow(orderId)).toMatchObject({ status: "DELIVERED", paymentStatus: "PENDING" });
    // Once the cash is recorded, the return refunds it and a credit note answers the bill.
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/cash-collected`, {})).statusCode).toBe(200);
    expect((await adminView(orderId)).canRecordReturn).toBe(true);
    const res = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "CASH", reference: "Counter 3" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: "RETURNED", paymentStatus: "REFUNDED" });
    expect((await db().select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).map((d) => d.kind).sort()).toEqual(["CREDIT_NOTE", "INVOICE"]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("keeps a returned order on record: it cannot be deleted, and what the staff kept out of stock stays out", async () => {
    const { product, orderId } = await codOrder(["PROCESSING", "SHIPPED"]);
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: false })).statusCode).toBe(200);
    // Its payment window (set when it was placed) has long passed.
    await db().update(orders).set({ paymentExpiresAt: new Date(Date.now() - 86_400_000) }).where(eq(orders.id, orderId));
    expect((await adminView(orderId)).canDelete).toBe(false);
    const removed = await shop.t.app.inject({ method: "DELETE", url: `/api/admin/orders/${orderId}`, headers: shop.admin.headers });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe("An order whose parcel left the shop is kept as its record and cannot be deleted");
    expect(await orderRow(orderId)).toMatchObject({ status: "RETURNED" });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("refuses a return prepared on another state of the order (it was delivered meanwhile)", async () => {
    const { orderId } = await paidOrder(["SHIPPED"]);
    expect((await move(orderId, "OUT_FOR_DELIVERY")).statusCode).toBe(200);
    const stale = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "KHALTI", reference: "R-7", expectedStatus: "SHIPPED", expectedPaymentStatus: "PAID" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe("This order changed meanwhile (it is now OUT_FOR_DELIVERY): look at it again before recording its return");
    expect(await orderRow(orderId)).toMatchObject({ status: "OUT_FOR_DELIVERY", paymentStatus: "PAID" });
    const fresh = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "KHALTI", reference: "R-7", expectedStatus: "OUT_FOR_DELIVERY", expectedPaymentStatus: "PAID" });
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses a refund for a return nothing was paid for", async () => {
    const { product, orderId } = await codOrder(["PROCESSING", "SHIPPED"]);
    const res = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "CASH", reference: "C-9" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Nothing was paid for this order, so there is no refund to record");
    expect(await orderRow(orderId)).toMatchObject({ status: "SHIPPED", paymentStatus: "PENDING" });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("never puts a line printed with a name and number back on sale", async () => {
    const printed = await insertProduct(db(), { name: "Return Print Test", price: 250_000, personalisable: true, printFee: 50_000, sizes: [{ size: "M", stock: 5 }] });
    const plain = await insertProduct(db(), { name: "Return Plain Test", price: 250_000, sizes: [{ size: "M", stock: 5 }] });
    const { orderId } = await codOrder(
      ["PROCESSING"],
      [
        { productId: printed.id, size: "M", quantity: 1, personalisation: { name: "PAUDEL", number: 7 } },
        { productId: plain.id, size: "M", quantity: 1 },
      ],
    );
    const items = (await adminView(orderId)).items as { id: string; personalisation: unknown }[];
    const job = items.find((i) => i.personalisation)!;
    expect((await post(shop.admin, `/api/admin/print-queue/${job.id}/printed`, {})).statusCode).toBe(200);
    expect((await move(orderId, "SHIPPED")).statusCode).toBe(200);
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true })).statusCode).toBe(200);
    expect(await stockOf(plain.id)).toBe(5);
    expect(await stockOf(printed.id)).toBe(4);
  });

  it("says no stock came back when every line was printed", async () => {
    const printed = await insertProduct(db(), { name: "Return All Printed Test", price: 250_000, personalisable: true, printFee: 50_000, sizes: [{ size: "M", stock: 5 }] });
    const { orderId } = await codOrder(["PROCESSING"], [{ productId: printed.id, size: "M", quantity: 1, personalisation: { name: "RAI", number: 10 } }]);
    const job = ((await adminView(orderId)).items as { id: string }[])[0]!;
    expect((await post(shop.admin, `/api/admin/print-queue/${job.id}/printed`, {})).statusCode).toBe(200);
    expect((await move(orderId, "SHIPPED")).statusCode).toBe(200);
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true })).statusCode).toBe(200);
    expect(await stockOf(printed.id)).toBe(4);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.return")));
    expect(entry!.after).toMatchObject({ restock: true, stockReturned: false });
  });
});

describe("recording a return", () => {
  it("is refused before the parcel has left, through the status change, and to a customer", async () => {
    const { orderId } = await paidOrder([]);
    const early = await post(shop.admin, `/api/admin/orders/${orderId}/return`, { restock: true, method: "KHALTI", reference: "R-1" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("Only an order that has left the shop (shipped, out for delivery or delivered) can be recorded as returned");
    expect((await move(orderId, "SHIPPED")).statusCode).toBe(200);
    // The status choice leaves RETURNED out: it would keep the money and the stock.
    expect((await adminView(orderId)).nextStatuses).toEqual(["OUT_FOR_DELIVERY"]);
    const patched = await move(orderId, "RETURNED");
    expect(patched.statusCode).toBe(409);
    expect(patched.json().error).toBe("A returned parcel is recorded with Record return, which records its refund too");
    expect((await post(shop.customer, `/api/admin/orders/${orderId}/return`, { restock: true, method: "KHALTI", reference: "R-1" })).statusCode).toBe(403);
    expect(await orderRow(orderId)).toMatchObject({ status: "SHIPPED", paymentStatus: "PAID" });
  });

  it("answers malformed bodies with 400 and an unknown order with 404, changing nothing", async () => {
    const { product, orderId } = await paidOrder(["SHIPPED"]);
    for (const body of [
      {},
      { restock: "yes", method: "KHALTI", reference: "R-1" },
      { restock: true, method: "PAYPAL", reference: "R-1" },
      { restock: true, method: "KHALTI", reference: "R\u0000-1" },
      { restock: true, method: "KHALTI", reference: "R-1", amount: 10.5 },
      { restock: true, method: "KHALTI", reference: "x".repeat(101) },
      { restock: true, method: "KHALTI", reference: "R-1", status: "DELIVERED" },
    ]) {
      const res = await post(shop.admin, `/api/admin/orders/${orderId}/return`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const text = await shop.t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/return`, headers: { ...shop.admin.headers, "content-type": "text/plain" }, payload: "restock=true" });
    expect(text.statusCode).toBe(415);
    expect((await post(shop.admin, `/api/admin/orders/no-such-order/return`, { restock: true })).statusCode).toBe(404);
    expect(await orderRow(orderId)).toMatchObject({ status: "SHIPPED", paymentStatus: "PAID" });
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("reviews after a return", () => {
  it("a customer who received the shirt and sent it back may still review it; one whose parcel never arrived may not", async () => {
    const review = (productId: string) => post(shop.customer, `/api/products/${productId}/reviews`, { rating: 2, comment: "The stitching came loose" });
    const received = await paidOrder(["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect((await post(shop.admin, `/api/admin/orders/${received.orderId}/return`, { restock: true, method: "KHALTI", reference: "R-8" })).statusCode).toBe(200);
    const written = await review(received.product.id);
    expect(written.statusCode, written.body).toBe(201);
    const listed = (await shop.t.app.inject({ url: `/api/products/${received.product.id}/reviews` })).json().data.reviews;
    expect(listed[0]).toMatchObject({ verifiedBuyer: true });

    const undelivered = await codOrder(["PROCESSING", "SHIPPED"]);
    expect((await post(shop.admin, `/api/admin/orders/${undelivered.orderId}/return`, { restock: true })).statusCode).toBe(200);
    expect((await review(undelivered.product.id)).statusCode).toBe(403);
  });
});

import { fillMessage, ORDER_MSG, ORDER_TEMPLATE, PAYMENT_MSG, shortOrderId, WALLET_LABEL, type EsewaStart, type KhaltiStart, type WalletProvider, type Locale } from "@khelkud/contracts";
import { conflict, notFound } from "../../lib/errors.js";
import { isProviderUnavailable, makeTransactionUuid, ProviderError } from "../../payments/index.js";
import { ORDER_NOT_FOUND, type PlaceOrderData } from "../orders/orders.service.js";
import { unavailable, type PaymentsContext, type Viewer } from "./payments-context.js";
import * as repo from "./payments.repository.js";

/** Starting a wallet payment: one `payments` row per attempt, the amount always the stored order's (docs/decisions/041). */
export function createPaymentAttempts(ctx: PaymentsContext) {
  const { db, orders } = ctx;
  const base = ctx.publicUrl.replace(/\/$/, "");

  function khaltiClient() {
    if (!ctx.clients.khalti) throw conflict(PAYMENT_MSG.khaltiOff);
    return ctx.clients.khalti;
  }
  function esewaClient() {
    if (!ctx.clients.esewa) throw conflict(PAYMENT_MSG.esewaOff);
    return ctx.clients.esewa;
  }

  /** The caller's own order, still waiting for a wallet payment; switches its wallet when the shopper picked the other one. */
  async function payableOrder(user: Viewer, orderId: string, provider: WalletProvider, now = new Date()) {
    const row = await orders.findRecord(orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentStatus === "PAID") throw conflict(ORDER_MSG.alreadyPaid);
    if (row.status !== "PENDING" || row.paymentStatus !== "PENDING") throw conflict(ORDER_MSG.noLongerPayable);
    if (row.paymentMethod === "COD") throw conflict(ORDER_MSG.paidByCash);
    if (row.paymentExpiresAt && row.paymentExpiresAt.getTime() <= now.getTime()) {
      throw conflict(ORDER_MSG.payTimeUp);
    }
    if (row.paymentMethod === provider) return row;
    const switched = await orders.lifecycle.run((unit) => unit.change(row.id, { when: { status: ["PENDING"], paymentStatus: "PENDING", userId: user.id }, set: { paymentMethod: provider } }));
    if (!switched) throw conflict(ORDER_MSG.noLongerPayable);
    return switched.order;
  }

  async function nextAttemptId(orderId: string): Promise<string> {
    return makeTransactionUuid(orderId, (await repo.countAttempts(db, orderId)) + 1);
  }

  function startFailure(provider: WalletProvider, error: unknown): Error {
    if (isProviderUnavailable(error)) return unavailable(provider);
    if (error instanceof ProviderError && error.kind === "auth") return unavailable(provider);
    if (error instanceof ProviderError) return conflict(fillMessage(ORDER_TEMPLATE.walletStartFailed, { wallet: WALLET_LABEL[provider], reason: error.message }));
    return error instanceof Error ? error : new Error(String(error));
  }

  async function startKhalti(user: Viewer, orderId: string): Promise<KhaltiStart> {
    const client = khaltiClient();
    const order = await payableOrder(user, orderId, "KHALTI");
    const items = await orders.linesOf(order.id);
    const purchaseOrderId = await nextAttemptId(order.id);
    const a = order.shippingAddress;
    const goods = order.subtotal - order.discountAmount;
    let started;
    try {
      started = await client.initiate({
        returnUrl: `${base}/khalti/callback`,
        websiteUrl: `${base}/`,
        amountPaisa: order.totalAmount,
        purchaseOrderId,
        purchaseOrderName: `Order #${shortOrderId(order.id)}`,
        customerInfo: { name: a.fullName, email: a.email, phone: a.phone },
        amountBreakdown:
          order.discountAmount === 0
            ? [
                { label: "Items", amount: goods },
                ...(order.shippingCost > 0 ? [{ label: "Shipping", amount: order.shippingCost }] : []),
              ]
            : undefined,
        productDetails: items.map((i) => ({ identity: i.productId, name: `${i.productName} (${i.size})`, totalPrice: i.lineTotal, quantity: i.quantity, unitPrice: i.unitPrice })),
        merchantExtra: { order_number: order.orderNumber },
      });
    } catch (error) {
      throw startFailure("KHALTI", error);
    }
    const payment = await repo.insertAttempt(db, {
      orderId: order.id,
      userId: user.id,
      provider: "KHALTI",
      reference: started.pidx,
      amount: order.totalAmount,
      status: "PENDING",
      providerResponse: { purchase_order_id: purchaseOrderId, initiate: { pidx: started.pidx, payment_url: started.paymentUrl, expires_at: started.expiresAt, expires_in: started.expiresIn } },
    });
    return { payment_url: started.paymentUrl, pidx: started.pidx, paymentId: payment.id, orderId: order.id, expires_at: started.expiresAt };
  }

  async function startEsewa(user: Viewer, orderId: string): Promise<EsewaStart> {
    const client = esewaClient();
    const order = await payableOrder(user, orderId, "ESEWA");
    const transactionUuid = await nextAttemptId(order.id);
    const goods = order.totalAmount - order.shippingCost;
    const form = client.buildPaymentForm({
      amountPaisa: goods > 0 ? goods : order.totalAmount,
      deliveryChargePaisa: goods > 0 ? order.shippingCost : 0,
      transactionUuid,
      successUrl: `${base}/payment/esewa/success`,
      // eSewa's failure redirect carries nothing we can trust: the attempt is named in the path (docs/payments-protocols.md §2.6).
      failureUrl: `${base}/payment/esewa/failed/${transactionUuid}`,
    });
    if (form.totalAmountPaisa !== order.totalAmount) throw new Error("eSewa form total differs from the order total");
    const payment = await repo.insertAttempt(db, {
      orderId: order.id,
      userId: user.id,
      provider: "ESEWA",
      reference: transactionUuid,
      amount: order.totalAmount,
      status: "PENDING",
      providerResponse: { form: { ...form.fields, signature: undefined } },
    });
    return { payment_url: form.url, esewaParams: form.fields, paymentId: payment.id, orderId: order.id };
  }

  /**
   * The Khalti page a repeated checkout (the same Idempotency-Key) sends the shopper back to: the order's newest open
   * Khalti attempt, when Khalti's lookup says its pidx is still `Initiated` or `Pending` (nobody cancelled it or let it
   * expire, and it is not paid yet) and it has more than a minute left. Anything else, an outage included, starts a new
   * attempt as before. eSewa refuses a transaction_uuid whose form was posted once, so an eSewa repeat always gets a new
   * one (docs/decisions/172).
   */
  async function resumeKhalti(user: Viewer, orderId: string, now = new Date()): Promise<KhaltiStart | undefined> {
    const order = await payableOrder(user, orderId, "KHALTI", now);
    const last = (await repo.findOpenAttempts(db, order.id)).filter((a) => a.provider === "KHALTI").at(-1);
    const initiate = (last?.providerResponse as { initiate?: { pidx?: string; payment_url?: string; expires_at?: string } } | null | undefined)?.initiate;
    if (!last?.reference || last.amount !== order.totalAmount || initiate?.pidx !== last.reference || !initiate.payment_url || !initiate.expires_at) return undefined;
    if (!(Date.parse(initiate.expires_at) - now.getTime() > 60_000)) return undefined;
    const found = await khaltiClient()
      .lookup(last.reference)
      .catch(() => undefined);
    // Pending: Khalti is still settling a payment made on that page, so a second page could be paid too.
    if (found?.status !== "Initiated" && found?.status !== "Pending") return undefined;
    return { payment_url: initiate.payment_url, pidx: last.reference, paymentId: last.id, orderId: order.id, expires_at: initiate.expires_at };
  }

  /**
   * One start at a time per order and wallet in this process: requests that repeat a checkout at once share its
   * answer (a Khalti start is never handed to an eSewa request).
   */
  const starting = new Map<string, Promise<KhaltiStart | EsewaStart>>();
  function startOnce(key: string, start: () => Promise<KhaltiStart | EsewaStart>): Promise<KhaltiStart | EsewaStart> {
    const running = starting.get(key);
    if (running) return running;
    const promise = start().finally(() => starting.delete(key));
    starting.set(key, promise);
    return promise;
  }

  /**
   * Checkout with a wallet: the order is created (stock reserved) and its first payment attempt started, in one call.
   * Repeats with the same Idempotency-Key answer with the same order; repeats at once share one attempt, and a later
   * Khalti repeat gets the same payment page while it still works, so a retried checkout leaves one page to pay.
   */
  async function checkoutWith(provider: WalletProvider, user: Viewer, orderData: Omit<PlaceOrderData, "paymentMethod">, idempotencyKey?: string, locale: Locale = "en") {
    if (provider === "KHALTI") khaltiClient();
    else esewaClient();
    const { order, replayed } = await orders.placeOrder(user, { ...orderData, paymentMethod: provider }, idempotencyKey, locale);
    const start = () => (provider === "KHALTI" ? startKhalti(user, order.id) : startEsewa(user, order.id));
    return startOnce(`${provider}:${order.id}`, async () => (replayed && provider === "KHALTI" ? ((await resumeKhalti(user, order.id)) ?? start()) : start()));
  }

  return { startKhalti, startEsewa, checkoutWith, esewaClient };
}

import {
  PAYMENT_FAILURE_TEXT,
  shortOrderId,
  WALLET_LABEL,
  WALLET_UNAVAILABLE,
  type EsewaStart,
  type KhaltiStart,
  type Order,
  type PaymentFailureReason,
  type PaymentOutcome,
  type WalletProvider,
} from "@khelkud/contracts";
import type { Db, DbOrTx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { AppError, conflict, invalid, notFound } from "../../lib/errors.js";
import { isProviderUnavailable, makeTransactionUuid, ProviderError, type PaymentClients } from "../../payments/index.js";
import type { Events } from "../events/events.js";
import { issueInvoice } from "../invoices/invoices.service.js";
import * as ordersRepo from "../orders/orders.repository.js";
import { ORDER_NOT_FOUND, type OrdersService, type PlaceOrderData } from "../orders/orders.service.js";
import * as repo from "./payments.repository.js";

type Viewer = Pick<UserRow, "id" | "role">;

export const PAYMENT_NOT_FOUND = "Payment record not found";
/** Any 32-bit number the shop uses for nothing else: the expiry sweep's advisory lock. */
export const SWEEP_LOCK_KEY = 0x6b6b_5357;
/** The expiry sweep's row in job_runs (one pass per interval across instances). */
export const SWEEP_JOB = "payment-expiry-sweep";

export interface SweepLog {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
/** A wallet that cannot tell us yet (Pending, outage) keeps an expired order this much longer before it is cancelled. */
export const UNDECIDED_GRACE_MS = 30 * 60_000;

/** What the provider said about one attempt, before anything is written. */
type Verdict =
  | { kind: "paid"; providerStatus: string; transactionId: string | null; raw: unknown }
  | { kind: "failed"; providerStatus: string | null; reason: PaymentFailureReason; raw: unknown }
  | { kind: "pending"; providerStatus: string; raw: unknown };

interface Applied {
  /** This call moved the attempt (PENDING → PAID/FAILED); false when someone else already had. */
  changed: boolean;
  /** This call moved the order to paid (publish events after commit). */
  orderPaid: boolean;
  /** The attempt was paid but the order had been closed meanwhile (refund case). */
  orderClosed: boolean;
}

export interface SweepResult {
  /** False when another instance held the lock: this sweep did nothing. */
  locked: boolean;
  cancelled: string[];
  paid: string[];
  /** Orders left for a later sweep (provider undecided or unreachable, within the grace period). */
  deferred: string[];
}

function unavailable(provider: WalletProvider): AppError {
  return new AppError("unavailable", WALLET_UNAVAILABLE[provider]);
}

export interface PaymentsServiceDeps {
  orders: OrdersService;
  events: Events;
  clients: PaymentClients;
  publicUrl: string;
}

export function createPaymentsService(db: Db, deps: PaymentsServiceDeps) {
  const { clients, events, orders } = deps;
  const base = deps.publicUrl.replace(/\/$/, "");

  function khaltiClient() {
    if (!clients.khalti) throw conflict("Khalti payment is not available in this shop. Please choose another method.");
    return clients.khalti;
  }
  function esewaClient() {
    if (!clients.esewa) throw conflict("eSewa payment is not available in this shop. Please choose another method.");
    return clients.esewa;
  }

  /** The caller's own order, still waiting for a wallet payment; switches its wallet when the shopper picked the other one. */
  async function payableOrder(user: Viewer, orderId: string, provider: WalletProvider, now = new Date()) {
    const row = await ordersRepo.findOrder(db, orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentStatus === "PAID") throw conflict("This order has already been paid");
    if (row.status !== "PENDING" || row.paymentStatus !== "PENDING") throw conflict("This order can no longer be paid");
    if (row.paymentMethod === "COD") throw conflict("This order is paid by cash on delivery");
    if (row.paymentExpiresAt && row.paymentExpiresAt.getTime() <= now.getTime()) {
      throw conflict("The time to pay for this order has run out. Please place a new order.");
    }
    if (row.paymentMethod === provider) return row;
    const switched = await ordersRepo.updateOrderIf(db, row.id, { status: ["PENDING"], paymentStatus: "PENDING", userId: user.id }, { paymentMethod: provider });
    if (!switched) throw conflict("This order can no longer be paid");
    return switched;
  }

  async function nextAttemptId(orderId: string): Promise<string> {
    return makeTransactionUuid(orderId, (await repo.countAttempts(db, orderId)) + 1);
  }

  // ------------------------------------------------------------------ starting a payment

  async function startKhalti(user: Viewer, orderId: string): Promise<KhaltiStart> {
    const client = khaltiClient();
    const order = await payableOrder(user, orderId, "KHALTI");
    const items = await ordersRepo.findItemsFor(db, [order.id]);
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

  function startFailure(provider: WalletProvider, error: unknown): Error {
    if (isProviderUnavailable(error)) return unavailable(provider);
    if (error instanceof ProviderError && error.kind === "auth") return unavailable(provider);
    if (error instanceof ProviderError) return conflict(`${WALLET_LABEL[provider]} could not start this payment: ${error.message}`);
    return error instanceof Error ? error : new Error(String(error));
  }

  /** Checkout with a wallet: the order is created (stock reserved) and its first payment attempt started, in one call. */
  async function checkoutWith(provider: WalletProvider, user: Viewer, orderData: Omit<PlaceOrderData, "paymentMethod">, idempotencyKey?: string) {
    if (provider === "KHALTI") khaltiClient();
    else esewaClient();
    const { order } = await orders.placeOrder(user, { ...orderData, paymentMethod: provider }, idempotencyKey);
    return provider === "KHALTI" ? startKhalti(user, order.id) : startEsewa(user, order.id);
  }

  // ------------------------------------------------------------------ asking the provider

  async function ask(payment: repo.PaymentRow): Promise<Verdict> {
    if (!payment.reference) return { kind: "failed", providerStatus: null, reason: "not_found", raw: null };
    if (payment.provider === "KHALTI") {
      if (!clients.khalti) throw unavailable("KHALTI");
      let found;
      try {
        found = await clients.khalti.lookup(payment.reference);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === "not_found") return { kind: "failed", providerStatus: "Not found", reason: "not_found", raw: { detail: error.message } };
        throw isProviderUnavailable(error) || error instanceof ProviderError ? unavailable("KHALTI") : error;
      }
      const raw = { lookup: found };
      switch (found.status) {
        case "Completed":
          if (found.totalAmount !== payment.amount) return { kind: "failed", providerStatus: found.status, reason: "amount_mismatch", raw };
          return { kind: "paid", providerStatus: found.status, transactionId: found.transactionId, raw };
        case "Pending":
        case "Initiated":
          return { kind: "pending", providerStatus: found.status, raw };
        case "User canceled":
          return { kind: "failed", providerStatus: found.status, reason: "canceled", raw };
        case "Expired":
          return { kind: "failed", providerStatus: found.status, reason: "expired", raw };
        default:
          return { kind: "failed", providerStatus: found.status, reason: "refunded", raw };
      }
    }
    if (!clients.esewa) throw unavailable("ESEWA");
    const answer = await clients.esewa.checkStatus({ transactionUuid: payment.reference, totalAmountPaisa: payment.amount });
    if (answer.outage) throw unavailable("ESEWA");
    const raw = { status: answer };
    switch (answer.status) {
      case "COMPLETE":
        if ((answer.totalAmountPaisa !== null && answer.totalAmountPaisa !== payment.amount) || (answer.transactionUuid !== null && answer.transactionUuid !== payment.reference)) {
          return { kind: "failed", providerStatus: answer.status, reason: "amount_mismatch", raw };
        }
        return { kind: "paid", providerStatus: answer.status, transactionId: answer.refId, raw };
      case "PENDING":
      case "AMBIGUOUS":
        return { kind: "pending", providerStatus: answer.status, raw };
      case "CANCELED":
        return { kind: "failed", providerStatus: answer.status, reason: "canceled", raw };
      case "NOT_FOUND":
        return { kind: "failed", providerStatus: answer.status, reason: "expired", raw };
      default:
        return { kind: "failed", providerStatus: answer.status, reason: "refunded", raw };
    }
  }

  /**
   * Writes what the provider said, inside `tx`. The attempt moves only from PENDING (FAILED → PAID is
   * allowed too: money that arrives late is recorded, never dropped), so replays change nothing.
   */
  async function apply(tx: DbOrTx, payment: repo.PaymentRow, verdict: Verdict, now: Date): Promise<Applied> {
    const none: Applied = { changed: false, orderPaid: false, orderClosed: false };
    const history = { ...(isRecord(payment.providerResponse) ? payment.providerResponse : {}), last: { at: now.toISOString(), ...asRecord(verdict.raw) } };
    if (verdict.kind === "pending") {
      await repo.noteProviderAnswer(tx, payment.id, history);
      return none;
    }
    if (verdict.kind === "failed") {
      const settled = await repo.settleAttempt(tx, payment.id, { status: "FAILED", from: ["PENDING"], providerResponse: { ...history, reason: verdict.reason } });
      if (settled && verdict.reason !== "expired") await events.recordOrderFact(tx, { type: "order.payment_failed", orderId: payment.orderId, reason: "FAILED" });
      return { ...none, changed: Boolean(settled) };
    }
    const order = await ordersRepo.findOrder(tx, payment.orderId);
    if (!order || order.totalAmount !== payment.amount || order.userId !== payment.userId) {
      const settled = await repo.settleAttempt(tx, payment.id, { status: "FAILED", from: ["PENDING"], providerResponse: { ...history, reason: "amount_mismatch" } });
      return { ...none, changed: Boolean(settled) };
    }
    const settled = await repo.settleAttempt(tx, payment.id, { status: "PAID", from: ["PENDING", "FAILED"], transactionId: verdict.transactionId, providerResponse: history });
    if (!settled) return none;
    const label = WALLET_LABEL[payment.provider as WalletProvider];
    const updated = await ordersRepo.updateOrderIf(
      tx,
      order.id,
      { status: ["PENDING"], paymentStatus: "PENDING" },
      { status: "PROCESSING", paymentStatus: "PAID", paidAt: now, paymentMethod: payment.provider, paymentExpiresAt: null },
    );
    if (updated) {
      await ordersRepo.insertHistory(tx, { orderId: order.id, status: "PROCESSING", note: `Paid with ${label}${verdict.transactionId ? ` (transaction ${verdict.transactionId})` : ""}` });
      // Before the invoice: its number takes the fiscal year's counter lock, held to the commit (docs/decisions/090).
      await events.recordOrderFact(tx, { type: "order.payment_received", orderId: order.id });
      // The tax invoice commits with the payment, or neither does (docs/decisions/081).
      await issueInvoice(tx, order.id, now);
      return { changed: true, orderPaid: true, orderClosed: false };
    }
    // Paid, but the order was cancelled or paid by another attempt meanwhile: keep the record and tell the staff.
    await ordersRepo.insertHistory(tx, {
      orderId: order.id,
      status: order.status,
      note: `${label} payment ${payment.reference} (${verdict.transactionId ?? "no transaction id"}) arrived after the order was ${order.paymentStatus === "PAID" ? "already paid" : "closed"}; refund needed`,
    });
    return { changed: true, orderPaid: false, orderClosed: true };
  }

  async function publishPaid(orderId: string): Promise<Order> {
    const order = await orders.getOrder(orderId);
    events.paymentUpdated(order);
    events.orderStatusChanged(order, "PENDING");
    return order;
  }

  /** Asks the provider about one attempt and records the answer; returns what the shopper should be told. */
  async function reconcile(payment: repo.PaymentRow, now = new Date()): Promise<PaymentOutcome> {
    const verdict = await ask(payment);
    const applied = await db.transaction((tx) => apply(tx, payment, verdict, now));
    if (applied.orderPaid) await publishPaid(payment.orderId);
    return outcomeFor(payment.id, verdict);
  }

  /** The outcome as it stands now (after this or an earlier confirmation). */
  async function outcomeFor(paymentId: string, verdict: Verdict): Promise<PaymentOutcome> {
    const payment = (await repo.findById(db, paymentId))!;
    const order = await ordersRepo.findOrder(db, payment.orderId);
    const provider = payment.provider as WalletProvider;
    const base = { provider, providerStatus: verdict.providerStatus, orderId: payment.orderId, paymentId: payment.id, transactionId: payment.transactionId };
    if (payment.status === "PAID") {
      const mine = order?.paymentStatus === "PAID" && order.status !== "CANCELLED";
      if (mine) return { ...base, status: "PAID", reason: null, message: "Payment verified successfully" };
      return { ...base, status: "FAILED", reason: "order_closed", message: PAYMENT_FAILURE_TEXT.order_closed };
    }
    if (payment.status === "FAILED") {
      const reason = verdict.kind === "failed" ? verdict.reason : reasonOf(payment.providerResponse);
      return { ...base, status: "FAILED", reason, message: PAYMENT_FAILURE_TEXT[reason] };
    }
    return { ...base, status: "PENDING", reason: null, message: "Payment is still pending" };
  }

  async function ownedPayment(user: Viewer, provider: WalletProvider, reference: string, orderId?: string) {
    const payment = await repo.findByReference(db, provider, reference);
    if (!payment || payment.userId !== user.id || (orderId !== undefined && orderId !== payment.orderId)) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  }

  // ------------------------------------------------------------------ return points

  /** Khalti's return (or the spec's verify call): the callback proves nothing, so lookup decides. */
  async function verifyKhalti(user: Viewer, pidx: string, orderId?: string): Promise<PaymentOutcome> {
    return reconcile(await ownedPayment(user, "KHALTI", pidx, orderId));
  }

  /**
   * eSewa's success redirect: the signature must hold over the exact text, the attempt must be ours and
   * the amount the order's; then the status API decides (docs/product-rules.md §8).
   */
  async function verifyEsewa(user: Viewer, input: { data?: string; transactionUuid?: string }): Promise<PaymentOutcome> {
    const client = esewaClient();
    if (!input.data) {
      if (!input.transactionUuid) throw invalid("No payment data received from eSewa");
      return reconcile(await ownedPayment(user, "ESEWA", input.transactionUuid));
    }
    const checked = client.verifyCallback(input.data);
    if (!checked.ok && checked.reason !== "not_complete") throw invalid("Payment verification failed");
    const uuid = checked.ok ? checked.transactionUuid : (checked.fields?.transaction_uuid ?? "");
    const payment = await ownedPayment(user, "ESEWA", uuid);
    if (checked.totalAmountPaisa !== undefined && checked.totalAmountPaisa !== payment.amount) {
      const verdict: Verdict = { kind: "failed", providerStatus: checked.fields?.status ?? null, reason: "amount_mismatch", raw: { callback: checked.fields } };
      await db.transaction((tx) => apply(tx, payment, verdict, new Date()));
      return outcomeFor(payment.id, verdict);
    }
    return reconcile(payment);
  }

  /** eSewa's failure redirect names the attempt in its path; its query is ignored and the status API asked. */
  async function checkEsewaAttempt(user: Viewer, transactionUuid: string): Promise<PaymentOutcome> {
    return reconcile(await ownedPayment(user, "ESEWA", transactionUuid));
  }

  async function esewaStatus(user: Viewer, paymentId: string) {
    const payment = await repo.findById(db, paymentId);
    if (!payment || payment.userId !== user.id || payment.provider !== "ESEWA") throw notFound(PAYMENT_NOT_FOUND);
    const outcome = await reconcile(payment);
    return { ...outcome, esewaStatus: outcome.providerStatus };
  }

  /** The newest wallet attempt of one's own order (failure pages: what happened last). */
  async function latestAttempt(user: Viewer, orderId: string) {
    const order = await ordersRepo.findOrder(db, orderId);
    if (!order || order.userId !== user.id) return null;
    const p = await repo.findLatestAttempt(db, orderId);
    return p ? { provider: p.provider, status: p.status, reason: p.status === "FAILED" ? reasonOf(p.providerResponse) : null, createdAt: p.createdAt.toISOString() } : null;
  }

  /**
   * Payment selection → Cash on Delivery for an unpaid wallet order. Open wallet attempts are asked
   * first: one that was paid confirms the order instead, and an unreachable wallet stops the switch
   * (it might have been paid).
   */
  async function switchToCod(user: Viewer, orderId: string): Promise<Order> {
    const row = await ordersRepo.findOrder(db, orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== "COD") {
      if (row.paymentStatus === "PAID") throw conflict("This order has already been paid");
      if (row.status !== "PENDING" || row.paymentStatus !== "PENDING") throw conflict("This order can no longer be changed");
      for (const attempt of await repo.findOpenAttempts(db, row.id)) {
        const outcome = await reconcile(attempt);
        if (outcome.status === "PAID") throw conflict("This order has already been paid");
      }
      const switched = await ordersRepo.updateOrderIf(db, row.id, { status: ["PENDING"], paymentStatus: "PENDING", userId: user.id }, { paymentMethod: "COD", paymentExpiresAt: null });
      if (!switched) throw conflict("This order can no longer be changed");
    }
    return orders.confirmCodPayment(user, row.id);
  }

  /**
   * The customer's Cancel: an unpaid wallet order's open attempts are asked first (as the COD switch does), so an order
   * paid at the wallet whose return has not arrived yet is confirmed and its cancellation becomes a request for a
   * refund instead of keeping the money. An unreachable wallet stops the cancel (it might have been paid).
   */
  async function cancelForCustomer(user: Viewer, orderId: string, reason?: string) {
    const row = await ordersRepo.findOrder(db, orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== "COD" && row.status === "PENDING" && row.paymentStatus === "PENDING") {
      for (const attempt of await repo.findOpenAttempts(db, row.id)) {
        const outcome = await reconcile(attempt);
        if (outcome.status === "PAID") break;
      }
    }
    return orders.cancelOrder(user, row.id, reason);
  }

  // ------------------------------------------------------------------ expiry

  /**
   * Cancels unpaid wallet orders whose time is up, after asking the provider about every open attempt
   * (a payment whose return never arrived is confirmed instead), and cash-on-delivery orders never confirmed. One transaction holding an advisory
   * lock: with several server instances, one sweeps and the others skip.
   */
  async function sweepExpiredPayments(now: Date = new Date(), limit = 50): Promise<SweepResult> {
    const result: SweepResult = { locked: false, cancelled: [], paid: [], deferred: [] };
    await db.transaction(async (tx) => {
      if (!(await repo.tryAdvisoryLock(tx, SWEEP_LOCK_KEY))) return;
      result.locked = true;
      for (const { id } of await repo.findExpiredWalletOrders(tx, now, limit)) {
        const attempts = await repo.findOpenAttempts(tx, id);
        let paid = false;
        let undecided = false;
        for (const attempt of attempts) {
          let verdict: Verdict;
          try {
            verdict = await ask(attempt);
          } catch (error) {
            if (error instanceof AppError && error.kind === "unavailable") {
              undecided = true;
              continue;
            }
            throw error;
          }
          // Khalti "Initiated" after the order's time: the shopper never paid; it is closed with the order.
          if (verdict.kind === "pending" && verdict.providerStatus === "Initiated") verdict = { kind: "failed", providerStatus: "Initiated", reason: "expired", raw: verdict.raw };
          if (verdict.kind === "pending") undecided = true;
          const applied = await apply(tx, attempt, verdict, now);
          if (applied.orderPaid) {
            paid = true;
            break;
          }
        }
        if (paid) {
          result.paid.push(id);
          continue;
        }
        const order = await ordersRepo.findOrder(tx, id);
        const dueAt = order?.paymentExpiresAt?.getTime() ?? 0;
        if (undecided && now.getTime() < dueAt + UNDECIDED_GRACE_MS) {
          result.deferred.push(id);
          continue;
        }
        for (const attempt of await repo.findOpenAttempts(tx, id)) {
          await repo.settleAttempt(tx, attempt.id, {
            status: "FAILED",
            from: ["PENDING"],
            providerResponse: { ...asRecord(attempt.providerResponse), reason: "expired", closedAt: now.toISOString() },
          });
        }
        const cancelled = await ordersRepo.updateOrderIf(tx, id, { status: ["PENDING"], paymentStatus: "PENDING" }, { status: "CANCELLED", paymentStatus: "FAILED" });
        if (!cancelled) continue;
        const stockReturned = await orders.releaseStock(tx, id);
        await events.recordOrderFact(tx, { type: "order.payment_failed", orderId: id, reason: "EXPIRED" });
        await events.recordOrderFact(tx, { type: "order.cancelled", orderId: id, by: "EXPIRY", stockReturned, moneyReturned: false });
        await ordersRepo.insertHistory(tx, {
          orderId: id,
          status: "CANCELLED",
          note: undecided ? "Payment was not confirmed by the wallet in time; order cancelled and stock released" : "Payment not received within 60 minutes; order cancelled and stock released",
        });
        result.cancelled.push(id);
      }
      // Cash on delivery never confirmed: nobody will pay at the door for it, so its stock goes back (docs/decisions/077).
      for (const { id } of await repo.findExpiredCodOrders(tx, now, orders.limits.codConfirmMinutes, limit)) {
        const cancelled = await ordersRepo.updateOrderIf(tx, id, { status: ["PENDING"], paymentStatus: "PENDING", paymentMethod: "COD" }, { status: "CANCELLED" });
        if (!cancelled) continue;
        const codStockReturned = await orders.releaseStock(tx, id);
        await events.recordOrderFact(tx, { type: "order.cancelled", orderId: id, by: "EXPIRY", stockReturned: codStockReturned, moneyReturned: false });
        await ordersRepo.insertHistory(tx, { orderId: id, status: "CANCELLED", note: `Cash on delivery was not confirmed within ${orders.limits.codConfirmMinutes} minutes; order cancelled and stock released` });
        result.cancelled.push(id);
      }
    });
    for (const id of result.paid) await publishPaid(id);
    for (const id of result.cancelled) {
      const order = await orders.getOrder(id);
      events.paymentUpdated(order);
      events.orderStatusChanged(order, "PENDING");
    }
    return result;
  }

  /**
   * One interval's pass of the expiry sweep across every instance: the pass is claimed in `job_runs` first, so of N
   * instances whose timers fire within one interval exactly one sweeps; the others skip without touching an order.
   * The claim needs 90% of the interval since the last start, so timers that drift apart still give one pass each.
   */
  async function runScheduledSweep(intervalMs: number, instance: string, now: Date = new Date()): Promise<SweepResult | null> {
    if (!(await repo.claimJobRun(db, SWEEP_JOB, now, Math.floor(intervalMs * 0.9), instance))) return null;
    const result = await sweepExpiredPayments(now);
    await repo.finishJobRun(db, SWEEP_JOB, new Date(), result);
    return result;
  }

  /**
   * Runs the sweep every `intervalMs` (server.ts; tests call sweepExpiredPayments or runScheduledSweep themselves).
   * Each pass this instance makes is logged with what it did; a pass another instance already made is logged at debug.
   * Returns stop().
   */
  function startExpirySweeper(intervalMs: number, log: SweepLog, instance = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const startedAt = new Date();
      runScheduledSweep(intervalMs, instance, startedAt)
        .then((result) => {
          if (!result) return log.debug({ instance }, "payment expiry sweep: this interval's pass was made by another instance");
          log.info(
            { instance, startedAt: startedAt.toISOString(), cancelled: result.cancelled, paid: result.paid, deferred: result.deferred, locked: result.locked, ms: Date.now() - startedAt.getTime() },
            `payment expiry sweep: ${result.cancelled.length} cancelled, ${result.paid.length} confirmed paid, ${result.deferred.length} deferred`,
          );
        })
        .catch((err: unknown) => log.error({ err, instance }, "payment expiry sweep failed"))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    /** Which wallets checkout may offer (a wallet without configuration is not shown as payable). */
    walletsAvailable: () => ({ khalti: clients.khalti !== null, esewa: clients.esewa !== null }),
    startKhalti,
    startEsewa,
    checkoutWith,
    verifyKhalti,
    verifyEsewa,
    checkEsewaAttempt,
    esewaStatus,
    latestAttempt,
    switchToCod,
    cancelForCustomer,
    sweepExpiredPayments,
    runScheduledSweep,
    startExpirySweeper,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function asRecord(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {};
}

function reasonOf(providerResponse: unknown): PaymentFailureReason {
  const r = asRecord(providerResponse).reason;
  return typeof r === "string" && r in PAYMENT_FAILURE_TEXT ? (r as PaymentFailureReason) : "failed";
}

import { fillMessage, ORDER_MSG, ORDER_TEMPLATE, PAYMENT_FAILURE_TEXT, PAYMENT_MSG, WALLET_LABEL, type Order, type PaymentFailureReason, type PaymentOutcome, type WalletProvider } from "@khelkud/contracts";
import { AppError, conflict, invalid, notFound } from "../../lib/errors.js";
import { esewaVerdict, isProviderUnavailable, khaltiVerdict, ProviderError, type ProviderVerdict } from "../../payments/index.js";
import { issueInvoice } from "../invoices/invoices.service.js";
import type { OrderUnit } from "../orders/order-lifecycle.js";
import { ORDER_NOT_FOUND } from "../orders/orders.service.js";
import { unavailable, type PaymentsContext, type Viewer } from "./payments-context.js";
import * as repo from "./payments.repository.js";

export const PAYMENT_NOT_FOUND = PAYMENT_MSG.paymentNotFound;

/** What the provider said about one attempt (its client's mapping), with its raw answer for the audit trail. */
export type Verdict = ProviderVerdict & { raw: unknown };

export interface Applied {
  /** This call moved the attempt (PENDING → PAID/FAILED); false when someone else already had. */
  changed: boolean;
  /** This call moved the order to paid. */
  orderPaid: boolean;
  /** The attempt was paid but the order had been closed meanwhile (refund case). */
  orderClosed: boolean;
}

/** Confirming with the provider: ask (the server never trusts a callback), then write the answer once (docs/decisions/041). */
export function createPaymentConfirmation(ctx: PaymentsContext, esewaClient: () => NonNullable<PaymentsContext["clients"]["esewa"]>) {
  const { db, orders, clients } = ctx;

  /** Asks the wallet about one attempt; a wallet that does not answer throws the 503 "not responding" error. */
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
      return { ...khaltiVerdict(found, payment.amount), raw: { lookup: found } };
    }
    if (!clients.esewa) throw unavailable("ESEWA");
    const answer = await clients.esewa.checkStatus({ transactionUuid: payment.reference, totalAmountPaisa: payment.amount });
    if (answer.outage) throw unavailable("ESEWA");
    return { ...esewaVerdict(answer, { transactionUuid: payment.reference, totalAmountPaisa: payment.amount }), raw: { status: answer } };
  }

  /**
   * Writes what the provider said, inside the unit's transaction. The attempt moves only from PENDING (FAILED → PAID is
   * allowed too: money that arrives late is recorded, never dropped), so replays change nothing. The order moves through
   * the orders lifecycle; `closing` marks attempts closed by the expiry sweep (their failure is the order's expiry).
   */
  async function apply(unit: OrderUnit, payment: repo.PaymentRow, verdict: Verdict, now: Date, closing = false): Promise<Applied> {
    const none: Applied = { changed: false, orderPaid: false, orderClosed: false };
    const history = { ...asRecord(payment.providerResponse), last: { at: now.toISOString(), ...asRecord(verdict.raw) } };
    const fail = async (reason: PaymentFailureReason) => {
      const settled = await repo.settleAttempt(unit.tx, payment.id, { status: "FAILED", from: ["PENDING"], providerResponse: { ...history, reason } });
      if (settled && !closing) await unit.paymentFailed(payment.orderId);
      return { ...none, changed: Boolean(settled) };
    };
    if (verdict.kind === "pending") {
      await repo.noteProviderAnswer(unit.tx, payment.id, history);
      return none;
    }
    if (verdict.kind === "failed") return fail(verdict.reason);
    const order = await unit.find(payment.orderId);
    if (!order || order.totalAmount !== payment.amount || order.userId !== payment.userId) return fail("amount_mismatch");
    const settled = await repo.settleAttempt(unit.tx, payment.id, { status: "PAID", from: ["PENDING", "FAILED"], transactionId: verdict.transactionId, providerResponse: history });
    if (!settled) return none;
    const label = WALLET_LABEL[payment.provider as WalletProvider];
    const paid = await unit.change(order.id, {
      when: { status: ["PENDING"], paymentStatus: "PENDING" },
      status: "PROCESSING",
      set: { paymentStatus: "PAID", paidAt: now, paymentMethod: payment.provider, paymentExpiresAt: null },
      history: {
        note: verdict.transactionId ? fillMessage(ORDER_TEMPLATE.paidWithTransaction, { wallet: label, transaction: verdict.transactionId }) : fillMessage(ORDER_TEMPLATE.paidWith, { wallet: label }),
        by: null,
      },
      // The tax invoice commits with the payment, or neither does (docs/decisions/081).
      also: (tx) => issueInvoice(tx, order.id, now),
      announce: ["payment", "status"],
    });
    if (paid) return { changed: true, orderPaid: true, orderClosed: false };
    // Paid, but the order was cancelled or paid by another attempt meanwhile: keep the record and tell the staff.
    await unit.note(
      order.id,
      `${label} payment ${payment.reference} (${verdict.transactionId ?? "no transaction id"}) arrived after the order was ${order.paymentStatus === "PAID" ? "already paid" : "closed"}; refund needed`,
    );
    return { changed: true, orderPaid: false, orderClosed: true };
  }

  /** Asks the provider about one attempt and records the answer; returns what the shopper should be told. */
  async function reconcile(payment: repo.PaymentRow, now = new Date()): Promise<PaymentOutcome> {
    const verdict = await ask(payment);
    await orders.lifecycle.run((unit) => apply(unit, payment, verdict, now));
    return outcomeFor(payment.id, verdict);
  }

  /** The outcome as it stands now (after this or an earlier confirmation). */
  async function outcomeFor(paymentId: string, verdict: Verdict): Promise<PaymentOutcome> {
    const payment = (await repo.findById(db, paymentId))!;
    const order = await orders.findRecord(payment.orderId);
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
      if (!input.transactionUuid) throw invalid(PAYMENT_MSG.noEsewaData);
      return reconcile(await ownedPayment(user, "ESEWA", input.transactionUuid));
    }
    const checked = client.verifyCallback(input.data);
    if (!checked.ok && checked.reason !== "not_complete") throw invalid(PAYMENT_MSG.verificationFailed);
    const uuid = checked.ok ? checked.transactionUuid : (checked.fields?.transaction_uuid ?? "");
    const payment = await ownedPayment(user, "ESEWA", uuid);
    if (checked.totalAmountPaisa !== undefined && checked.totalAmountPaisa !== payment.amount) {
      const verdict: Verdict = { kind: "failed", providerStatus: checked.fields?.status ?? null, reason: "amount_mismatch", raw: { callback: checked.fields } };
      await orders.lifecycle.run((unit) => apply(unit, payment, verdict, new Date()));
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
    const order = await orders.findRecord(orderId);
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
    const row = await orders.findRecord(orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== "COD") {
      if (row.paymentStatus === "PAID") throw conflict(ORDER_MSG.alreadyPaid);
      if (row.status !== "PENDING" || row.paymentStatus !== "PENDING") throw conflict(ORDER_MSG.noLongerChangeable);
      for (const attempt of await repo.findOpenAttempts(db, row.id)) {
        const outcome = await reconcile(attempt);
        if (outcome.status === "PAID") throw conflict(ORDER_MSG.alreadyPaid);
      }
      const switched = await orders.lifecycle.run((unit) =>
        unit.change(row.id, { when: { status: ["PENDING"], paymentStatus: "PENDING", userId: user.id }, set: { paymentMethod: "COD", paymentExpiresAt: null } }),
      );
      if (!switched) throw conflict(ORDER_MSG.noLongerChangeable);
    }
    return orders.confirmCodPayment(user, row.id);
  }

  /**
   * The customer's Cancel: an unpaid wallet order's open attempts are asked first (as the COD switch does), so an order
   * paid at the wallet whose return has not arrived yet is confirmed and its cancellation becomes a request for a
   * refund instead of keeping the money. An unreachable wallet stops the cancel (it might have been paid).
   */
  async function cancelForCustomer(user: Viewer, orderId: string, reason?: string) {
    const row = await orders.findRecord(orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== "COD" && row.status === "PENDING" && row.paymentStatus === "PENDING") {
      for (const attempt of await repo.findOpenAttempts(db, row.id)) {
        const outcome = await reconcile(attempt);
        if (outcome.status === "PAID") break;
      }
    }
    return orders.cancelOrder(user, row.id, reason);
  }

  return { ask, apply, verifyKhalti, verifyEsewa, checkEsewaAttempt, esewaStatus, latestAttempt, switchToCod, cancelForCustomer };
}

export type PaymentConfirmation = ReturnType<typeof createPaymentConfirmation>;

/** A wallet that did not answer (the 503 from `ask`). */
export function isUnanswered(error: unknown): boolean {
  return error instanceof AppError && error.kind === "unavailable";
}

export function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function reasonOf(providerResponse: unknown): PaymentFailureReason {
  const r = asRecord(providerResponse).reason;
  return typeof r === "string" && r in PAYMENT_FAILURE_TEXT ? (r as PaymentFailureReason) : "failed";
}

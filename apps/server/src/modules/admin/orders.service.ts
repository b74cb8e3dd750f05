import { and, eq } from "drizzle-orm";
import {
  ADMIN_MSG,
  ORDER_TRANSITIONS,
  canRefund,
  canTransition,
  formatNPR,
  refundMethodLabel,
  type RefundInputSchema,
  shortOrderId,
  transitionRefused,
  type AdminOrdersQuery,
  type OrderStatus,
  type OrderStatusInputSchema,
} from "@khelkud/contracts";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { orders, orderStatusHistory, payments } from "../../db/schema/index.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { issueCreditNote, issueInvoice } from "../invoices/invoices.service.js";
import { pagination, toCsv } from "./admin-lib.js";
import { recordAudit, type Actor } from "./audit.js";
import { releaseOrderStock } from "./order-stock.js";
import type { OrderFactRecorder } from "../events/events.js";
import * as repo from "./orders.repository.js";

type StatusInput = z.output<typeof OrderStatusInputSchema>;
type RefundData = z.output<typeof RefundInputSchema>;
type OrderRow = typeof orders.$inferSelect;
type SummaryRow = Awaited<ReturnType<typeof repo.findOrders>>[number];

const CSV_MAX_ROWS = 50_000;

/** docs/product-rules.md §7: only a cancelled order, or an unpaid one whose payment window has passed, may be deleted. */
function deletable(o: OrderRow, now = new Date()): boolean {
  if (o.paymentStatus === "PAID" || o.paymentStatus === "REFUNDED") return false;
  return o.status === "CANCELLED" || (o.paymentExpiresAt !== null && o.paymentExpiresAt < now);
}

function collectable(o: OrderRow): boolean {
  return o.paymentMethod === "COD" && o.status === "DELIVERED" && o.paymentStatus !== "PAID";
}

/** docs/product-rules.md §14: the address may be an object or a JSON string; anything unreadable gives null ('Error displaying shipping address'). */
export function readShippingAddress(value: unknown): Record<string, string> | null {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) if (typeof val === "string" || typeof val === "number") out[k] = String(val);
  return out;
}

function toSummary(r: SummaryRow, paymentId: string | null) {
  const o = r.order;
  return {
    id: o.id,
    orderNumber: o.orderNumber || `#${shortOrderId(o.id)}`,
    user: r.userName != null ? { id: o.userId, name: r.userName, email: r.userEmail ?? "" } : null,
    totalAmount: o.totalAmount,
    subtotal: o.subtotal,
    shippingCost: o.shippingCost,
    discountAmount: o.discountAmount,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    paymentId,
    trackingNumber: o.trackingNumber,
    courier: o.courier,
    // A paid order is cancelled by its refund (refund()), never by a bare status change.
    nextStatuses: ORDER_TRANSITIONS[o.status].filter((s) => !(s === "CANCELLED" && o.paymentStatus === "PAID")),
    canCollectCash: collectable(o),
    canDelete: deletable(o),
    canRefund: canRefund(o),
    cancellationRequestedAt: o.cancellationRequestedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
export type AdminOrderSummary = ReturnType<typeof toSummary>;

/** Tells the rest of the shop (live order page, e-mails) about a change, after it is committed. */
export interface OrderNotifier {
  statusChanged(orderId: string, from: string): Promise<void>;
  paymentUpdated(orderId: string): Promise<void>;
  /** Records what happened inside the change's transaction (the notifications outbox); see events.ts. */
  recordFact?: OrderFactRecorder;
}

export function createAdminOrdersService(db: Db, notify?: OrderNotifier, clock: () => Date = () => new Date()) {
  /** A failed notification never undoes or fails the committed change. */
  async function tell(work: (() => Promise<void>) | undefined) {
    try {
      await work?.();
    } catch {
      // Listeners log their own failures (see events.ts); the admin's change stands.
    }
  }

  async function get(id: string) {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound(ADMIN_MSG.orderNotFound);
    const [items, history, pays, refund] = await Promise.all([repo.itemsOf(db, id), repo.historyOf(db, id), repo.latestPayments(db, [id]), repo.refundOf(db, id)]);
    const pay = pays.get(id);
    return {
      ...toSummary(row, pay?.transactionId ?? pay?.reference ?? null),
      cancellationReason: row.order.cancellationReason,
      refund: refund
        ? { amount: refund.refund.amount, method: refund.refund.method, reference: refund.refund.reference, note: refund.refund.note, by: refund.byName, refundedAt: refund.refund.createdAt.toISOString() }
        : null,
      shippingAddress: readShippingAddress(row.order.shippingAddress),
      notes: row.order.notes,
      paidAt: row.order.paidAt?.toISOString() ?? null,
      cashCollectedAt: row.order.cashCollectedAt?.toISOString() ?? null,
      items: items.map((i) => ({ id: i.id, productId: i.productId, productName: i.productName, productSlug: i.productSlug, imageUrl: i.imageUrl, size: i.size, color: i.color, quantity: i.quantity, unitPrice: i.unitPrice, lineTotal: i.lineTotal })),
      statusHistory: history.map((h) => ({ status: h.entry.status, note: h.entry.note, by: h.byName, createdAt: h.entry.createdAt.toISOString() })),
    };
  }

  return {
    get,

    async list(q: AdminOrdersQuery) {
      const [rows, total] = await Promise.all([repo.findOrders(db, q, q.limit, (q.page - 1) * q.limit), repo.countOrders(db, q)]);
      const pays = await repo.latestPayments(db, rows.map((r) => r.order.id));
      return {
        orders: rows.map((r) => {
          const p = pays.get(r.order.id);
          return toSummary(r, p?.transactionId ?? p?.reference ?? null);
        }),
        pagination: pagination(q.page, q.limit, total),
      };
    },

    /** docs/product-rules.md §7: only the state machine's next statuses; every change lands in the customer's history; cancelling returns stock once. */
    async changeStatus(actor: Actor, id: string, input: StatusInput) {
      const from = await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (!canTransition(o.status, input.status)) throw conflict(transitionRefused(o.status, input.status));
        // Cancelling must not keep the money: a paid order is cancelled only by recording its refund.
        if (input.status === "CANCELLED" && o.paymentStatus === "PAID") throw conflict(ADMIN_MSG.paidOrderCancel);
        const set: Partial<OrderRow> = { status: input.status };
        if (input.trackingNumber) set.trackingNumber = input.trackingNumber;
        if (input.courier) set.courier = input.courier;
        await tx.update(orders).set(set).where(eq(orders.id, id));
        await tx.insert(orderStatusHistory).values({ orderId: id, status: input.status, note: input.note, changedByUserId: actor.id });
        const stockReturned = input.status === "CANCELLED" ? await releaseOrderStock(tx, id) : false;
        await notify?.recordFact?.(tx, input.status === "CANCELLED" ? { type: "order.cancelled", orderId: id, by: "ADMIN", stockReturned, moneyReturned: false } : { type: "order.status_changed", orderId: id, from: o.status, to: input.status });
        await recordAudit(tx, actor, {
          action: "order.status",
          entityType: "order",
          entityId: id,
          before: { status: o.status, trackingNumber: o.trackingNumber, courier: o.courier },
          after: { status: input.status, trackingNumber: set.trackingNumber ?? o.trackingNumber, courier: set.courier ?? o.courier, note: input.note, stockReturned },
        });
        return o.status;
      });
      await tell(notify && (() => notify.statusChanged(id, from)));
      return get(id);
    },

    /**
     * Approves a paid order's cancellation (asked for by the customer, or by staff): records the refund (amount, method,
     * reference, who, when), moves the payment to REFUNDED and the order to CANCELLED, and returns the stock once
     * (docs/decisions/078). The money itself is sent back in the wallet's or bank's own dashboard; its reference is kept.
     */
    async refund(actor: Actor, id: string, input: RefundData) {
      const from = await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (!canRefund(o)) throw conflict(ADMIN_MSG.refundRefused);
        const amount = input.amount ?? o.totalAmount;
        if (amount > o.totalAmount) throw invalid(ADMIN_MSG.refundTooLarge, [{ field: "amount", message: ADMIN_MSG.refundTooLarge }]);
        const paid = await repo.paidPaymentOf(tx, id);
        await repo.insertRefund(tx, { orderId: id, paymentId: paid?.id ?? null, amount, method: input.method, reference: input.reference, note: input.note, refundedByUserId: actor.id });
        if (paid) await repo.markPaymentRefunded(tx, paid.id);
        await tx.update(orders).set({ status: "CANCELLED", paymentStatus: "REFUNDED" }).where(eq(orders.id, id));
        const how = `${formatNPR(amount)} refunded by ${refundMethodLabel(input.method)} (reference ${input.reference})`;
        await tx.insert(orderStatusHistory).values({ orderId: id, status: "CANCELLED", note: o.cancellationRequestedAt ? `Cancellation approved; ${how}` : `Cancelled by the shop; ${how}`, changedByUserId: actor.id });
        const stockReturned = await releaseOrderStock(tx, id);
        await notify?.recordFact?.(tx, { type: "order.cancelled", orderId: id, by: "ADMIN", stockReturned, moneyReturned: true });
        // The invoice stays as issued; a credit note with its own number refers to it (docs/decisions/081).
        const creditNote = await issueCreditNote(tx, id, clock(), o.cancellationRequestedAt ? "Cancellation approved; amount refunded" : "Cancelled by the shop; amount refunded", amount);
        await recordAudit(tx, actor, {
          action: "order.refund",
          entityType: "order",
          entityId: id,
          before: { status: o.status, paymentStatus: o.paymentStatus },
          after: { status: "CANCELLED", paymentStatus: "REFUNDED", amount, method: input.method, reference: input.reference, stockReturned, creditNote: creditNote?.number ?? null },
        });
        return o.status;
      });
      await tell(notify && (() => notify.statusChanged(id, from)));
      await tell(notify && (() => notify.paymentUpdated(id)));
      return get(id);
    },

    /** Turns a cancellation request down (the order goes on); the note tells the customer why. */
    async declineCancellation(actor: Actor, id: string, note: string | null) {
      const status = await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (!o.cancellationRequestedAt || !canRefund(o)) throw conflict(ADMIN_MSG.noCancellationRequest);
        await tx.update(orders).set({ cancellationRequestedAt: null, cancellationReason: null }).where(eq(orders.id, id));
        await tx.insert(orderStatusHistory).values({ orderId: id, status: o.status, note: note ? `Cancellation request declined: ${note}` : "Cancellation request declined", changedByUserId: actor.id });
        await recordAudit(tx, actor, { action: "order.cancellation-declined", entityType: "order", entityId: id, before: { cancellationRequestedAt: o.cancellationRequestedAt }, after: { note } });
        return o.status;
      });
      await tell(notify && (() => notify.statusChanged(id, status)));
      return get(id);
    },

    /** Cash handed over for a delivered cash-on-delivery order: the payment becomes PAID. */
    async collectCash(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (!collectable(o)) throw conflict(ADMIN_MSG.cashNotCollectable);
        const now = clock();
        await tx.update(orders).set({ paymentStatus: "PAID", paidAt: now, cashCollectedAt: now }).where(eq(orders.id, id));
        await tx.update(payments).set({ status: "PAID" }).where(and(eq(payments.orderId, id), eq(payments.provider, "COD"), eq(payments.status, "PENDING")));
        // Before the invoice: its number takes the fiscal year's counter lock, held to the commit (docs/decisions/090).
        await notify?.recordFact?.(tx, { type: "order.payment_received", orderId: id });
        // The tax invoice commits with the cash, or neither does (docs/decisions/081).
        const invoice = await issueInvoice(tx, id, now);
        await recordAudit(tx, actor, { action: "order.cash-collected", entityType: "order", entityId: id, before: { paymentStatus: o.paymentStatus }, after: { paymentStatus: "PAID", invoice: invoice?.number ?? null } });
      });
      await tell(notify && (() => notify.paymentUpdated(id)));
      return get(id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (o.paymentStatus === "PAID" || o.paymentStatus === "REFUNDED") throw conflict(ADMIN_MSG.paidOrderKept);
        if (!deletable(o)) throw conflict(ADMIN_MSG.orderDeleteRefused);
        // An expired unpaid order that was never cancelled still holds stock.
        await releaseOrderStock(tx, id);
        const items = await repo.itemsOf(tx, id);
        await tx.delete(orders).where(eq(orders.id, id));
        await recordAudit(tx, actor, { action: "order.delete", entityType: "order", entityId: id, before: { ...o, items } });
      });
    },

    /** The filtered list as CSV (all pages), amounts in rupees. */
    async exportCsv(q: Pick<AdminOrdersQuery, "q" | "status">): Promise<string> {
      const rows: unknown[][] = [];
      for (let offset = 0; offset < CSV_MAX_ROWS; offset += 1000) {
        const batch = await repo.findOrders(db, q, 1000, offset);
        for (const r of batch) {
          const o = r.order;
          rows.push([o.orderNumber, o.createdAt, r.userName ?? "N/A", r.userEmail ?? "N/A", o.status, o.paymentMethod, o.paymentStatus, (o.totalAmount / 100).toFixed(2), o.trackingNumber ?? ""]);
        }
        if (batch.length < 1000) break;
      }
      return toCsv(["Order Number", "Date", "Customer", "Email", "Status", "Payment Method", "Payment Status", "Total (NPR)", "Tracking Number"], rows);
    },
  };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
export type { OrderStatus };

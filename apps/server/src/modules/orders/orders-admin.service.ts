import {
  ADMIN_MSG,
  ADMIN_TEMPLATE,
  fillMessage,
  ORDER_TEMPLATE,
  ORDER_TRANSITIONS,
  canRecordReturn,
  canRefund,
  canTransition,
  formatNPR,
  refundMethodLabel,
  RETURN_NOTE,
  type RefundInputSchema,
  type ReturnInputSchema,
  shortOrderId,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrdersQuery,
  type AdminOrderSummary,
  type OrderStatus,
  type OrderStatusInputSchema,
  nepalTimestamp,
} from "@khelkud/contracts";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { orders } from "../../db/schema/index.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { pagination } from "../../lib/paging.js";
import { toCsv } from "../../lib/csv.js";
import type { Actor } from "../admin/audit.js";
import { issueCreditNote, issueInvoice } from "../invoices/invoices.service.js";
import type { OrderLifecycle } from "./order-lifecycle.js";
import * as repo from "./orders-admin.repository.js";

type StatusInput = z.output<typeof OrderStatusInputSchema>;
type RefundData = z.output<typeof RefundInputSchema>;
type ReturnData = z.output<typeof ReturnInputSchema>;
type OrderRow = typeof orders.$inferSelect;
type SummaryRow = Awaited<ReturnType<typeof repo.findOrders>>[number];

const CSV_MAX_ROWS = 50_000;
const LEFT_THE_SHOP = new Set<OrderStatus>(["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED", "RETURNED"]);

/** docs/product-rules.md §7: only a cancelled order, or an unpaid one whose payment window has passed and that was never sent, may be deleted. */
function deletable(o: OrderRow, now = new Date()): boolean {
  if (o.paymentStatus === "PAID" || o.paymentStatus === "REFUNDED") return false;
  // A parcel that left the shop is a record of goods sent (and of what came back), paid or not (docs/decisions/185).
  if (LEFT_THE_SHOP.has(o.status)) return false;
  return o.status === "CANCELLED" || (o.paymentExpiresAt !== null && o.paymentExpiresAt < now);
}

/**
 * Why the staff may not make a move the state machine allows (docs/product-rules.md §7), or null: the status choice
 * leaves such moves out, and the status change refuses them.
 */
function refusedMove(o: OrderRow, to: OrderStatus): string | null {
  // Cancelling must not keep the money: a paid order is cancelled only by recording its refund (refund()).
  if (to === "CANCELLED" && o.paymentStatus === "PAID") return ADMIN_MSG.paidOrderCancel;
  // A wallet order moves on when its payment arrives (that moves it to PROCESSING): moved by hand before, the payment
  // could no longer be recorded, the goods could ship unpaid, and the payment sweep would never free its stock.
  if (to !== "CANCELLED" && o.paymentMethod !== "COD" && o.paymentStatus !== "PAID") return ADMIN_MSG.walletUnpaid;
  // A parcel is not sent while the customer's request to cancel it is undecided.
  if (to === "SHIPPED" && o.cancellationRequestedAt !== null) return ADMIN_MSG.shipWithRequest;
  // A parcel that came back is recorded with its refund and its stock (recordReturn()).
  if (to === "RETURNED") return ADMIN_MSG.returnByForm;
  return null;
}

function collectable(o: OrderRow): boolean {
  return o.paymentMethod === "COD" && o.status === "DELIVERED" && o.paymentStatus !== "PAID";
}

/**
 * A parcel that left the shop may be recorded as returned, except a delivered cash-on-delivery one whose cash is not
 * yet marked collected: the customer paid the courier, so its cash is recorded first and the return then refunds it.
 */
function returnable(o: OrderRow): boolean {
  return canRecordReturn(o) && !collectable(o);
}

/** How many orders waiting for an answer the admin's order page lists at most. */
const WAITING_LISTED = 50;

/** A customer's return request still open: the order is delivered and not yet recorded as returned (docs/decisions/190). */
function returnDeclinable(o: OrderRow): boolean {
  return o.status === "DELIVERED" && o.returnRequestedAt !== null;
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

function toSummary(r: SummaryRow, paymentId: string | null): AdminOrderSummary {
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
    nextStatuses: ORDER_TRANSITIONS[o.status].filter((s) => refusedMove(o, s) === null),
    canCollectCash: collectable(o),
    canDelete: deletable(o),
    canRefund: canRefund(o),
    canRecordReturn: returnable(o),
    cancellationRequestedAt: o.cancellationRequestedAt?.toISOString() ?? null,
    returnRequestedAt: o.returnRequestedAt?.toISOString() ?? null,
    canDeclineReturn: returnDeclinable(o),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/**
 * The administrator's order use cases (reached only through the guarded admin routes). Every change goes through the
 * orders module's lifecycle (order-lifecycle.ts): state machine, history, stock, audit, facts and events in one place.
 */
export function createAdminOrdersService(db: Db, lifecycle: OrderLifecycle, clock: () => Date = () => new Date()) {
  const missing = () => notFound(ADMIN_MSG.orderNotFound);

  async function get(id: string): Promise<AdminOrderDetail> {
    const row = await repo.findOrder(db, id);
    if (!row) throw missing();
    const [items, history, pays, refund] = await Promise.all([repo.itemsOf(db, id), repo.historyOf(db, id), repo.latestPayments(db, [id]), repo.refundOf(db, id)]);
    const pay = pays.get(id);
    return {
      ...toSummary(row, pay?.transactionId ?? pay?.reference ?? null),
      cancellationReason: row.order.cancellationReason,
      returnReason: row.order.returnReason,
      returnDetails: row.order.returnDetails,
      refund: refund
        ? { amount: refund.refund.amount, method: refund.refund.method, reference: refund.refund.reference, note: refund.refund.note, by: refund.byName, refundedAt: refund.refund.createdAt.toISOString() }
        : null,
      shippingAddress: readShippingAddress(row.order.shippingAddress),
      notes: row.order.notes,
      paidAt: row.order.paidAt?.toISOString() ?? null,
      cashCollectedAt: row.order.cashCollectedAt?.toISOString() ?? null,
      items: items.map((i) => ({ id: i.id, productId: i.productId, productName: i.productName, productSlug: i.productSlug, imageUrl: i.imageUrl, size: i.size, color: i.color, quantity: i.quantity, unitPrice: i.unitPrice, personalisation: i.personalisation ?? null, printFee: i.printFee, printedAt: i.printedAt?.toISOString() ?? null, lineTotal: i.lineTotal })),
      statusHistory: history.map((h) => ({ status: h.entry.status, note: h.entry.note, by: h.byName, createdAt: h.entry.createdAt.toISOString() })),
    };
  }

  return {
    get,

    async list(q: AdminOrdersQuery): Promise<AdminOrderList> {
      // Every order, for "Showing X of Y": from the kept totals (a few dozen rows), counted only when a filter narrows the list.
      const filtered = Boolean(q.q?.trim()) || Boolean(q.status);
      const [{ rows, total }, overall] = await Promise.all([repo.findOrdersPage(db, q, q.limit, (q.page - 1) * q.limit), filtered ? repo.countOrders(db, {}) : null]);
      const pays = await repo.latestPayments(db, rows.map((r) => r.order.id));
      return {
        orders: rows.map((r) => {
          const p = pays.get(r.order.id);
          return toSummary(r, p?.transactionId ?? p?.reference ?? null);
        }),
        pagination: pagination(q.page, q.limit, total),
        overallTotal: overall ?? total,
      };
    },

    /** The orders whose customer waits for an answer to a return or cancellation request, the longest waiting first (at most 50). */
    async waiting(): Promise<{ orders: AdminOrderSummary[]; more: boolean }> {
      const found = await repo.findWaitingRequests(db, WAITING_LISTED + 1);
      const rows = found.slice(0, WAITING_LISTED);
      const pays = await repo.latestPayments(db, rows.map((r) => r.order.id));
      return { orders: rows.map((r) => toSummary(r, pays.get(r.order.id)?.transactionId ?? pays.get(r.order.id)?.reference ?? null)), more: found.length > WAITING_LISTED };
    },

    /** docs/product-rules.md §7: only the state machine's next statuses; every change lands in the customer's history; cancelling returns stock once. */
    async changeStatus(actor: Actor, id: string, input: StatusInput) {
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        // A move the state machine refuses gets its own message from the lifecycle.
        const refused = canTransition(o.status, input.status) ? refusedMove(o, input.status) : null;
        if (refused) throw conflict(refused);
        const set: Partial<OrderRow> = {};
        if (input.trackingNumber) set.trackingNumber = input.trackingNumber;
        if (input.courier) set.courier = input.courier;
        await unit.change(id, {
          status: input.status,
          set,
          history: { note: input.note ?? null, by: actor.id },
          releaseStock: input.status === "CANCELLED",
          cancelledBy: "ADMIN",
          // A cancellation's note for the customer is told in its e-mail too, as a refund's is.
          customerNote: input.note,
          audit: {
            actor,
            action: "order.status",
            before: (b) => ({ status: b.status, trackingNumber: b.trackingNumber, courier: b.courier }),
            after: (a, r) => ({ status: a.status, trackingNumber: a.trackingNumber, courier: a.courier, note: input.note, stockReturned: r.stockReturned }),
          },
        });
      });
      return get(id);
    },

    /**
     * Approves a paid order's cancellation (asked for by the customer, or by staff): records the refund (amount, method,
     * reference, who, when), moves the payment to REFUNDED and the order to CANCELLED, and returns the stock once
     * (docs/decisions/078). The money itself is sent back in the wallet's or bank's own dashboard; its reference is kept.
     */
    async refund(actor: Actor, id: string, input: RefundData) {
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        if (!canRefund(o)) throw conflict(ADMIN_MSG.refundRefused);
        const amount = input.amount ?? o.totalAmount;
        if (amount > o.totalAmount) throw invalid(ADMIN_MSG.refundTooLarge, [{ field: "amount", message: ADMIN_MSG.refundTooLarge }]);
        const how = { amount: formatNPR(amount), method: refundMethodLabel(input.method), reference: input.reference };
        const requested = o.cancellationRequestedAt !== null;
        await unit.change(id, {
          status: "CANCELLED",
          set: { paymentStatus: "REFUNDED" },
          history: { note: fillMessage(requested ? ORDER_TEMPLATE.cancellationApproved : ORDER_TEMPLATE.cancelledByShop, how), by: actor.id },
          releaseStock: true,
          // The customer's request, approved: their messages say it was cancelled as they asked, not by the shop.
          cancelledBy: requested ? "CUSTOMER" : "ADMIN",
          // The note for the customer reaches the cancellation e-mail (the refund row, written below, keeps it for the order page).
          customerNote: input.note,
          refunded: amount,
          also: async (tx) => {
            const paid = await repo.paidPaymentOf(tx, id);
            await repo.insertRefund(tx, { orderId: id, paymentId: paid?.id ?? null, amount, method: input.method, reference: input.reference, note: input.note, refundedByUserId: actor.id });
            if (paid) await repo.markPaymentRefunded(tx, paid.id);
            // The invoice stays as issued; a credit note with its own number refers to it (docs/decisions/081).
            return issueCreditNote(tx, id, clock(), requested ? "Cancellation approved; amount refunded" : "Cancelled by the shop; amount refunded", amount, { refund: { method: input.method, reference: input.reference } });
          },
          audit: {
            actor,
            action: "order.refund",
            before: (b) => ({ status: b.status, paymentStatus: b.paymentStatus }),
            after: (_a, r) => ({ status: "CANCELLED", paymentStatus: "REFUNDED", amount, method: input.method, reference: input.reference, stockReturned: r.stockReturned, creditNote: r.extra?.number ?? null }),
          },
          announce: ["status", "payment"],
        });
      });
      return get(id);
    },

    /**
     * A parcel that came back (docs/decisions/185): returned to sender (refused, undeliverable) from SHIPPED or OUT FOR
     * DELIVERY, or sent back by the customer after delivery. The order becomes RETURNED. A paid order's money goes back
     * with it: the refund is recorded (amount at most the total, method, reference), the payment becomes REFUNDED and a
     * credit note refers to its invoice, so the sales register and the revenue lose the sale. An unpaid one (a
     * cash-on-delivery parcel that came back undelivered) records no refund; its payment becomes FAILED, so it no longer
     * counts as cash to collect. A delivered cash-on-delivery order has its cash recorded first (returnable()). With
     * `restock` the units go back on sale, except printed ones; the panel's view of the order must still be true.
     */
    async recordReturn(actor: Actor, id: string, input: ReturnData) {
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        // The panel says what it was opened on: a change meanwhile (delivered, cash collected) changes what is recorded.
        if ((input.expectedStatus && input.expectedStatus !== o.status) || (input.expectedPaymentStatus && input.expectedPaymentStatus !== o.paymentStatus)) {
          throw conflict(fillMessage(ADMIN_TEMPLATE.returnStale, { status: o.status }));
        }
        if (collectable(o)) throw conflict(ADMIN_MSG.returnCashFirst);
        if (!canRecordReturn(o)) throw conflict(ADMIN_MSG.returnRefused);
        const paid = o.paymentStatus === "PAID";
        if (!paid && (input.method || input.reference || input.amount !== undefined)) throw conflict(ADMIN_MSG.returnNothingPaid);
        if (paid && (!input.method || !input.reference)) {
          const fields = [...(input.method ? [] : [{ field: "method", message: "method is required" }]), ...(input.reference ? [] : [{ field: "reference", message: "Reference is required" }])];
          throw invalid(ADMIN_MSG.returnNeedsRefund, fields);
        }
        const amount = paid ? (input.amount ?? o.totalAmount) : 0;
        if (amount > o.totalAmount) throw invalid(ADMIN_MSG.refundTooLarge, [{ field: "amount", message: ADMIN_MSG.refundTooLarge }]);
        const history = paid
          ? fillMessage(ORDER_TEMPLATE.returnedRefunded, { amount: formatNPR(amount), method: refundMethodLabel(input.method!), reference: input.reference! })
          : ORDER_TEMPLATE.returnedUnpaid;
        await unit.change(id, {
          status: "RETURNED",
          // An unpaid parcel's cash will not come (PENDING → FAILED); a FAILED one stays as it is.
          set: paid ? { paymentStatus: "REFUNDED" } : o.paymentStatus === "PENDING" ? { paymentStatus: "FAILED" } : {},
          history: { note: history, by: actor.id },
          // Claimed even when nothing goes back, so no later path (a deletion) puts back what the staff kept out.
          releaseStock: input.restock ? "unprinted" : "none",
          customerNote: input.note,
          ...(paid ? { refunded: amount } : {}),
          // An unpaid parcel's FAILED payment is no failed attempt to pay: the customer is told of the return only.
          ...(paid ? {} : { announce: ["status"] as const }),
          also: async (tx) => {
            if (!paid) return null;
            const payment = await repo.paidPaymentOf(tx, id);
            await repo.insertRefund(tx, { orderId: id, paymentId: payment?.id ?? null, amount, method: input.method!, reference: input.reference!, note: input.note, refundedByUserId: actor.id });
            if (payment) await repo.markPaymentRefunded(tx, payment.id);
            return issueCreditNote(tx, id, clock(), o.status === "DELIVERED" ? "Goods returned; amount refunded" : "Returned undelivered; amount refunded", amount, { goodsReturned: true, refund: { method: input.method!, reference: input.reference! } });
          },
          audit: {
            actor,
            action: "order.return",
            before: (b) => ({ status: b.status, paymentStatus: b.paymentStatus }),
            after: (a, r) => ({ status: a.status, paymentStatus: a.paymentStatus, restock: input.restock, stockReturned: r.stockReturned, note: input.note, ...(paid ? { amount, method: input.method, reference: input.reference, creditNote: r.extra?.number ?? null } : {}) }),
          },
        });
      });
      return get(id);
    },

    /** Turns a cancellation request down (the order goes on); the note tells the customer why. */
    async declineCancellation(actor: Actor, id: string, note: string | null) {
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        if (!o.cancellationRequestedAt || !canRefund(o)) throw conflict(ADMIN_MSG.noCancellationRequest);
        await unit.change(id, {
          set: { cancellationRequestedAt: null, cancellationReason: null },
          history: { note: note ? fillMessage(ORDER_TEMPLATE.cancellationDeclined, { note }) : "Cancellation request declined", by: actor.id },
          audit: { actor, action: "order.cancellation-declined", before: (b) => ({ cancellationRequestedAt: b.cancellationRequestedAt }), after: () => ({ note }) },
          announce: ["status"],
        });
      });
      return get(id);
    },

    /**
     * Turns a customer's return request down (docs/decisions/190): the order stays delivered and its request is
     * cleared, so the customer may ask again within the window (with the shop's note in mind). The note tells them why.
     */
    async declineReturn(actor: Actor, id: string, input: { note: string | null; requestedAt?: string | undefined }) {
      const note = input.note;
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        if (!returnDeclinable(o)) throw conflict(ADMIN_MSG.noReturnRequest);
        // The panel says which request it read: a newer one (declined and asked again meanwhile) is not turned down unread.
        if (input.requestedAt && Date.parse(input.requestedAt) !== o.returnRequestedAt!.getTime()) throw conflict(ADMIN_MSG.returnRequestChanged);
        await unit.change(id, {
          set: { returnRequestedAt: null, returnReason: null, returnDetails: null },
          history: { note: note ? fillMessage(ORDER_TEMPLATE.returnDeclined, { note }) : RETURN_NOTE.declined, by: actor.id },
          audit: { actor, action: "order.return-declined", before: (b) => ({ returnRequestedAt: b.returnRequestedAt, returnReason: b.returnReason }), after: () => ({ note }) },
          announce: ["status"],
          facts: [{ type: "order.return_declined", orderId: id, ...(note ? { note } : {}), at: clock().toISOString() }],
        });
      });
      return get(id);
    },

    /** Cash handed over for a delivered cash-on-delivery order: the payment becomes PAID. */
    async collectCash(actor: Actor, id: string) {
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        if (!collectable(o)) throw conflict(ADMIN_MSG.cashNotCollectable);
        const now = clock();
        await unit.change(id, {
          set: { paymentStatus: "PAID", paidAt: now, cashCollectedAt: now },
          also: async (tx) => {
            await repo.markCodPaymentPaid(tx, id);
            // The tax invoice commits with the cash, or neither does (docs/decisions/081).
            return issueInvoice(tx, id, now);
          },
          audit: { actor, action: "order.cash-collected", before: (b) => ({ paymentStatus: b.paymentStatus }), after: (_a, r) => ({ paymentStatus: "PAID", invoice: r.extra?.number ?? null }) },
        });
      });
      return get(id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await lifecycle.run(async (unit) => {
        const o = await unit.lock(id);
        if (!o) throw missing();
        if (o.paymentStatus === "PAID" || o.paymentStatus === "REFUNDED") throw conflict(ADMIN_MSG.paidOrderKept);
        if (LEFT_THE_SHOP.has(o.status)) throw conflict(ADMIN_MSG.sentOrderKept);
        if (!deletable(o)) throw conflict(ADMIN_MSG.orderDeleteRefused);
        await unit.remove(id, { actor, action: "order.delete", before: (b, items) => ({ ...b, items }) });
      });
    },

    /** The filtered list as CSV (all pages), amounts in rupees, dates as Nepal's clock reads them. */
    async exportCsv(q: Pick<AdminOrdersQuery, "q" | "status">): Promise<string> {
      const rows: unknown[][] = [];
      for (let offset = 0; offset < CSV_MAX_ROWS; offset += 1000) {
        const batch = await repo.findOrders(db, q, 1000, offset);
        for (const r of batch) {
          const o = r.order;
          rows.push([o.orderNumber, nepalTimestamp(o.createdAt), r.userName ?? "N/A", r.userEmail ?? "N/A", o.status, o.paymentMethod, o.paymentStatus, (o.totalAmount / 100).toFixed(2), o.trackingNumber ?? ""]);
        }
        if (batch.length < 1000) break;
      }
      return toCsv(["Order Number", "Date (Nepal time)", "Customer", "Email", "Status", "Payment Method", "Payment Status", "Total (NPR)", "Tracking Number"], rows);
    },
  };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
export type { OrderStatus };

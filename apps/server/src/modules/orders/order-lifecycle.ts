import { canTransition, fillMessage, ORDER_TEMPLATE, PAYMENT_TRANSITIONS, personalisationLabel, transitionRefused, type Order, type OrderStatus } from "@khelkud/contracts";
import type { Db, DbOrTx } from "../../db/client.js";
import { conflict } from "../../lib/errors.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import type { Events, OrderFact } from "../events/events.js";
import type { orders } from "../../db/schema/index.js";
import * as repo from "./orders.repository.js";

/**
 * The one place an order changes its status or payment state (docs/decisions/030). Every path — placing, the
 * customer's cancel and cancellation request, cash-on-delivery confirmation, a wallet payment, a switch of payment
 * method, the expiry sweep, the administrator's status change, refund, cash collected and delete — opens a unit of
 * work here and calls `change` inside it. A change:
 *
 * 1. locks the order's row and applies only while the order still matches `when` (a repeat finds nothing to do);
 * 2. checks a new status and a new payment state against the contracts' state machines (`canTransition`, `PAYMENT_TRANSITIONS`),
 *    and refuses SHIPPED while a personalised line is unprinted (docs/decisions/101);
 * 3. writes the customer's history entry;
 * 4. gives the stock back at most once (`stock_released_at` is claimed first);
 * 5. records the order facts (`events.recordOrderFact`), inside the transaction;
 * 6. runs the caller's extra writes (refund row, invoice, credit note) in the same transaction, after the facts (a bill's
 *    counter row stays locked until the commit), then the administrator's audit entry;
 * 7. after the commit, publishes the domain events (live channel).
 *
 * A recorder or an extra write that throws rolls everything back: status, stock, history, audit and facts.
 */

type OrderSet = Partial<Omit<typeof orders.$inferInsert, "id" | "status">>;
export type CancelledBy = "CUSTOMER" | "ADMIN" | "EXPIRY";
/** Which domain events follow the commit, in this order. */
export type Announcement = "status" | "payment";

export interface OrderChange<X = unknown> {
  /** Applies only while the order still matches; otherwise `change` returns null and nothing is written. */
  when?: OrderGuard;
  /** The new status: must be a next status of the current one in the contracts' state machine. */
  status?: OrderStatus;
  /** Other columns changed with it (payment state, method, deadline, tracking, cancellation request). */
  set?: OrderSet;
  /** The customer's timeline entry (its status is the order's status after the change). */
  history?: { note: string | null; by: string | null };
  /**
   * Give the order's units back (once per order, whoever asks). "unprinted": a returned parcel's lines, except those
   * printed with a name and number, which cannot be sold again; "none": claim the release and give nothing back, so no
   * later path does (a returned parcel kept out of stock; docs/decisions/185).
   */
  releaseStock?: boolean | "unprinted" | "none";
  /** Who cancelled, for `order.cancelled`; required when `status` is CANCELLED. CUSTOMER also for their request approved by the shop. */
  cancelledBy?: CancelledBy;
  /** The administrator's note for the customer, told in the `order.cancelled` or `order.returned` message. */
  customerNote?: string | null;
  /** The paisa the shop gave back with this cancellation or return (a refund may be less than the order's total). */
  refunded?: number;
  /** The payment window closed with this change (`order.payment_failed` EXPIRED, recorded before the cancellation). */
  paymentExpired?: boolean;
  /** More writes of the same change, after the order row moved (refund, invoice, credit note). */
  also?: (tx: DbOrTx, order: repo.OrderRow, before: repo.OrderRow) => Promise<X>;
  /** The administrator's audit entry. */
  audit?: { actor: Actor; action: string; before: (o: repo.OrderRow) => unknown; after: (o: repo.OrderRow, r: { stockReturned: boolean; extra: X }) => unknown };
  /** Domain events after the commit; default: "status" when the status changed, "payment" when the payment state did. */
  announce?: Announcement[];
  /** Facts of the change that no status or payment move says (a return request and its decline), recorded with the rest. */
  facts?: OrderFact[];
}

export interface OrderGuard {
  status?: OrderStatus[];
  paymentStatus?: repo.OrderRow["paymentStatus"];
  paymentMethod?: repo.OrderRow["paymentMethod"];
  userId?: string;
  noCancellationRequest?: boolean;
  noReturnRequest?: boolean;
}

export interface Changed<X = unknown> {
  before: repo.OrderRow;
  order: repo.OrderRow;
  stockReturned: boolean;
  extra: X;
}

/** "This order cannot ship yet: print PAUDEL 7 (Nepal Home Jersey, size M) first." */
export function unprintedRefusal(items: Pick<repo.OrderItemRow, "productName" | "size" | "personalisation">[]): string {
  const list = items.map((i) => `${i.personalisation ? personalisationLabel(i.personalisation) : ""} (${i.productName}, size ${i.size})`).join(", ");
  return fillMessage(items.length === 1 ? ORDER_TEMPLATE.unprintedOne : ORDER_TEMPLATE.unprintedMany, { n: items.length, list });
}

function matches(o: repo.OrderRow, when: OrderGuard): boolean {
  if (when.status && !when.status.includes(o.status)) return false;
  if (when.paymentStatus && o.paymentStatus !== when.paymentStatus) return false;
  if (when.paymentMethod && o.paymentMethod !== when.paymentMethod) return false;
  if (when.userId && o.userId !== when.userId) return false;
  if (when.noCancellationRequest && o.cancellationRequestedAt !== null) return false;
  if (when.noReturnRequest && o.returnRequestedAt !== null) return false;
  return true;
}

/** One transaction's worth of order changes; the events wait for its commit. */
export interface OrderUnit {
  readonly tx: DbOrTx;
  /** The order as it is inside this transaction (no lock). */
  find(orderId: string): Promise<repo.OrderRow | undefined>;
  /** The order locked until the transaction ends. */
  lock(orderId: string): Promise<repo.OrderRow | undefined>;
  change<X = undefined>(orderId: string, c: OrderChange<X>): Promise<Changed<X> | null>;
  /** A new order was written in this transaction: `order.placed` now, the event after the commit. */
  placed(orderId: string): Promise<void>;
  /** A wallet attempt of the order failed at the provider (the order itself stays payable until it expires). */
  paymentFailed(orderId: string): Promise<void>;
  /** A timeline note that changes nothing else (late money on a closed order). */
  note(orderId: string, note: string, by?: string | null): Promise<void>;
  /** Deletes the order; stock it still holds goes back first. */
  remove(orderId: string, audit: { actor: Actor; action: string; before: (o: repo.OrderRow, items: repo.OrderItemRow[]) => unknown }): Promise<boolean>;
}

export function createOrderLifecycle(db: Db, deps: { events: Events; load: (orderId: string) => Promise<Order> }) {
  const { events } = deps;

  /** Puts an order's stock back, exactly once per order however often it is called. */
  /** Whether any unit went back on sale. */
  async function releaseStock(tx: DbOrTx, orderId: string, which: true | "unprinted" | "none" = true): Promise<boolean> {
    if (!(await repo.claimStockRelease(tx, orderId))) return false;
    let returned = false;
    for (const i of which === "none" ? [] : await repo.findItemsFor(tx, [orderId])) {
      if (which === "unprinted" && i.personalisation) continue;
      await repo.giveBackStock(tx, i.productId, i.size, i.quantity);
      returned = true;
    }
    return returned;
  }

  type Publication = { kind: "placed"; orderId: string } | { kind: Announcement; orderId: string; from: string };

  function unitFor(tx: DbOrTx, queue: Publication[]): OrderUnit {
    const record = (fact: OrderFact) => events.recordOrderFact(tx, fact);
    return {
      tx,
      find: (orderId) => repo.findOrder(tx, orderId),
      lock: (orderId) => repo.lockOrder(tx, orderId),

      async change<X>(orderId: string, c: OrderChange<X>): Promise<Changed<X> | null> {
        const before = await repo.lockOrder(tx, orderId);
        if (!before || !matches(before, c.when ?? {})) return null;
        const statusChanges = c.status !== undefined;
        if (statusChanges && !canTransition(before.status, c.status!)) throw conflict(transitionRefused(before.status, c.status!));
        if (c.status === "CANCELLED" && !c.cancelledBy) throw new Error("A cancellation must say who cancelled");
        // The print gate (docs/decisions/101): a personalised line not yet printed holds the parcel back.
        if (c.status === "SHIPPED" && before.status !== "SHIPPED") {
          const unprinted = await repo.findUnprintedItems(tx, orderId);
          if (unprinted.length) throw conflict(unprintedRefusal(unprinted));
        }
        const pay = c.set?.paymentStatus;
        if (pay !== undefined && pay !== before.paymentStatus && !PAYMENT_TRANSITIONS[before.paymentStatus].includes(pay)) {
          throw conflict(fillMessage(ORDER_TEMPLATE.paymentTransition, { from: before.paymentStatus.toLowerCase(), to: pay.toLowerCase() }));
        }
        const set = { ...c.set, ...(statusChanges ? { status: c.status } : {}) };
        const order = Object.keys(set).length ? await repo.updateOrderIf(tx, orderId, {}, set) : before;
        if (!order) return null;
        if (c.history) await repo.insertHistory(tx, { orderId, status: order.status, note: c.history.note, changedByUserId: c.history.by });
        const stockReturned = c.releaseStock ? await releaseStock(tx, orderId, c.releaseStock) : false;

        // The facts go first: `also` may issue a bill, whose counter row stays locked until the commit, so the
        // recorders' writes (the notifications outbox) must not run while it is held (200 concurrent payments on three
        // instances otherwise queue on that lock).
        const paymentReceived = order.paymentStatus === "PAID" && before.paymentStatus !== "PAID";
        if (c.paymentExpired) await record({ type: "order.payment_failed", orderId, reason: "EXPIRED" });
        if (paymentReceived) await record({ type: "order.payment_received", orderId });
        const moneyReturned = order.paymentStatus === "REFUNDED" && before.paymentStatus !== "REFUNDED";
        const told = { stockReturned, moneyReturned, ...(c.customerNote ? { note: c.customerNote } : {}), ...(c.refunded !== undefined ? { refunded: c.refunded } : {}) };
        if (statusChanges && order.status === "CANCELLED") {
          await record({ type: "order.cancelled", orderId, by: c.cancelledBy!, ...told });
        } else if (statusChanges && order.status === "RETURNED") {
          await record({ type: "order.returned", orderId, from: before.status, ...told });
        } else if (statusChanges) {
          await record({ type: "order.status_changed", orderId, from: before.status, to: order.status });
        }
        for (const fact of c.facts ?? []) await record(fact);
        const extra = (c.also ? await c.also(tx, order, before) : undefined) as X;
        if (c.audit) {
          await recordAudit(tx, c.audit.actor, { action: c.audit.action, entityType: "order", entityId: orderId, before: c.audit.before(before), after: c.audit.after(order, { stockReturned, extra }) });
        }

        const announce = c.announce ?? [...(statusChanges ? (["status"] as const) : []), ...(order.paymentStatus !== before.paymentStatus ? (["payment"] as const) : [])];
        for (const kind of announce) queue.push({ kind, orderId, from: before.status });
        return { before, order, stockReturned, extra };
      },

      async placed(orderId) {
        await record({ type: "order.placed", orderId });
        queue.push({ kind: "placed", orderId });
      },

      async paymentFailed(orderId) {
        await record({ type: "order.payment_failed", orderId, reason: "FAILED" });
      },

      async note(orderId, note, by = null) {
        const o = await repo.findOrder(tx, orderId);
        if (o) await repo.insertHistory(tx, { orderId, status: o.status, note, changedByUserId: by });
      },

      async remove(orderId, audit) {
        const before = await repo.lockOrder(tx, orderId);
        if (!before) return false;
        // An expired unpaid order that was never cancelled still holds stock.
        await releaseStock(tx, orderId);
        const items = await repo.findItemsFor(tx, [orderId]);
        await repo.deleteOrder(tx, orderId);
        await recordAudit(tx, audit.actor, { action: audit.action, entityType: "order", entityId: orderId, before: audit.before(before, items) });
        return true;
      },
    };
  }

  /** Tells the rest of the shop (live channel) after the commit; a failure here never undoes or fails the change. */
  async function publish(queue: Publication[]): Promise<void> {
    for (const p of queue) {
      try {
        const order = await deps.load(p.orderId);
        if (p.kind === "placed") events.orderPlaced(order);
        else if (p.kind === "status") events.orderStatusChanged(order, p.from);
        else events.paymentUpdated(order);
      } catch {
        // The order may be gone by now (deleted); listeners log their own failures (events.ts).
      }
    }
  }

  return {
    /** Runs `work` in one transaction; the domain events of its changes are published after it commits. */
    async run<T>(work: (unit: OrderUnit) => Promise<T>): Promise<T> {
      const queue: Publication[] = [];
      const result = await db.transaction((tx) => work(unitFor(tx, queue)));
      await publish(queue);
      return result;
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

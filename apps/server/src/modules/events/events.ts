import type { Order, OrderStatus, PublicUser, ReturnReason } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";

/**
 * Domain events, published by services after their transaction commits. This publisher only calls the
 * listeners registered with `on`; the live channel (Socket.IO) attaches one later. A failing listener is
 * logged by whoever registered it and never undoes the change that was published.
 */
export type DomainEvent =
  | { type: "order.placed"; order: Order }
  | { type: "order.status_changed"; order: Order; from: string }
  | { type: "payment.updated"; order: Order }
  | { type: "profile.updated"; user: PublicUser };

export type EventListener = (event: DomainEvent) => void | Promise<void>;

/**
 * What happened to an order, recorded inside the transaction that made it happen. Unlike a DomainEvent,
 * an OrderFact is handed to its recorders before the commit, with the transaction: a recorder writes rows
 * (the notifications outbox, for one) that commit or roll back with the change itself, and a recorder that
 * throws rolls the change back. Recorders read whatever else they need (lines, address, tracking number)
 * through the transaction they are given.
 */
export type OrderFact =
  | { type: "order.placed"; orderId: string }
  | { type: "order.payment_received"; orderId: string }
  | { type: "order.status_changed"; orderId: string; from: OrderStatus; to: OrderStatus }
  /** `by` CUSTOMER: at the customer's wish (their own cancel, or their request the shop approved); `note`: the shop's note for them; `refunded`: the paisa given back, when the shop recorded a refund. */
  | { type: "order.cancelled"; orderId: string; by: "CUSTOMER" | "ADMIN" | "EXPIRY"; stockReturned: boolean; moneyReturned: boolean; note?: string; refunded?: number }
  | { type: "order.payment_failed"; orderId: string; reason: "FAILED" | "EXPIRED" }
  /** The parcel came back (docs/decisions/185); `from` tells a delivered order's return from one returned to sender. */
  | { type: "order.returned"; orderId: string; from: OrderStatus; stockReturned: boolean; moneyReturned: boolean; note?: string; refunded?: number }
  /** The customer asked to send a delivered order back (docs/decisions/190); `at` tells one request from a later one. */
  | { type: "order.return_requested"; orderId: string; reason: ReturnReason; at: string }
  /** The shop declined that request; `note`: why, for the customer. */
  | { type: "order.return_declined"; orderId: string; note?: string; at: string };

export type OrderFactRecorder = (tx: DbOrTx, fact: OrderFact) => Promise<void>;

export function createEvents() {
  const listeners = new Set<EventListener>();
  const recorders = new Set<OrderFactRecorder>();

  function publish(event: DomainEvent): void {
    for (const listener of listeners) {
      try {
        void Promise.resolve(listener(event)).catch(() => {
          // A listener's failure must not reach the request that caused the event; listeners log their own errors.
        });
      } catch {
        // Same as above, for a listener that throws synchronously.
      }
    }
  }

  return {
    /** Registers a listener; returns the function that removes it. */
    on(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Registers a recorder of order facts, called inside the transaction; returns the function that removes it. */
    onOrderFact(recorder: OrderFactRecorder): () => void {
      recorders.add(recorder);
      return () => recorders.delete(recorder);
    },
    /** Hands a fact to every recorder, one after another, inside `tx`; a recorder's error propagates and rolls `tx` back. */
    async recordOrderFact(tx: DbOrTx, fact: OrderFact): Promise<void> {
      for (const recorder of recorders) await recorder(tx, fact);
    },
    orderPlaced: (order: Order) => publish({ type: "order.placed", order }),
    orderStatusChanged: (order: Order, from: string) => publish({ type: "order.status_changed", order, from }),
    paymentUpdated: (order: Order) => publish({ type: "payment.updated", order }),
    profileUpdated: (user: PublicUser) => publish({ type: "profile.updated", user }),
  };
}

export type Events = ReturnType<typeof createEvents>;

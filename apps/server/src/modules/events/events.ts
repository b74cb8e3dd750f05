import type { Order, PublicUser } from "@khelkud/contracts";

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

export function createEvents() {
  const listeners = new Set<EventListener>();

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
    orderPlaced: (order: Order) => publish({ type: "order.placed", order }),
    orderStatusChanged: (order: Order, from: string) => publish({ type: "order.status_changed", order, from }),
    paymentUpdated: (order: Order) => publish({ type: "payment.updated", order }),
    profileUpdated: (user: PublicUser) => publish({ type: "profile.updated", user }),
  };
}

export type Events = ReturnType<typeof createEvents>;

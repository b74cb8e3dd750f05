import { liveRooms, type OrderUpdatedEvent, type ServerToClientEvents } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import type { DomainEvent } from "../events/events.js";
import { orderOwner as findOrderOwner } from "../orders/orders.service.js";

/** Where the publisher sends a message: one call per message, to the union of rooms (a socket in several rooms hears it once). */
export type LiveSend = <E extends keyof ServerToClientEvents>(rooms: string[], event: E, payload: Parameters<ServerToClientEvents[E]>[0]) => void;

/** The live channel's questions to the database: who owns an order, and may this user watch it. */
export function createLiveService(db: Db) {
  const orderOwner = (orderId: string): Promise<string | undefined> => findOrderOwner(db, orderId);

  return {
    orderOwner,

    /** The order's owner or an administrator; anyone else is told the order does not exist (no probing of ids). */
    async canWatchOrder(user: Pick<UserRow, "id" | "role">, orderId: string): Promise<boolean> {
      if (orderId.length === 0 || orderId.length > 100) return false;
      const owner = await orderOwner(orderId);
      if (owner === undefined) return false;
      return owner === user.id || user.role === "ADMIN";
    },

    /**
     * The one event publisher: turns a committed domain event into live-channel messages (docs/product-rules.md §13).
     * order_updated → the owner, the order's room, administrators; new_order → administrators, for every
     * new order whatever the payment method; payment_updated → the owner; profile_updated → that user.
     */
    async publish(event: DomainEvent, send: LiveSend): Promise<void> {
      if (event.type === "profile.updated") {
        send([liveRooms.user(event.user.id)], "profile_updated", { user: event.user });
        return;
      }
      const { order } = event;
      const owner = await orderOwner(order.id);
      const rooms = [liveRooms.order(order.id), liveRooms.admins, ...(owner ? [liveRooms.user(owner)] : [])];
      const base = { orderId: order.id, status: order.status, paymentStatus: order.paymentStatus, order };
      if (event.type === "order.placed") {
        send(rooms, "order_updated", { ...base, change: "placed", previousStatus: null });
        send([liveRooms.admins], "new_order", {
          orderId: order.id,
          orderNumber: order.orderNumber,
          totalAmount: order.totalAmount,
          paymentMethod: order.paymentMethod,
          createdAt: order.createdAt,
        });
      } else if (event.type === "order.status_changed") {
        send(rooms, "order_updated", { ...base, change: "status", previousStatus: event.from as OrderUpdatedEvent["status"] });
      } else {
        send(rooms, "order_updated", { ...base, change: "payment", previousStatus: order.status });
        if (owner) send([liveRooms.user(owner)], "payment_updated", { orderId: order.id, paymentStatus: order.paymentStatus });
      }
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;

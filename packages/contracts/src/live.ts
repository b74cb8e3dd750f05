import type { OrderStatus, PaymentMethod, PaymentStatus } from "./enum-values.js";
import type { PublicUser } from "./auth.js";
import type { Order } from "./orders.js";

/**
 * The live channel (docs/product-rules.md §13): Socket.IO on the shop's own origin and port. The handshake is
 * authenticated by the session cookie (browsers) or `auth: { token }` (API clients). Rooms: `user:<id>`,
 * `admins`, `order:<id>` (joined with join_order by the order's owner or an administrator only).
 */
export const LIVE_PATH = "/socket.io";

/** The only error a refused handshake gives; the web app shows LIVE_MSG.authFailed. */
export const LIVE_AUTH_ERROR = "Authentication error";

export const LIVE_MSG = {
  authFailed: "Connection authentication failed",
  newOrder: (shortId: string) => `New order #${shortId} received!`,
  paymentPaid: "Payment completed successfully!",
  paymentFailed: "Payment failed. Please try again.",
  profileUpdated: "Profile updated successfully!",
  orderNotFound: "Order not found",
} as const;

/** Socket constants (docs/product-rules.md §13), in socket.io-client option names. */
export const LIVE_CLIENT_OPTIONS = {
  path: LIVE_PATH,
  transports: ["websocket", "polling"] as string[],
  tryAllTransports: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
};

/** docs/product-rules.md §13: the new-order toast stays 5 s. */
export const NEW_ORDER_TOAST_MS = 5_000;

export const liveRooms = {
  user: (userId: string) => `user:${userId}`,
  order: (orderId: string) => `order:${orderId}`,
  admins: "admins",
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

export interface OrderUpdatedEvent {
  orderId: string;
  /** What happened: a new order, a status change (the timeline gained an entry) or a payment change. */
  change: "placed" | "status" | "payment";
  status: OrderStatus;
  previousStatus: OrderStatus | null;
  paymentStatus: PaymentStatus;
  order: Order;
}

export interface NewOrderEvent {
  orderId: string;
  orderNumber: string;
  totalAmount: number;
  paymentMethod: PaymentMethod;
  createdAt: string;
}

export interface PaymentUpdatedEvent {
  orderId: string;
  paymentStatus: PaymentStatus;
}

export interface ProfileUpdatedEvent {
  user: PublicUser;
}

export type LiveAck = { ok: true } | { ok: false; error: string };

export interface ServerToClientEvents {
  order_updated: (event: OrderUpdatedEvent) => void;
  new_order: (event: NewOrderEvent) => void;
  payment_updated: (event: PaymentUpdatedEvent) => void;
  profile_updated: (event: ProfileUpdatedEvent) => void;
}

export interface ClientToServerEvents {
  join_order: (orderId: string, ack?: (answer: LiveAck) => void) => void;
  leave_order: (orderId: string, ack?: (answer: LiveAck) => void) => void;
}

export type LiveEventName = keyof ServerToClientEvents;

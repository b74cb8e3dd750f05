// Order rules and constants as plain values (no Zod), shared by the server and the browser bundle.
import { NEPAL_OFFSET_MS } from "./bikram-sambat.js";
import type { OrderStatus, PaymentStatus, RefundMethod, ReturnReason } from "./enum-values.js";
import type { Order } from "./orders.js";

/** docs/product-rules.md §7: the order state machine. The server enforces it; the admin dropdown reads it. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ["PROCESSING", "CANCELLED"],
  PROCESSING: ["SHIPPED", "CANCELLED"],
  SHIPPED: ["OUT_FOR_DELIVERY", "RETURNED"],
  OUT_FOR_DELIVERY: ["DELIVERED", "RETURNED"],
  DELIVERED: ["RETURNED"],
  CANCELLED: [],
  RETURNED: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The payment's state machine. Money that arrives late is recorded (FAILED → PAID); money leaves only by a refund an
 * administrator records (PAID → REFUNDED), which also cancels the order (docs/decisions/078) or records its return
 * (docs/decisions/185). An unpaid parcel that comes back has its awaited cash given up (PENDING → FAILED).
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PENDING: ["PAID", "FAILED"],
  FAILED: ["PAID"],
  PAID: ["REFUNDED"],
  REFUNDED: [],
};

/** A paid order is never cancelled outright: its customer asks, and the shop cancels it by refunding. */
export function customerCanRequestCancellation(order: Pick<Order, "status" | "paymentStatus" | "cancellationRequestedAt">): boolean {
  return (order.status === "PENDING" || order.status === "PROCESSING") && order.paymentStatus === "PAID" && order.cancellationRequestedAt === null;
}

/** A paid order whose cancellation the shop may approve with a refund (asked for or not: staff may cancel on the phone). */
export function canRefund(order: Pick<Order, "status" | "paymentStatus">): boolean {
  return (order.status === "PENDING" || order.status === "PROCESSING") && order.paymentStatus === "PAID";
}

/**
 * An order whose parcel has left the shop may come back: refused or undeliverable (returned to sender), or returned by
 * the customer after delivery. The shop records it with its refund when it was paid (docs/decisions/185).
 */
export function canRecordReturn(order: Pick<Order, "status">): boolean {
  return canTransition(order.status, "RETURNED");
}

/** The returns page's promise: a delivered order may be sent back within this many days of its delivery. */
export const RETURN_WINDOW_DAYS = 30;

/**
 * When the order was delivered: its history's first DELIVERED entry (null when it never was). Later entries under
 * DELIVERED are notes (a return request, its decline), not deliveries.
 */
export function deliveredAt(order: Pick<Order, "statusHistory">): string | null {
  return order.statusHistory.find((h) => h.status === "DELIVERED")?.createdAt ?? null;
}

const DAY_MS = 86_400_000;

/** The last moment a return may be asked for: the end of the 30th day after delivery, in Nepal (the day the page names). */
export function returnWindowEnd(delivered: string): Date {
  const nepalDay = Math.floor((Date.parse(delivered) + NEPAL_OFFSET_MS) / DAY_MS);
  return new Date((nepalDay + RETURN_WINDOW_DAYS + 1) * DAY_MS - NEPAL_OFFSET_MS - 1);
}

/**
 * A delivered order's customer may ask to send it back until the end of the 30th day after its delivery, with one
 * request open at a time (docs/decisions/190). The shop then records the return with its refund, or declines the
 * request; after a decline the customer may ask again within the same days.
 */
export function customerCanRequestReturn(order: Pick<Order, "status" | "statusHistory" | "returnRequestedAt">, now: Date = new Date()): boolean {
  const delivered = deliveredAt(order);
  return order.status === "DELIVERED" && order.returnRequestedAt === null && delivered !== null && now.getTime() <= returnWindowEnd(delivered).getTime();
}

/** The history's notes of a return request and of its decline ("Return request declined: {note}" with a note). */
export const RETURN_NOTE = {
  requested: "Return requested by the customer; the shop will arrange the pick-up",
  declined: "Return request declined",
} as const;

/** A note a return request or its decline wrote: the order page shows these in their own block, not on the timeline. */
export function isReturnRequestNote(note: string | null): boolean {
  return note === RETURN_NOTE.requested || (note?.startsWith(RETURN_NOTE.declined) ?? false);
}

/** A return request's reason as the admin panel names it (the storefront has its own words, in both languages). */
export function returnReasonLabel(reason: ReturnReason): string {
  return { SIZE: "The size does not fit", FAULTY: "Faulty or damaged", WRONG_ITEM: "Not what was ordered", CHANGED_MIND: "Changed their mind" }[reason];
}

/** The returns page refunds the delivery fee too when the item was faulty or not what was ordered. */
export function returnRefundsDelivery(reason: ReturnReason | null): boolean {
  return reason === "FAULTY" || reason === "WRONG_ITEM";
}

/** A printed line (a name and number) is taken back only when it is faulty or not what was ordered. */
export function printedLineReturnable(reason: ReturnReason): boolean {
  return returnRefundsDelivery(reason);
}

export function refundMethodLabel(method: RefundMethod): string {
  return { KHALTI: "Khalti", ESEWA: "eSewa", CASH: "Cash", BANK_TRANSFER: "Bank transfer" }[method];
}

/** docs/product-rules.md §7: the five timeline steps; CANCELLED and RETURNED are not on the timeline. */
export const TIMELINE_STEPS: { status: OrderStatus; label: string }[] = [
  { status: "PENDING", label: "Order Placed" },
  { status: "PROCESSING", label: "Processing" },
  { status: "SHIPPED", label: "Shipped" },
  { status: "OUT_FOR_DELIVERY", label: "Out for Delivery" },
  { status: "DELIVERED", label: "Delivered" },
];

/** Order number shown to people: last 8 characters of the id, upper-cased (docs/product-rules.md §6). */
export function shortOrderId(id: string): string {
  return id.slice(-8).toUpperCase();
}

/** A sane upper bound per cart line; a larger quantity is refused, never silently trimmed at checkout. */
export const MAX_QUANTITY_PER_LINE = 10;
/** At most this many lines in one order or cart check. */
export const MAX_ORDER_LINES = 30;
/** At most this many products on one wishlist, in the browser and on the server (docs/decisions/158). */
export const MAX_WISHLIST_ITEMS = 200;
/**
 * Default postal code (docs/product-rules.md §6): Kathmandu's, so it is filled in only for an address in Kathmandu
 * district; elsewhere a blank postal code stays blank rather than naming the wrong town (docs/decisions/177).
 */
export const DEFAULT_POSTAL_CODE = "44600";
export const DEFAULT_POSTAL_DISTRICT = "Kathmandu";

/** The postal code an address keeps: the one given, or the default for Kathmandu district, or none. */
export function postalCodeFor(given: string | null | undefined, district: string | null | undefined): string {
  const code = given?.trim();
  if (code) return code;
  return district?.trim().toLowerCase() === DEFAULT_POSTAL_DISTRICT.toLowerCase() ? DEFAULT_POSTAL_CODE : "";
}
/** Unpaid wallet orders keep their stock for this long (docs/product-rules.md §8). */
export const WALLET_PAYMENT_MINUTES = 60;
/** The Idempotency-Key header: a double click with the same key makes one order. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/** A wallet order still waiting for its payment: "Payment Pending" and Pay Now (docs/product-rules.md §7). */
export function isAwaitingWalletPayment(order: Pick<Order, "paymentMethod" | "paymentStatus" | "status">): boolean {
  return order.paymentMethod !== "COD" && order.paymentStatus === "PENDING" && order.status === "PENDING";
}

/** A customer may cancel their own order only before it ships (docs/product-rules.md §7). */
export function customerCanCancel(order: Pick<Order, "status" | "paymentStatus">): boolean {
  return (order.status === "PENDING" || order.status === "PROCESSING") && order.paymentStatus !== "PAID";
}

/** docs/product-rules.md §6: KHALTI, ESEWA, COD; anything else shows as Card. */
export function paymentMethodLabel(method: string): string {
  switch (method) {
    case "COD":
      return "Cash on Delivery";
    case "KHALTI":
      return "Khalti";
    case "ESEWA":
      return "eSewa";
    default:
      return "Card";
  }
}

export const CART_ISSUES = ["PRICE_CHANGED", "QUANTITY_REDUCED", "LOW_STOCK", "SOLD_OUT", "UNAVAILABLE", "UNKNOWN_SIZE", "TOO_MANY", "PRINTING"] as const;
export type CartIssueCode = (typeof CART_ISSUES)[number];

/** The checkout address's messages (docs/decisions/064). */
export const ADDRESS_MSG = {
  provinceRequired: "Province is required",
  provinceUnknown: "Please choose one of Nepal's 7 provinces",
  districtRequired: "District is required",
  districtUnknown: "Please choose one of Nepal's 77 districts",
  areaRequired: "Municipality / Area is required",
} as const;

/** The server's refusals of an order, a payment attempt or a wishlist line that a shopper's own request can meet. */
export const ORDER_MSG = {
  notFound: "Order not found",
  invoiceNotFound: "Invoice not found",
  alreadyPaid: "This order has already been paid",
  alreadyCancelled: "This order is already cancelled",
  cancellationAlreadyRequested: "A cancellation has already been requested for this order",
  returnAlreadyRequested: "A return has already been requested for this order",
  returnNotOpen: "A return can be requested only for a delivered order, within 30 days of its delivery",
  returnPrintedOnly: "Shirts printed with a name and number are taken back only when faulty or not what you ordered",
  noLongerCancellable: "This order can no longer be cancelled",
  noLongerConfirmable: "This order can no longer be confirmed",
  noLongerChangeable: "This order can no longer be changed",
  noLongerPayable: "This order can no longer be paid",
  notCashOnDelivery: "This order is not a cash-on-delivery order",
  paidByCash: "This order is paid by cash on delivery",
  confirmTimeUp: "The time to confirm this order has run out. Please place a new order.",
  payTimeUp: "The time to pay for this order has run out. Please place a new order.",
  alreadyInWishlist: "Product already in wishlist!",
  productUnavailable: "This product is no longer available",
  idempotencyKey: "Idempotency-Key must be 8 to 100 letters, digits, dots, colons, dashes or underscores",
} as const;

/**
 * Refusals and notices that name a product, a size, a status or a limit, filled with fillMessage (messages.ts). `{n}`
 * and `{max}` are numbers (Devanagari digits in Nepali); `{field}` a field of the API; anything else is kept as it is.
 */
export const ORDER_TEMPLATE = {
  perItemMax: "quantity must be at most {max} per item",
  linesMax: "At most {max} different items per order",
  wishlistFull: "Your wishlist is full: it holds at most {max} products. Remove one to add another.",
  unitsMax: "At most {max} items per order",
  itemMax: "At most {max} of {product} (size {size}) per order",
  noLongerAvailable: "{product} is no longer available",
  sizeUnavailable: "Size {size} is not available for {product}",
  colourUnavailable: "Colour {colour} is not available for {product}",
  soldOut: "{product} (size {size}) is sold out",
  onlyLeft: "Only {n} left of {product} (size {size})",
  // the cart check's notices (POST /api/cart/validate); {was} and {now} are amounts as formatNPR writes them
  onlyLeftInSize: "Only {n} left in size {size}",
  oneItemMax: "At most {max} of one item per order",
  priceDropped: "Price dropped from {was} to {now}",
  priceChanged: "Price changed from {was} to {now}",
  openOrdersOne: "You already have {max} unpaid order waiting. Please pay for or cancel one before placing another.",
  openOrdersMany: "You already have {max} unpaid orders waiting. Please pay for or cancel one before placing another.",
  notConfirmable: "A {status} order cannot be confirmed",
  paymentTransition: "A {from} payment cannot become {to}",
  unprintedOne: "This order cannot ship yet: a personalised line is not printed: {list}. Mark it printed in the print queue first.",
  unprintedMany: "This order cannot ship yet: {n} personalised lines are not printed: {list}. Mark them printed in the print queue first.",
  walletStartFailed: "{wallet} could not start this payment: {reason}",
  districtProvince: "{district} is in {province} Province, not {given}",
  // Notes the shop writes into an order's history (the order page's timeline). The one with the transaction comes
  // first: read back from a note, the shorter one would take the transaction into {wallet}.
  paidWithTransaction: "Paid with {wallet} (transaction {transaction})",
  paidWith: "Paid with {wallet}",
  codNotConfirmed: "Cash on delivery was not confirmed within {n} minutes; order cancelled and stock released",
  cancellationApproved: "Cancellation approved; {amount} refunded by {method} (reference {reference})",
  cancelledByShop: "Cancelled by the shop; {amount} refunded by {method} (reference {reference})",
  cancellationDeclined: "Cancellation request declined: {note}",
  returnDeclined: "Return request declined: {note}",
  // A return's entry sits under RETURNED (and "Returned to the shop on …" on the order page): it says only the money.
  returnedRefunded: "{amount} refunded by {method} (reference {reference})",
  returnedUnpaid: "Nothing was paid",
} as const;

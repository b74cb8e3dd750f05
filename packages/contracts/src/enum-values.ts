// The enumerations as plain values (no Zod): the browser bundle imports these without the schema library.
export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

export const ACTIVE_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

export const CATEGORY_TYPES = ["PRODUCT", "BLOG"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const BLOG_STATUSES = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const ORDER_STATUSES = [
  "PENDING",
  "PROCESSING",
  "SHIPPED",
  "OUT_FOR_DELIVERY",
  "DELIVERED",
  "CANCELLED",
  // The parcel came back: refused or undeliverable (returned to sender), or sent back by the customer after delivery.
  "RETURNED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ["PENDING", "PAID", "FAILED", "REFUNDED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ["COD", "KHALTI", "ESEWA"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How money went back to a customer (docs/decisions/078). */
export const REFUND_METHODS = ["KHALTI", "ESEWA", "CASH", "BANK_TRANSFER"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Why a customer sends a delivered order back (docs/decisions/190): the cases the returns page names. */
export const RETURN_REASONS = ["SIZE", "FAULTY", "WRONG_ITEM", "CHANGED_MIND"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

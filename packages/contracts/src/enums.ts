// Zod schemas of the enumerations; the values and types are in enum-values.ts.
import { z } from "zod";
import { ROLES, ACTIVE_STATUSES, CATEGORY_TYPES, BLOG_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_METHODS, REFUND_METHODS, RETURN_REASONS } from "./enum-values.js";

export const RoleSchema = z.enum(ROLES);
export const ActiveStatusSchema = z.enum(ACTIVE_STATUSES);
export const CategoryTypeSchema = z.enum(CATEGORY_TYPES);
export const BlogStatusSchema = z.enum(BLOG_STATUSES);
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export const RefundMethodSchema = z.enum(REFUND_METHODS);
export const ReturnReasonSchema = z.enum(RETURN_REASONS);

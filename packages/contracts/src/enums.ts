import { z } from "zod";

export const ROLES = ["USER", "ADMIN"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ACTIVE_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export const ActiveStatusSchema = z.enum(ACTIVE_STATUSES);
export type ActiveStatus = z.infer<typeof ActiveStatusSchema>;

export const CATEGORY_TYPES = ["PRODUCT", "BLOG"] as const;
export const CategoryTypeSchema = z.enum(CATEGORY_TYPES);
export type CategoryType = z.infer<typeof CategoryTypeSchema>;

export const BLOG_STATUSES = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;
export const BlogStatusSchema = z.enum(BLOG_STATUSES);
export type BlogStatus = z.infer<typeof BlogStatusSchema>;

export const ORDER_STATUSES = [
  "PENDING",
  "PROCESSING",
  "SHIPPED",
  "OUT_FOR_DELIVERY",
  "DELIVERED",
  "CANCELLED",
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PAYMENT_STATUSES = ["PENDING", "PAID", "FAILED", "REFUNDED"] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PAYMENT_METHODS = ["COD", "KHALTI", "ESEWA"] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

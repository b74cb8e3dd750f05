import { z } from "zod";
import { PersonalisationSchema } from "./personalisation.js";
import { PaginationSchema } from "./api.js";
import { OrderStatusSchema, PaymentMethodSchema, PaymentStatusSchema, RefundMethodSchema, ReturnReasonSchema } from "./enums.js";

// What the admin order routes answer (GET /api/admin/orders, /api/admin/orders/{id} and every order change). Amounts in paisa.

export const AdminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** null when the customer's account is gone. */
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  totalAmount: z.number().int(),
  subtotal: z.number().int(),
  shippingCost: z.number().int(),
  discountAmount: z.number().int(),
  status: OrderStatusSchema,
  paymentMethod: PaymentMethodSchema,
  paymentStatus: PaymentStatusSchema,
  /** The latest attempt's provider transaction id or reference. */
  paymentId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  courier: z.string().nullable(),
  /** The state machine's next statuses the administrator may choose (a paid order is cancelled by its refund). */
  nextStatuses: z.array(OrderStatusSchema),
  canCollectCash: z.boolean(),
  canDelete: z.boolean(),
  canRefund: z.boolean(),
  /** The parcel left the shop: its return may be recorded (docs/decisions/185). */
  canRecordReturn: z.boolean(),
  cancellationRequestedAt: z.string().nullable(),
  /** The customer asked to send the delivered order back (docs/decisions/190); Record return or Decline answers it. */
  returnRequestedAt: z.string().nullable(),
  canDeclineReturn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderDetailSchema = AdminOrderSummarySchema.extend({
  cancellationReason: z.string().nullable(),
  returnReason: ReturnReasonSchema.nullable(),
  returnDetails: z.string().nullable(),
  refund: z
    .object({ amount: z.number().int(), method: RefundMethodSchema, reference: z.string(), note: z.string().nullable(), by: z.string().nullable(), refundedAt: z.string() })
    .nullable(),
  /** null when the stored address cannot be read ("Error displaying shipping address"). */
  shippingAddress: z.record(z.string(), z.string()).nullable(),
  notes: z.string().nullable(),
  paidAt: z.string().nullable(),
  cashCollectedAt: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      productSlug: z.string(),
      imageUrl: z.string().nullable(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      personalisation: PersonalisationSchema.nullable(),
      printFee: z.number().int(),
      printedAt: z.string().nullable(),
      lineTotal: z.number().int(),
    }),
  ),
  statusHistory: z.array(z.object({ status: z.string(), note: z.string().nullable(), by: z.string().nullable(), createdAt: z.string() })),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

/** `pagination.total`: the orders the filters match; `overallTotal`: every order ("Showing X of Y", docs/product-rules.md §14). */
/** Orders waiting for the shop's answer to a return or cancellation request, the longest waiting first (docs/decisions/190). */
export const AdminWaitingOrdersSchema = z.object({ orders: z.array(AdminOrderSummarySchema), more: z.boolean().describe("more are waiting than listed") });

export const AdminOrderListSchema = z.object({ orders: z.array(AdminOrderSummarySchema), pagination: PaginationSchema, overallTotal: z.number().int() });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

/** The answer of GET /api/admin/orders/{id} and of every order change. */
export const AdminOrderResultSchema = z.object({ order: AdminOrderDetailSchema });

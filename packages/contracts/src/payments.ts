import { z } from "zod";
import { PAYMENT_FAILURE_REASONS } from "./payment-rules.js";
import { PlaceOrderInputSchema } from "./orders.js";

/**
 * Wallet payment calls (docs/product-rules.md §2, §6, §8). Any `amount`, `productName` or
 * `logo` a client sends is accepted and ignored: the amount is always the stored order total.
 */


/** POST /api/payments/{khalti|esewa}/initiate-with-order: the checkout's order data; the server creates the order. */
export const WalletCheckoutInputSchema = z.object({
  orderData: PlaceOrderInputSchema.omit({ paymentMethod: true }),
  /** Ignored (docs/product-rules.md §2): the server takes the amount from the order it stores. */
  amount: z.unknown().optional(),
  productName: z.unknown().optional(),
  logo: z.unknown().optional(),
});
export type WalletCheckoutInput = z.input<typeof WalletCheckoutInputSchema>;

const ref = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(200, `${name} is too long`);

/** POST /api/payments/{khalti|esewa}/initiate and khalti/initiate-v2: an existing unpaid order of the caller. */
export const WalletRetryInputSchema = z.object({
  orderId: ref("orderId"),
  amount: z.unknown().optional(),
  productName: z.unknown().optional(),
});

export const KhaltiVerifyInputSchema = z.object({ pidx: ref("pidx"), orderId: ref("orderId").optional() });

/** eSewa verify: the success redirect's `data` (Base64, kept raw), or just the attempt's transaction_uuid. */
export const EsewaVerifyInputSchema = z
  .object({
    data: z.string().trim().max(4000, "data is too long").optional(),
    transaction_uuid: ref("transaction_uuid").optional(),
    total_amount: z.unknown().optional(),
    product_code: z.unknown().optional(),
  })
  .refine((v) => Boolean(v.data) || Boolean(v.transaction_uuid), { message: "No payment data received from eSewa", path: ["data"] });

export const KhaltiStartSchema = z.object({
  payment_url: z.string(),
  pidx: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  expires_at: z.string(),
});
export type KhaltiStart = z.infer<typeof KhaltiStartSchema>;

export const EsewaStartSchema = z.object({
  payment_url: z.string(),
  esewaParams: z.record(z.string(), z.string()),
  paymentId: z.string(),
  orderId: z.string(),
});
export type EsewaStart = z.infer<typeof EsewaStartSchema>;


/** What the server concluded after asking the provider. */
export const PaymentOutcomeSchema = z.object({
  status: z.enum(["PAID", "FAILED", "PENDING"]),
  provider: z.enum(["KHALTI", "ESEWA"]),
  /** The provider's own word, e.g. "Completed", "User canceled", "COMPLETE", "CANCELED". */
  providerStatus: z.string().nullable(),
  reason: z.enum(PAYMENT_FAILURE_REASONS).nullable(),
  message: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  transactionId: z.string().nullable(),
});
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;

/** GET /api/payments/esewa/status/:paymentId */
export const EsewaStatusSchema = PaymentOutcomeSchema.extend({ esewaStatus: z.string().nullable() });

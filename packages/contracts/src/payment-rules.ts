// Payment texts and constants as plain values (no Zod), shared by the server and the browser bundle.

/** The messages a shopper sees when a wallet does not answer: the order is kept and stays payable. */
export const WALLET_UNAVAILABLE = {
  KHALTI: "Khalti is not responding right now. Your order is saved; please try again in a few minutes.",
  ESEWA: "eSewa is not responding right now. Your order is saved; please try again in a few minutes.",
} as const;

export const WALLET_LABEL = { KHALTI: "Khalti", ESEWA: "eSewa" } as const;
export type WalletProvider = keyof typeof WALLET_LABEL;
/** The wallets, named as the server, the contracts and the web app name them everywhere. */
export const WALLET_PROVIDERS = ["KHALTI", "ESEWA"] as const satisfies readonly WalletProvider[];

/** The lower-case spelling a wallet has in page addresses only (`?method=khalti`, `reason=khalti_unavailable`). */
export function walletSlug(provider: WalletProvider): "khalti" | "esewa" {
  return provider === "KHALTI" ? "khalti" : "esewa";
}

/** A wallet named in a page address (any case), or null. */
export function walletFromSlug(value: string | null | undefined): WalletProvider | null {
  const upper = value?.toUpperCase();
  return WALLET_PROVIDERS.find((p) => p === upper) ?? null;
}

/** Texts of the payment screens (docs/product-rules.md §8). */
export const PAYMENT_MSG = {
  verified: "Payment verified successfully",
  missingReference: "Missing payment reference.",
  verificationFailed: "Payment verification failed",
  orderIdNotFound: "Order ID not found",
  noEsewaData: "No payment data received from eSewa",
  noKhaltiId: "No payment identifier received from Khalti",
  paymentNotFound: "Payment record not found",
  esewaInitFailed: "Failed to initialize eSewa payment",
  khaltiInitFailed: "Failed to initiate Khalti payment",
  statusCheckFailed: "Failed to check payment status",
  redirectingKhalti: "Redirecting to Khalti Payment...",
  stillPending: "Payment is still pending",
  providerStatus: "Payment status",
  khaltiOff: "Khalti payment is not available in this shop. Please choose another method.",
  esewaOff: "eSewa payment is not available in this shop. Please choose another method.",
} as const;

export const PAYMENT_FAILURE_REASONS = ["canceled", "expired", "amount_mismatch", "refunded", "not_found", "order_closed", "failed"] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** What a shopper reads for each failure reason, on the server's answer and on the payment screens. */
export const PAYMENT_FAILURE_TEXT: Record<PaymentFailureReason, string> = {
  canceled: "Payment was canceled by user",
  expired: "Payment session expired",
  amount_mismatch: "Payment verification failed: the amount paid does not match the order",
  refunded: "This payment was refunded",
  not_found: "Payment record not found",
  order_closed: "Your payment arrived after the order was closed. We will refund it; please contact support.",
  failed: "Payment processing failed",
};

import { PAYMENT_FAILURE_TEXT, WALLET_UNAVAILABLE } from "@khelkud/contracts";

/**
 * Failure texts of the payment screens (docs/product-rules.md §8). Our own reason codes map to our texts. A wallet's own words in
 * `reason` ("Insufficient balance") come first on the wallet failure pages, but a URL is typed by whoever made the
 * link, so only short plain words are shown: no digits, links, e-mail addresses or markup (docs/decisions/065).
 */
export const REASON_TEXT: Record<string, string> = {
  payment_failed: "Your payment could not be processed. Please try again.",
  ...PAYMENT_FAILURE_TEXT,
  cancelled: PAYMENT_FAILURE_TEXT.canceled,
  verification_failed: "Payment verification failed",
  missing_reference: "Missing payment reference.",
  khalti_unavailable: WALLET_UNAVAILABLE.KHALTI,
  esewa_unavailable: WALLET_UNAVAILABLE.ESEWA,
};

/** Wallet status words → text (wallet A page; wallet B accepts "canceled" and "cancelled"). */
export function statusText(status: string): string {
  const s = status.trim().toLowerCase();
  if (s === "user canceled" || s === "canceled" || s === "cancelled") return "Payment was canceled by user";
  if (s === "expired" || s === "not_found") return "Payment session expired";
  if (s === "failed") return "Payment processing failed";
  if (s === "pending") return "Payment is still pending";
  return `Payment failed with status: ${status}`;
}

export interface FailureInputs {
  reason?: string | null;
  /** The error carried in navigation state. */
  stateError?: string | null;
  error?: string | null;
  status?: string | null;
}

/** Our text for one of our reason codes; never a property every object has ("__proto__", "constructor"). */
function knownReason(reason: string | null | undefined): string | null {
  return reason && Object.hasOwn(REASON_TEXT, reason) ? REASON_TEXT[reason]! : null;
}

/** Letters, spaces and . , ' ( ) - only, 2–80 characters: a phone number, link or e-mail address cannot pass. */
const PLAIN_REASON = /^[A-Za-z][A-Za-z ,.'()-]{1,79}$/;

/** A wallet's free-text reason as it may be shown, or null. */
export function freeTextReason(reason: string | null | undefined): string | null {
  const r = reason?.trim().replace(/\s+/g, " ");
  return r && PLAIN_REASON.test(r) ? r : null;
}

/** Wallet failure pages: reason, then navigation-state error, then error code, then status, then the default. */
export function walletFailureMessage({ reason, stateError, error, status }: FailureInputs, withErrorQuery = true): string {
  const fromReason = knownReason(reason) ?? freeTextReason(reason);
  if (fromReason) return fromReason;
  if (stateError) return stateError;
  if (withErrorQuery && error) {
    if (error === "payment_not_found") return "Payment record not found";
    if (error === "callback_error") return "Payment processing error occurred";
    return `Payment error: ${error.slice(0, 60)}`;
  }
  if (status) return statusText(status.slice(0, 40));
  return "Payment was not completed";
}

/** The generic /payment/failed page. */
export function genericFailureMessage({ reason, error, status }: FailureInputs): string {
  if (reason === "payment_failed") return REASON_TEXT.payment_failed!;
  if (error === "payment_not_found") return "Payment record not found. Please contact support.";
  if (error === "callback_error") return "There was an error processing your payment. Please try again.";
  const known = knownReason(reason);
  if (known) return known;
  if (status) return statusText(status.slice(0, 40));
  return "Payment failed. Please try again or contact support.";
}

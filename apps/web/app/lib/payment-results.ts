import { walletSlug, type PaymentOutcome, type WalletProvider } from "@khelkud/contracts";

/** Redirect delays of the payment screens (docs/product-rules.md §8). */
export const RESULT_REDIRECT_MS = 3000;

/** Where a verified outcome sends the shopper: the order confirmation, or the failure page with our reason. */
export function outcomeUrl(outcome: PaymentOutcome): string {
  const wallet = walletSlug(outcome.provider);
  if (outcome.status === "PAID") {
    const q = new URLSearchParams({ orderId: outcome.orderId, paymentMethod: wallet });
    if (outcome.transactionId) q.set("transactionId", outcome.transactionId);
    return `/order-success?${q}`;
  }
  const q = new URLSearchParams({ orderId: outcome.orderId, method: wallet });
  if (outcome.reason) q.set("reason", outcome.reason);
  if (outcome.providerStatus) q.set("status", outcome.providerStatus);
  return `/payment/failed?${q}`;
}

/** A service error in a loader (AppError has a `kind`; the web app imports no server code). */
export function errorKind(error: unknown): string | undefined {
  return typeof error === "object" && error !== null ? (error as { kind?: string }).kind : undefined;
}

export function errorMessage(error: unknown, fallback: string): string {
  // Only the service's own errors (they carry a kind) have texts meant for shoppers.
  return error instanceof Error && errorKind(error) ? error.message : fallback;
}

/** The failure page for a verification that could not happen. */
export function failureUrlFor(error: unknown, wallet: WalletProvider): string {
  const kind = errorKind(error);
  if (kind === "not_found") return "/payment/failed?error=payment_not_found";
  if (kind === "unavailable") return `/payment/failed?reason=${walletSlug(wallet)}_unavailable`;
  if (kind === "invalid") return "/payment/failed?reason=verification_failed";
  return "/payment/failed?error=callback_error";
}

/** eSewa's `data` exactly as sent: URLSearchParams would turn `+` of the Base64 into spaces. */
export function rawQueryValue(url: string, name: string): string | null {
  const search = url.includes("?") ? url.slice(url.indexOf("?") + 1).split("#")[0]! : "";
  for (const part of search.split("&")) {
    const eq = part.indexOf("=");
    if ((eq === -1 ? part : part.slice(0, eq)) !== name) continue;
    try {
      return decodeURIComponent(eq === -1 ? "" : part.slice(eq + 1));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Browser side of wallet payments (docs/product-rules.md §5, §6). The server creates the order and starts the
 * payment; the browser only follows the `payment_url` / form fields it gets back. The cart is left
 * alone until the server says the order is paid: a shopper who cancels at the wallet comes back to it.
 */
import type { EsewaStart, KhaltiStart, Order, WalletProvider } from "@khelkud/contracts";
import { cartStore } from "./cart-store";
import { clearBuyNowLine } from "./buy-now";
import { api } from "./api";

export type WalletTarget = { provider: "KHALTI"; url: string } | { provider: "ESEWA"; url: string; fields: Record<string, string> };

const PENDING_KEY = "pendingPayment";
const LAST_ORDER_KEY = "lastOrderId";

interface PendingPayment {
  orderId: string;
  /** Where the order's lines came from: the cart, a Buy Now line, or an existing order (Pay Now). */
  source: "cart" | "buyNow" | "order";
}

/** Kept in sessionStorage (docs/product-rules.md §5: the pending order during wallet payments). */
export function rememberPendingPayment(orderId: string, source: PendingPayment["source"]): void {
  try {
    const existing = readPending();
    // A retry of the same order keeps where its lines came from.
    const keep = existing?.orderId === orderId && source === "order" ? existing.source : source;
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ orderId, source: keep } satisfies PendingPayment));
    window.sessionStorage.setItem(LAST_ORDER_KEY, orderId);
  } catch {
    // Private mode without storage: the cart simply stays until the shopper clears it.
  }
}

function readPending(): PendingPayment | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    const v = raw ? (JSON.parse(raw) as PendingPayment) : null;
    return v && typeof v.orderId === "string" ? v : null;
  } catch {
    return null;
  }
}

/**
 * Called on a page that has the server's word that `order` is confirmed (paid, or cash on delivery):
 * removes the order's lines from the cart (or the Buy Now line) exactly once.
 */
export function settleConfirmedOrder(order: Pick<Order, "id" | "items">): void {
  const pending = readPending();
  if (!pending || pending.orderId !== order.id) return;
  if (pending.source === "cart") {
    const bought = new Set(order.items.map((i) => `${i.productId}\u0000${i.size}`));
    cartStore.set(cartStore.get().filter((line) => !bought.has(`${line.productId}\u0000${line.size}`)));
  } else if (pending.source === "buyNow") {
    clearBuyNowLine();
  }
  window.sessionStorage.removeItem(PENDING_KEY);
}

export function khaltiTarget(start: KhaltiStart): WalletTarget {
  return { provider: "KHALTI", url: start.payment_url };
}

export function esewaTarget(start: EsewaStart): WalletTarget {
  return { provider: "ESEWA", url: start.payment_url, fields: start.esewaParams };
}

/** Pay Now / payment selection: a new attempt for an existing unpaid order. */
export async function startPaymentForOrder(method: WalletProvider, orderId: string, khaltiEndpoint = "/api/payments/khalti/initiate"): Promise<WalletTarget> {
  rememberPendingPayment(orderId, "order");
  if (method === "KHALTI") return khaltiTarget(await api<KhaltiStart>(khaltiEndpoint, { body: { orderId } }));
  return esewaTarget(await api<EsewaStart>("/api/payments/esewa/initiate", { body: { orderId } }));
}

import { useEffect, useState } from "react";
import type { CartCheckResult } from "@khelkud/contracts";
import { printInput, type CartItem } from "./cart-store";
import { api } from "./api";

export interface CartCheckState {
  result: CartCheckResult | null;
  loading: boolean;
  error: string | null;
}

/**
 * Asks the server about the lines in the browser (current prices, stock, shipping for the district).
 * Re-asks when the lines or the district change, a moment after the last change. `initial` is the answer the page's
 * loader already had (checkout's server-side cart), shown until the browser's own arrives.
 */
export function useCartCheck(items: CartItem[] | null, district?: string, initial: CartCheckResult | null = null): CartCheckState {
  const [state, setState] = useState<CartCheckState>({ result: initial, loading: initial === null, error: null });
  const signature = items ? JSON.stringify(items.map((i) => [i.productId, i.size, i.color, i.quantity, i.price, i.print ?? null])) : null;

  useEffect(() => {
    if (signature === null || !items) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      api<CartCheckResult>("/api/cart/validate", {
        body: { items: items.map((i) => ({ productId: i.productId, size: i.size, color: i.color, quantity: i.quantity, price: i.price, personalisation: printInput(i.print) })), district: district || undefined },
        signal: controller.signal,
      })
        .then((result) => setState({ result, loading: false, error: null }))
        .catch((error: Error) => {
          if (error.name !== "AbortError") setState((s) => ({ ...s, loading: false, error: error.message }));
        });
    }, 250);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
    // `signature` stands for `items`: re-ask only when what the server is asked about changes.
  }, [signature, district]);

  return state;
}

/** Buy Now: one line checked out without touching the cart (docs/product-rules.md §5). */
import { toast } from "./toast";
import { MSG, type Buyable } from "@khelkud/contracts";
import { cartLine, sizeStock, type AddOptions, type CartItem } from "./cart-store";

const BUY_NOW_KEY = "buyNow";

/**
 * Buy Now checks out one line without touching the cart (docs/product-rules.md §5): the line waits in sessionStorage
 * and the caller navigates to the returned URL. Returns null (with the spec's toast) when the line is not valid.
 */
export function buyNow(product: Buyable, { size, color, quantity = 1, print, printFee }: Omit<AddOptions, "silent"> = {}): string | null {
  if (product.sizes.length > 0 && !size) {
    toast.error(MSG.selectSize);
    return null;
  }
  const stock = sizeStock(product, size);
  if (stock <= 0) {
    toast.error(MSG.outOfStock);
    return null;
  }
  const line = cartLine(product, { size, color, print, printFee }, Math.min(quantity, stock), stock);

  window.sessionStorage.setItem(BUY_NOW_KEY, JSON.stringify(line));
  return "/checkout?buyNow=1";
}

export function readBuyNowLine(): CartItem | null {
  try {
    const raw = window.sessionStorage.getItem(BUY_NOW_KEY);
    return raw ? (JSON.parse(raw) as CartItem) : null;
  } catch {
    // Unreadable: behave as if there were no Buy Now line.
    return null;
  }
}

export function clearBuyNowLine(): void {
  window.sessionStorage.removeItem(BUY_NOW_KEY);
}

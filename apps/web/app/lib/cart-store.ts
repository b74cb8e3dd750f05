/**
 * The cart (docs/product-rules.md §5): lines kept in this browser's storage, merged by product + size + colour and never
 * above the size's stock. Product cards, the product page, the cart page, the side panel and checkout use these
 * functions. Prices here are for display only: the server recomputes every amount at checkout.
 */
import { toast } from "./toast";
import { localDigits, localText, type Buyable, type Locale } from "@khelkud/contracts";
import { browserLocale, tBrowser } from "./i18n";
import { createLocalStore, useLocalStore } from "./local-store";
import { CART_COOKIE, cartCookieAttributes, cookieValueFor } from "./cart-cookie";
import { englishName } from "./local-text";

export interface CartItem {
  key: string;
  productId: string;
  /** The product's English name. */
  name: string;
  /**
   * Its Nepali name, where the admin wrote one (docs/decisions/117). Lines kept before the cart held it have none and
   * show the name they were added under until the cart page's check names them again.
   */
  nameNe?: string | null;
  slug: string;
  image: string | null;
  /** paisa: the price at the time it was added (display only). */
  price: number;
  originalPrice: number;
  quantity: number;
  /** Stock of the chosen size when it was added. */
  stock: number;
  size: string;
  color: string;
  /** Name and number to print (docs/decisions/100), as the shopper chose them; the server checks and prices them again. */
  print?: CartPrint | null;
  /** paisa per item, display only. */
  printFee?: number;
}

export interface CartPrint {
  name: string;
  number: number;
  playerId?: string | null;
}

/** What the API is sent for a line's print (a listed player by id, else the name and number). */
export const printInput = (p: CartPrint | null | undefined) => (p ? (p.playerId ? { playerId: p.playerId } : { name: p.name, number: p.number }) : undefined);

export const asArray = <T>(raw: unknown, ok: (x: Record<string, unknown>) => boolean): T[] =>
  Array.isArray(raw) ? (raw.filter((x) => x && typeof x === "object" && ok(x as Record<string, unknown>)) as T[]) : [];

export const cartStore = createLocalStore<CartItem[]>("cart", [], (raw) =>
  asArray<CartItem>(raw, (x) => typeof x.key === "string" && typeof x.productId === "string" && Number.isInteger(x.quantity) && (x.quantity as number) > 0),
);
// The cart as this browser's storage holds it is copied into its cookie, which checkout's server side reads — once when
// the scripts start and on every change (docs/decisions/104).
if (typeof document !== "undefined") {
  const mirror = () => {
    const value = cookieValueFor(cartStore.get());
    document.cookie = `${CART_COOKIE}=${value}; ${cartCookieAttributes(window.location.protocol === "https:", value === "")}`;
  };
  cartStore.subscribe(mirror);
  mirror();
}

export const lineKey = (productId: string, size = "default", color = "default", print?: CartPrint | null) =>
  `${productId}-${size}-${color}${print ? `-${print.playerId ?? `${print.name}#${print.number}`}` : ""}`;

/** Stock of the chosen size (or of the product without sizes). */
export function sizeStock(product: Buyable, size: string | undefined): number {
  if (!size) return product.stock;
  return product.sizes.find((s) => s.size === size)?.stock ?? 0;
}

export interface AddOptions {
  size?: string;
  color?: string;
  quantity?: number;
  silent?: boolean;
  print?: CartPrint | null;
  printFee?: number;
}

/** The line of a product in one size and colour, with the shop's price at the moment it is added (the server re-prices it). */
export function cartLine(product: Buyable, { size, color, print, printFee }: Pick<AddOptions, "size" | "color" | "print" | "printFee">, quantity: number, stock: number): CartItem {
  return {
    key: lineKey(product.id, size, color, print),
    productId: product.id,
    name: englishName(product),
    nameNe: product.nameNe ?? null,
    slug: product.slug,
    image: product.images[0]?.url ?? null,
    price: product.finalPrice,
    originalPrice: product.price,
    quantity,
    stock,
    size: size ?? "default",
    color: color ?? "default",
    ...(print ? { print, printFee: printFee ?? 0 } : {}),
  };
}

/** Adds a line, merging with the same product + size + colour, never above that size's stock. */
export function addToCart(product: Buyable, { size, color, quantity = 1, silent = false, print, printFee }: AddOptions = {}): boolean {
  if (product.sizes.length > 0 && !size) {
    if (!silent) toast.error(tBrowser("messages.selectSize"));
    return false;
  }
  const stock = sizeStock(product, size);
  if (stock <= 0) {
    if (!silent) toast.error(tBrowser("messages.outOfStock"));
    return false;
  }
  const key = lineKey(product.id, size, color, print);
  const items = cartStore.get();
  const existing = items.find((i) => i.key === key);
  const wanted = (existing?.quantity ?? 0) + quantity;
  const next = Math.min(wanted, stock);
  const line = cartLine(product, { size, color, print, printFee }, next, stock);
  cartStore.set(existing ? items.map((i) => (i.key === key ? line : i)) : [...items, line]);
  if (!silent) {
    const n = localDigits(stock, browserLocale());
    if (wanted > stock) toast.warning(tBrowser("cart.onlyLeftInCart", { n }));
    else toast.success(size ? tBrowser("cart.addedSized", { quantity: localDigits(quantity, browserLocale()), name: product.name, size }) : tBrowser("cart.added", { name: product.name }));
  }
  return true;
}

/** Applied only when above 0 and not above the line's stock; otherwise ignored (docs/product-rules.md §5). */
export function updateQuantity(key: string, quantity: number): void {
  const items = cartStore.get();
  cartStore.set(items.map((i) => (i.key === key && quantity > 0 && quantity <= i.stock ? { ...i, quantity } : i)));
}

export function removeFromCart(key: string, silent = false): void {
  cartStore.set(cartStore.get().filter((i) => i.key !== key));
  if (!silent) toast.success(tBrowser("cart.removed"));
}

export function clearCart(silent = false): void {
  cartStore.set([]);
  if (!silent) toast.success(tBrowser("wishToast.cartCleared"));
}

export function cartTotals(items: CartItem[]) {
  return {
    totalItems: items.reduce((n, i) => n + i.quantity, 0),
    totalAmount: items.reduce((n, i) => n + (i.price + (i.printFee ?? 0)) * i.quantity, 0),
  };
}

export function useCart() {
  return useLocalStore(cartStore);
}

/** A line's name in the page's language: the Nepali name on a Nepali page where there is one, else the English one. */
export function cartLineName(item: Pick<CartItem, "name" | "nameNe">, locale: Locale): string {
  return localText(locale, item.name, item.nameNe);
}

/**
 * Replaces the quantity of a line with what the server says can be bought (cart page "what changed"), and its names
 * with the product's current ones when the check sends them.
 */
export function setLineFromCheck(key: string, quantity: number, price: number, stock: number, names?: { name: string; nameNe: string | null }): void {
  cartStore.set(cartStore.get().map((i) => (i.key === key ? { ...i, quantity, price, stock, ...names } : i)));
}

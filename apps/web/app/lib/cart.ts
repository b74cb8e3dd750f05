/**
 * The one client module for cart and wishlist actions (docs/product-rules.md §5). Product cards, the product page,
 * the cart page and the header all call these functions. Prices here are for display only: the server
 * recomputes every amount at checkout.
 */
import { toast } from "sonner";
import { useSyncExternalStore } from "react";
import { MSG, type Product, type ProductCardData, type WishlistEntry } from "@khelkud/contracts";
import { api } from "./api";
import { createLocalStore, useLocalStore } from "./local-store";

export interface CartItem {
  key: string;
  productId: string;
  name: string;
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
}

export interface WishlistItem {
  id: string;
  name: string;
  slug: string;
  price: number;
  originalPrice: number;
  image: string | null;
  brand: string;
  rating: number | null;
  reviewCount: number;
  stock: number;
  addedAt: string;
}

const asArray = <T>(raw: unknown, ok: (x: Record<string, unknown>) => boolean): T[] =>
  Array.isArray(raw) ? (raw.filter((x) => x && typeof x === "object" && ok(x as Record<string, unknown>)) as T[]) : [];

export const cartStore = createLocalStore<CartItem[]>("cart", [], (raw) =>
  asArray<CartItem>(raw, (x) => typeof x.key === "string" && typeof x.productId === "string" && Number.isInteger(x.quantity) && (x.quantity as number) > 0),
);
export const wishlistStore = createLocalStore<WishlistItem[]>("wishlist", [], (raw) => asArray<WishlistItem>(raw, (x) => typeof x.id === "string"));

export const lineKey = (productId: string, size = "default", color = "default") => `${productId}-${size}-${color}`;

function sizeStock(product: ProductCardData, size: string | undefined): number {
  if (!size) return product.stock;
  return product.sizes.find((s) => s.size === size)?.stock ?? 0;
}

export interface AddOptions {
  size?: string;
  color?: string;
  quantity?: number;
  silent?: boolean;
}

/** Adds a line, merging with the same product + size + colour, never above that size's stock. */
export function addToCart(product: ProductCardData, { size, color, quantity = 1, silent = false }: AddOptions = {}): boolean {
  if (product.sizes.length > 0 && !size) {
    if (!silent) toast.error(MSG.selectSize);
    return false;
  }
  const stock = sizeStock(product, size);
  if (stock <= 0) {
    if (!silent) toast.error(MSG.outOfStock);
    return false;
  }
  const key = lineKey(product.id, size, color);
  const items = cartStore.get();
  const existing = items.find((i) => i.key === key);
  const wanted = (existing?.quantity ?? 0) + quantity;
  const next = Math.min(wanted, stock);
  const line: CartItem = {
    key,
    productId: product.id,
    name: product.name,
    slug: product.slug,
    image: product.images[0]?.url ?? null,
    price: product.finalPrice,
    originalPrice: product.price,
    quantity: next,
    stock,
    size: size ?? "default",
    color: color ?? "default",
  };
  cartStore.set(existing ? items.map((i) => (i.key === key ? line : i)) : [...items, line]);
  if (!silent) {
    if (wanted > stock) toast.warning(`Only ${stock} left in this size; your cart has ${stock}.`);
    else toast.success(size ? `${quantity} x ${product.name} (${size}) added to cart!` : `${product.name} added to cart!`);
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
  if (!silent) toast.success("Item removed from cart.");
}

export function clearCart(silent = false): void {
  cartStore.set([]);
  if (!silent) toast.success("Cart cleared.");
}

export function cartTotals(items: CartItem[]) {
  return {
    totalItems: items.reduce((n, i) => n + i.quantity, 0),
    totalAmount: items.reduce((n, i) => n + i.price * i.quantity, 0),
  };
}

export function useCart() {
  return useLocalStore(cartStore);
}

/** Replaces the quantity of a line with what the server says can be bought (cart page "what changed"). */
export function setLineFromCheck(key: string, quantity: number, price: number, stock: number): void {
  cartStore.set(cartStore.get().map((i) => (i.key === key ? { ...i, quantity, price, stock } : i)));
}

// ---------------------------------------------------------------- cart side panel (docs/product-rules.md §5)

let panelOpen = false;
const panelListeners = new Set<() => void>();
function setPanel(open: boolean) {
  panelOpen = open;
  panelListeners.forEach((l) => l());
}
export const openCartPanel = () => setPanel(true);
export const closeCartPanel = () => setPanel(false);
export const toggleCartPanel = () => setPanel(!panelOpen);

export function useCartPanelOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      panelListeners.add(l);
      return () => panelListeners.delete(l);
    },
    () => panelOpen,
    () => false,
  );
}

// ---------------------------------------------------------------- wishlist

export function isInWishlist(productId: string): boolean {
  return wishlistStore.get().some((i) => i.id === productId);
}

/**
 * Whether one product is on the wishlist, as a boolean snapshot: a product card re-renders only when its own answer
 * changes. The server's answer is "no", so after hydration only the cards of wished products render again (a whole
 * list snapshot made all 50 catalogue cards render twice, in one blocking task: docs/decisions/072).
 */
export function useInWishlist(productId: string): boolean {
  return useSyncExternalStore(wishlistStore.subscribe, () => isInWishlist(productId), () => false);
}

export function addToWishlist(product: ProductCardData): boolean {
  if (isInWishlist(product.id)) {
    toast.error("Product already in wishlist!", { duration: 2000, position: "bottom-right" });
    return false;
  }
  const item: WishlistItem = {
    id: product.id,
    name: product.name,
    slug: product.slug,
    price: product.finalPrice,
    originalPrice: product.price,
    image: product.images[0]?.url ?? null,
    brand: product.brand,
    rating: product.rating,
    reviewCount: product.reviewCount,
    stock: product.stock,
    addedAt: new Date().toISOString(),
  };
  wishlistStore.set([...wishlistStore.get(), item]);
  toast.success(`${product.name} added to wishlist!`);
  if (serverWishlist) void api("/api/wishlist", { body: { productId: product.id } }).catch(logSyncFailure);
  return true;
}

export function removeFromWishlist(productId: string): void {
  const item = wishlistStore.get().find((i) => i.id === productId);
  wishlistStore.set(wishlistStore.get().filter((i) => i.id !== productId));
  if (item) toast.success(`${item.name} removed from wishlist!`);
  if (serverWishlist) void api(`/api/wishlist/${encodeURIComponent(productId)}`, { method: "DELETE" }).catch(logSyncFailure);
}

/** The card button toggles. */
export function toggleWishlist(product: ProductCardData): void {
  if (isInWishlist(product.id)) removeFromWishlist(product.id);
  else addToWishlist(product);
}

export function clearWishlist(): void {
  wishlistStore.set([]);
  toast.success("Wishlist cleared!");
  if (serverWishlist) void api("/api/wishlist", { method: "DELETE" }).catch(logSyncFailure);
}

// Signed-in customers keep their wishlist on the server too, so every device shows the same list.
let serverWishlist = false;

function logSyncFailure(error: unknown) {
  // The local list stays right for this device; the next sign-in merge repairs the server copy.
  console.warn("Wishlist sync failed", error);
}

const fromServer = (e: WishlistEntry): WishlistItem => ({ ...e });

/**
 * After sign-in (or on load when signed in): sends the ids kept in this browser, takes the merged
 * list from the server as the truth, and keeps later changes in step.
 */
export async function syncWishlistWithServer(): Promise<void> {
  const ids = wishlistStore.get().map((i) => i.id);
  const { items } = await api<{ items: WishlistEntry[] }>("/api/wishlist/merge", { body: { productIds: ids } });
  serverWishlist = true;
  wishlistStore.set(items.map(fromServer));
}

/** Signed out: stop writing to the server (the local list stays on this device). */
export function stopWishlistSync(): void {
  serverWishlist = false;
}

/**
 * Moves a wishlist item to the cart with quantity 1 (docs/product-rules.md §5). The product is read fresh; nothing moves when it
 * is sold out. A product with sizes is never given one by the shop: `chooseSize` gets the product, the shopper picks
 * a size (quick view), and `completeWishlistMove` finishes the move once that size is in the cart.
 */
export async function moveWishlistItemToCart(item: WishlistItem, chooseSize: (product: Product) => void): Promise<boolean> {
  let product: Product;
  try {
    ({ product } = await api<{ product: Product }>(`/api/products/${encodeURIComponent(item.id)}`));
  } catch {
    toast.error(MSG.failedProduct);
    return false;
  }
  if (product.stock <= 0 || (product.sizes.length > 0 && !product.sizes.some((s) => s.stock > 0))) {
    toast.error(MSG.outOfStock);
    return false;
  }
  if (product.sizes.length > 0) {
    chooseSize(product);
    return false;
  }
  if (!addToCart(product, { quantity: 1, silent: true })) return false;
  completeWishlistMove(product);
  return true;
}

/** Takes a product off the wishlist once it is in the cart ("… moved to cart!"; silent when the cart already said so). */
export function completeWishlistMove(product: { id: string; name: string }, { silent = false } = {}): void {
  wishlistStore.set(wishlistStore.get().filter((i) => i.id !== product.id));
  if (serverWishlist) void api(`/api/wishlist/${encodeURIComponent(product.id)}`, { method: "DELETE" }).catch(logSyncFailure);
  if (!silent) toast.success(`${product.name} moved to cart!`);
}

export function useWishlist() {
  return useLocalStore(wishlistStore);
}

// ---------------------------------------------------------------- buy now

const BUY_NOW_KEY = "buyNow";

/**
 * Buy Now checks out one line without touching the cart (docs/product-rules.md §5): the line waits in sessionStorage
 * and the caller navigates to the returned URL. Returns null (with the spec's toast) when the line is not valid.
 */
export function buyNow(product: ProductCardData, { size, color, quantity = 1 }: Omit<AddOptions, "silent"> = {}): string | null {
  if (product.sizes.length > 0 && !size) {
    toast.error(MSG.selectSize);
    return null;
  }
  const stock = sizeStock(product, size);
  if (stock <= 0) {
    toast.error(MSG.outOfStock);
    return null;
  }
  const line: CartItem = {
    key: lineKey(product.id, size, color),
    productId: product.id,
    name: product.name,
    slug: product.slug,
    image: product.images[0]?.url ?? null,
    price: product.finalPrice,
    originalPrice: product.price,
    quantity: Math.min(quantity, stock),
    stock,
    size: size ?? "default",
    color: color ?? "default",
  };
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

/**
 * The wishlist (docs/product-rules.md §5): kept in this browser, and for a signed-in customer on the server too, so every
 * device shows the same list; moving an item to the cart.
 */
import { toast } from "./toast";
import { useSyncExternalStore } from "react";
import { fillMessage, localText, MAX_WISHLIST_ITEMS, MSG, ORDER_TEMPLATE, type Locale, type Product, type ProductCardData, type WishlistEntry } from "@khelkud/contracts";
import { api } from "./api";
import { browserLocale, localizeMessage, tBrowser } from "./i18n";
import { createLocalStore, useLocalStore } from "./local-store";
import { addToCart, asArray } from "./cart-store";
import { englishName } from "./local-text";

export interface WishlistItem {
  id: string;
  /** The product's English name. */
  name: string;
  /**
   * Its Nepali name, where the admin wrote one (docs/decisions/179). Items kept in this browser before the wishlist
   * held it have none and show the name they were added under until the server's list or a new add names them again.
   */
  nameNe?: string | null;
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

export const wishlistStore = createLocalStore<WishlistItem[]>("wishlist", [], (raw) => asArray<WishlistItem>(raw, (x) => typeof x.id === "string"));

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

/** The server's refusal of one more product, in the page's language (docs/decisions/158). */
const wishlistFull = () => toast.error(localizeMessage(fillMessage(ORDER_TEMPLATE.wishlistFull, { max: MAX_WISHLIST_ITEMS }), browserLocale()));

export function addToWishlist(product: ProductCardData): boolean {
  if (isInWishlist(product.id)) {
    toast.error(tBrowser("wishToast.already"), { duration: 2000, position: "bottom-right" });
    return false;
  }
  // The limit the server keeps, kept here too, so a guest's list never grows past what sign-in can merge.
  if (wishlistStore.get().length >= MAX_WISHLIST_ITEMS) {
    wishlistFull();
    return false;
  }
  const item: WishlistItem = {
    id: product.id,
    name: englishName(product),
    nameNe: product.nameNe ?? null,
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
  toast.success(tBrowser("wishToast.added", { name: product.name }));
  if (serverWishlist) void api("/api/wishlist", { body: { productId: product.id } }).catch(logSyncFailure);
  return true;
}

export function removeFromWishlist(productId: string): void {
  const item = wishlistStore.get().find((i) => i.id === productId);
  wishlistStore.set(wishlistStore.get().filter((i) => i.id !== productId));
  if (item) toast.success(tBrowser("wishToast.removed", { name: wishlistItemName(item, browserLocale()) }));
  if (serverWishlist) void api(`/api/wishlist/${encodeURIComponent(productId)}`, { method: "DELETE" }).catch(logSyncFailure);
}

/** The card button toggles. */
export function toggleWishlist(product: ProductCardData): void {
  if (isInWishlist(product.id)) removeFromWishlist(product.id);
  else addToWishlist(product);
}

export function clearWishlist(): void {
  wishlistStore.set([]);
  toast.success(tBrowser("wishToast.cleared"));
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
  // A list kept before the limit existed may be longer: its first ones are sent, as the server would keep.
  const ids = wishlistStore.get().map((i) => i.id).slice(0, MAX_WISHLIST_ITEMS);
  const { items } = await api<{ items: WishlistEntry[] }>("/api/wishlist/merge", { body: { productIds: ids } });
  serverWishlist = true;
  const kept = new Set(items.map((e) => e.id));
  // The account's list had no room for some of this browser's: say so rather than drop them unseen.
  if (items.length >= MAX_WISHLIST_ITEMS && wishlistStore.get().some((i) => !kept.has(i.id))) wishlistFull();
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
    toast.error(localizeMessage(MSG.failedProduct, browserLocale()));
    return false;
  }
  if (product.stock <= 0 || (product.sizes.length > 0 && !product.sizes.some((s) => s.stock > 0))) {
    toast.error(localizeMessage(MSG.outOfStock, browserLocale()));
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
export function completeWishlistMove(product: { id: string; name: string; nameNe?: string | null }, { silent = false } = {}): void {
  wishlistStore.set(wishlistStore.get().filter((i) => i.id !== product.id));
  if (serverWishlist) void api(`/api/wishlist/${encodeURIComponent(product.id)}`, { method: "DELETE" }).catch(logSyncFailure);
  if (!silent) toast.success(tBrowser("wishToast.moved", { name: wishlistItemName(product, browserLocale()) }));
}

/** An item's name in the page's language: the Nepali name on a Nepali page where there is one, else the English one. */
export function wishlistItemName(item: { name: string; nameNe?: string | null }, locale: Locale): string {
  return localText(locale, item.name, item.nameNe);
}

export function useWishlist() {
  return useLocalStore(wishlistStore);
}

import { data, redirect, type AppLoadContext } from "react-router";
import type { Product } from "@khelkud/contracts";
import { addCookieLine, cartSetCookie } from "./cart-cookie";
import { readCartCookie } from "./cart-cookie.server";
import { field, readForm } from "./route-form.server";

/** Why a line was not added, as a key of the catalogues' `messages`/`cart` texts. */
export type AddToCartRefusal = "messages.selectSize" | "messages.outOfStock" | "cart.full" | "cart.notAdded";

/**
 * "Add to Cart" posted without scripts (docs/decisions/104): the product page's action adds the line to the cart's
 * cookie — the size must be one the product has in stock, the quantity is bounded by that size's stock and the
 * per-line maximum — and answers 303 back to the product page, which says the line was added. Nothing is priced here;
 * checkout reads prices and stock again.
 */
export async function addToCartAction(request: Request, context: AppLoadContext, product: Product) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const refuse = (reason: AddToCartRefusal) => data({ refused: reason }, { status: reason === "cart.full" ? 409 : 400 });
  if (field(posted, "productId") !== product.id) return refuse("cart.notAdded");
  const sized = product.sizes.length > 0;
  const size = sized ? field(posted, "size") : "default";
  if (sized && !size) return refuse("messages.selectSize");
  const stock = sized ? (product.sizes.find((s) => s.size === size && s.available)?.stock ?? 0) : product.stock;
  if (stock <= 0) return refuse("messages.outOfStock");
  const asked = Math.floor(Number(field(posted, "quantity") || "1"));
  const quantity = Number.isFinite(asked) ? Math.max(1, asked) : 1;
  const cart = readCartCookie(request);
  const next = addCookieLine(cart.lines, { p: product.id, s: size, c: "default", q: quantity }, stock);
  if (!next) return refuse("cart.full");
  return redirect(`/products/${product.slug}?added=1`, { status: 303, headers: { "set-cookie": cartSetCookie(next, context.publicUrl.startsWith("https:")) } });
}

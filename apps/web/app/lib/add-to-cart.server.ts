import { data, redirect, type AppLoadContext } from "react-router";
import { MAX_QUANTITY_PER_LINE, PRINT_MSG, type CartCheckResult, type Product } from "@khelkud/contracts";
import { addCookieLine, BUY_NOW_COOKIE, cartSetCookie, type CookieLine } from "./cart-cookie";
import { readCartCookie } from "./cart-cookie.server";
import { lineKey, type CartPrint } from "./cart-store";
import { callApi, checked, field, readForm } from "./route-form.server";
import { resolvePrint } from "../components/personalise-panel";

/** Why a line was not added, as a key of the catalogues' `messages`/`cart` texts. */
export type AddToCartRefusal = "messages.selectSize" | "messages.outOfStock" | "cart.full" | "cart.notAdded";

/** Why a change on the cart page was not made, as a key of the catalogues' `cart` texts. */
export type CartChangeRefusal = "cart.unreadable" | "cart.lineGone";

/**
 * "Add to Cart" posted without scripts (docs/decisions/104): the product page's action adds the line to the cart's
 * cookie — the size must be one the product has in stock, the quantity is bounded by that size's stock and the
 * per-line maximum — and answers 303 back to the product page, which says the line was added. "Buy Now" (`intent=buy-now`)
 * puts the one line in its own cookie instead and answers 303 to checkout (docs/decisions/115). Nothing is priced here;
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
  const print = postedPrint(posted, product);
  if (print.problem) return data({ refused: "cart.notAdded" as AddToCartRefusal, printError: print.problem }, { status: 400 });
  const line: CookieLine = { p: product.id, s: size, c: "default", q: quantity, ...(print.x ? { x: print.x } : {}) };
  const secure = context.publicUrl.startsWith("https:");
  // Buy Now checks this one line out without touching the cart (docs/product-rules.md §5).
  if (field(posted, "intent") === "buy-now") {
    const only = addCookieLine([], line, stock)!;
    return redirect("/checkout?buyNow=1", { status: 303, headers: { "set-cookie": cartSetCookie(only, secure, BUY_NOW_COOKIE) } });
  }
  const cart = readCartCookie(request);
  const next = addCookieLine(cart.lines, line, stock);
  if (!next) return refuse("cart.full");
  return redirect(`/products/${product.slug}?added=1`, { status: 303, headers: { "set-cookie": cartSetCookie(next, secure) } });
}

/**
 * The name and number a jersey is to carry, as the purchase panel posts them without scripts (`print=1`, then a listed
 * player's id or a name and number): the same rules as the panel's (`resolvePrint`), so the message is the panel's; the
 * API checks the print again when the cart is checked and the order placed. A print on a product that takes none is
 * refused.
 */
function postedPrint(posted: URLSearchParams, product: Product): { x?: CookieLine["x"]; problem?: string } {
  if (!checked(posted, "print")) return {};
  if (!product.personalisable) return { problem: PRINT_MSG.notPersonalisable(product.name) };
  const choice = { on: true, playerId: field(posted, "printPlayer"), name: field(posted, "printName"), number: field(posted, "printNumber") };
  const { print, nameError, numberError } = resolvePrint(choice, product.players ?? [], product.printScripts ?? ["LATIN"]);
  if (!print) return { problem: nameError ?? numberError ?? PRINT_MSG.numberRange };
  return { x: print.playerId ? { playerId: print.playerId } : { name: print.name, number: print.number } };
}

/** The most of a line one order may take now: its stock as the API's cart check reads it, at most the per-line maximum. */
async function lineLimit(context: AppLoadContext, line: CookieLine): Promise<number> {
  const item = { productId: line.p, size: line.s, color: line.c, quantity: 1, ...(line.x ? { personalisation: line.x } : {}) };
  const checked = await callApi<CartCheckResult>(context, { method: "POST", path: "/api/cart/validate", json: { items: [item] } });
  const stock = checked.ok && checked.data.lines[0]?.available ? checked.data.lines[0].stock : 0;
  return Math.min(stock, MAX_QUANTITY_PER_LINE);
}

/** The key of a cookie line, the same as the browser's cart and the cart page give that line. */
export const cookieLineKey = (l: CookieLine) => lineKey(l.p, l.s, l.c, l.x as CartPrint | undefined);

/**
 * The cart page's quantity steppers and "Remove" posted without scripts: the line (by its key) gets the posted quantity
 * when it is lower, or when the API's cart check says its stock (and the per-line maximum) allows it, and keeps its
 * quantity otherwise, as the scripted stepper does; 0 or `intent=remove` takes it out, `intent=clear` empties the cart. The answer is 303 back
 * to the cart page. A line that is no longer in the cart, or a quantity that is not a whole number, is a 400 that
 * changes nothing.
 */
export async function changeCartAction(request: Request, context: AppLoadContext) {
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const refuse = (reason: CartChangeRefusal) => data({ refused: reason }, { status: 400 });
  const cart = readCartCookie(request);
  if (cart.unreadable) return refuse("cart.unreadable");
  const intent = field(posted, "intent");
  let next: CookieLine[];
  if (intent === "clear") next = [];
  else {
    const line = cart.lines.find((l) => cookieLineKey(l) === field(posted, "line"));
    const asked = field(posted, "quantity");
    if (!line || (intent !== "remove" && !/^\d{1,6}$/.test(asked))) return refuse("cart.lineGone");
    const quantity = intent === "remove" ? 0 : Number(asked);
    // docs/product-rules.md §5: a raise above the line's stock (or the per-line maximum) is ignored; lowering always works.
    if (quantity > line.q && quantity > (await lineLimit(context, line))) return redirect("/cart", { status: 303 });
    next = quantity === 0 ? cart.lines.filter((l) => l !== line) : cart.lines.map((l) => (l === line ? { ...l, q: quantity } : l));
  }
  return redirect("/cart", { status: 303, headers: { "set-cookie": cartSetCookie(next, context.publicUrl.startsWith("https:")) } });
}

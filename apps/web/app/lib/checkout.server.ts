import { redirect, type AppLoadContext } from "react-router";
import { PAN_MESSAGE, PAN_PATTERN, PRINT_MSG, ShippingAddressSchema, type CartCheckResult, type Order } from "@khelkud/contracts";
import { BUY_NOW_COOKIE, CART_COOKIE, cartSetCookie, type CookieLine } from "./cart-cookie";
import { readCartCookie } from "./cart-cookie.server";
import { cookieLineKey } from "./add-to-cart.server";
import { lineKey, type CartItem } from "./cart-store";
import { loginUrl } from "./api";
import { callApi, checked, failed, field, formAnswer, readForm, redirectWithCookies } from "./route-form.server";
import { ADDRESS_FIELDS, type AddressField, type CheckoutResult } from "./checkout-form";

const checkLines = (lines: CookieLine[]) => lines.map((l) => ({ productId: l.p, size: l.s, color: l.c, quantity: l.q, ...(l.x ? { personalisation: l.x } : {}) }));

/**
 * The cart in the cookie as checkout shows it before (or without) the page's scripts (docs/decisions/104): each line
 * checked by the API's cart check — current name, price, stock and print fee — never by anything the cookie says.
 * A cookie that cannot be read, or that the check refuses whole, is an empty cart and `unreadable`.
 */
export async function cookieCart(request: Request, context: AppLoadContext, district: string, cookieName?: string) {
  const cookie = readCartCookie(request, cookieName);
  if (cookie.unreadable || cookie.lines.length === 0) return { items: [] as CartItem[], check: null, unreadable: cookie.unreadable };
  const answer = await callApi<CartCheckResult>(context, { method: "POST", path: "/api/cart/validate", json: { items: checkLines(cookie.lines), district: district || undefined } });
  if (!answer.ok) return { items: [] as CartItem[], check: null, unreadable: true };
  const items = answer.data.lines.map(
    (l, i): CartItem => ({
      // The cookie line's own key: the cart page's forms name the line by it (the check may spell a colour otherwise).
      key: cookie.lines[i] ? cookieLineKey(cookie.lines[i]) : lineKey(l.productId, l.size, l.color, l.personalisation),
      productId: l.productId,
      // Both names, as the browser's cart keeps them; the page shows the one of its language (docs/decisions/117).
      name: l.name ?? "",
      nameNe: l.nameNe,
      slug: l.slug ?? "",
      image: l.image,
      price: l.price ?? 0,
      originalPrice: l.originalPrice ?? 0,
      quantity: l.requestedQuantity,
      stock: l.stock,
      size: l.size,
      color: l.color,
      ...(l.personalisation ? { print: l.personalisation, printFee: l.printFee } : {}),
    }),
  );
  return { items, check: answer.data, unreadable: false };
}

/**
 * Checkout posted without scripts: cash on delivery only (a wallet needs the page's scripts to hand over to it). The
 * address is checked with the contracts' schema; the order is placed and confirmed through the same API calls as the
 * scripted checkout, with the form's own Idempotency-Key, so a form sent twice makes one order. Success clears the
 * cart's cookie and answers 303 to the order's success page.
 */
export async function placeCodOrderAction(request: Request, context: AppLoadContext) {
  requireCustomer(context, "/checkout", "checkout");
  const posted = await readForm(request);
  if (!(posted instanceof URLSearchParams)) return posted;
  const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, field(posted, f)])) as Record<AddressField, string>;
  const buyerPan = field(posted, "buyerPan").trim();
  const acceptNoReturns = checked(posted, "acceptNoReturns");
  const echo = { ...values, buyerPan, acceptNoReturns };
  const answer = (result: CheckoutResult, status: number) => formAnswer(result, status);

  // Buy Now's one line (its own cookie, docs/decisions/115) or the cart; success clears only the one that was bought.
  const cookieName = new URL(request.url).searchParams.get("buyNow") === "1" ? BUY_NOW_COOKIE : CART_COOKIE;
  const cookie = readCartCookie(request, cookieName);
  const secure = context.publicUrl.startsWith("https:");
  if (cookie.unreadable) return answer({ values: echo, refused: "cart.unreadable" }, 400);
  if (cookie.lines.length === 0) return answer({ values: echo, refused: "cart.empty" }, 400);

  const fieldErrors: Record<string, string> = {};
  const parsed = ShippingAddressSchema.safeParse(values);
  for (const issue of parsed.success ? [] : parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  if (buyerPan && !PAN_PATTERN.test(buyerPan)) fieldErrors.buyerPan = PAN_MESSAGE;
  const hasPrint = cookie.lines.some((l) => l.x);
  if (hasPrint && !acceptNoReturns) fieldErrors.acceptNoReturns = PRINT_MSG.noReturnsRequired;
  if (Object.keys(fieldErrors).length) return answer({ values: echo, fieldErrors }, 400);
  if (field(posted, "paymentMethod") !== "COD") return answer({ values: echo, refused: "checkout.walletsNeedScripts" }, 400);

  const placed = await callApi<{ order: Order }>(context, {
    method: "POST",
    path: "/api/orders",
    idempotencyKey: field(posted, "idempotencyKey"),
    json: { items: checkLines(cookie.lines), shippingAddress: values, paymentMethod: "COD", ...(buyerPan ? { buyerPan } : {}), ...(hasPrint ? { acceptNoReturns } : {}) },
  });
  if (!placed.ok) return failed({ ...placed, fieldErrors: addressMessages(placed.fieldErrors) }, echo);
  const confirmed = await callApi<{ order: Order }>(context, { method: "POST", path: "/api/payments/cod/process", json: { orderId: placed.data.order.id } });
  if (!confirmed.ok) return failed(confirmed, echo);
  return redirectWithCookies(`/order-success?orderId=${encodeURIComponent(placed.data.order.id)}`, [cartSetCookie([], secure, cookieName)]);
}

/** The API names address fields `shippingAddress.phone`; the form names them `phone`. */
function addressMessages(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^shippingAddress\./, ""), v]));
}

/** Only a signed-in customer reaches checkout; the sign-in page sends them back. */
export function requireCustomer(context: AppLoadContext, backTo: string, reason?: string): NonNullable<AppLoadContext["user"]> {
  if (!context.user) throw redirect(loginUrl(backTo, reason));
  return context.user;
}

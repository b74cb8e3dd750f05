/**
 * The cart's copy in a cookie (docs/decisions/104), so that checkout works before and without the page's scripts: what
 * to buy, never what it costs — product id, size, colour, quantity and the print a line asks for. The server reads
 * prices, stock and print fees again every time; anything it cannot read is dropped whole, never half-used.
 *
 * With scripts the browser's storage (lib/cart-store.ts) stays the cart and writes this copy on every change; without
 * them the product page's "Add to Cart" posts to its route action, which adds the line here. Reading a posted cookie
 * (with Zod) is the server's: cart-cookie.server.ts, so the pages' scripts stay without Zod (docs/decisions/071).
 */
import { MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE } from "@khelkud/contracts";

export const CART_COOKIE = "kk_cart";
/** Buy Now posted without scripts: its one line, kept apart from the cart for one checkout (docs/decisions/115). */
export const BUY_NOW_COOKIE = "kk_buy_now";
/** A cookie stays well inside the 4 KB every browser keeps; a longer value is refused whole. */
export const MAX_CART_COOKIE_CHARS = 3800;
/** Thirty days, like the browser's storage keeps a cart until it is cleared. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** One line: `p` product id, `s` size, `c` colour, `q` quantity, `x` the print (a listed player, or a name and number). */
export interface CookieLine {
  p: string;
  s: string;
  c: string;
  q: number;
  x?: { playerId: string } | { name: string; number: number };
}

/** The cart cookie's value in a request's `Cookie` header (the last one wins, as browsers send the most specific last). */
export function cartCookieOf(cookieHeader: string | null, name: string = CART_COOKIE): string | undefined {
  let value: string | undefined;
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) value = part.slice(eq + 1).trim();
  }
  return value;
}

export function encodeCartCookie(lines: CookieLine[]): string {
  return encodeURIComponent(JSON.stringify(lines));
}

/**
 * The cookie's attributes: readable by the page's scripts (they keep it in step with the browser's storage), sent only
 * to this site on its own pages and on links followed to it (Lax), over HTTPS in production.
 */
export function cartCookieAttributes(secure: boolean, clear = false): string {
  return `Path=/; Max-Age=${clear ? 0 : MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The `Set-Cookie` value a route action answers with (an empty cart clears the cookie). */
export function cartSetCookie(lines: CookieLine[], secure: boolean, name: string = CART_COOKIE): string {
  return lines.length ? `${name}=${encodeCartCookie(lines)}; ${cartCookieAttributes(secure)}` : `${name}=; ${cartCookieAttributes(secure, true)}`;
}

/** A line of the browser's cart as the cookie holds it (no name, no price). */
export function cookieLineOf(item: { productId: string; size: string; color: string; quantity: number; print?: { name: string; number: number; playerId?: string | null } | null }): CookieLine {
  const x = item.print ? (item.print.playerId ? { playerId: item.print.playerId } : { name: item.print.name, number: item.print.number }) : undefined;
  return { p: item.productId, s: item.size || "default", c: item.color || "default", q: Math.min(MAX_QUANTITY_PER_LINE, Math.max(1, Math.floor(item.quantity))), ...(x ? { x } : {}) };
}

/** The browser's cart written into the cookie: as many whole lines as fit, in the cart's order. */
export function cookieValueFor(items: Parameters<typeof cookieLineOf>[0][]): string {
  const lines = items.slice(0, MAX_ORDER_LINES).map(cookieLineOf);
  while (lines.length && encodeCartCookie(lines).length > MAX_CART_COOKIE_CHARS) lines.pop();
  return lines.length ? encodeCartCookie(lines) : "";
}

/**
 * A line added to the cookie's cart: merged with the same product + size + colour + print, the quantity never above
 * `limit` (the size's stock, at most the per-line maximum). Null when the cart already holds the most lines it may.
 */
export function addCookieLine(lines: CookieLine[], line: CookieLine, limit: number): CookieLine[] | null {
  const same = (l: CookieLine) => l.p === line.p && l.s === line.s && l.c === line.c && JSON.stringify(l.x ?? null) === JSON.stringify(line.x ?? null);
  const max = Math.min(limit, MAX_QUANTITY_PER_LINE);
  const existing = lines.find(same);
  if (existing) return lines.map((l) => (l === existing ? { ...l, q: Math.min(max, l.q + line.q) } : l));
  if (lines.length >= MAX_ORDER_LINES) return null;
  return [...lines, { ...line, q: Math.min(max, line.q) }];
}

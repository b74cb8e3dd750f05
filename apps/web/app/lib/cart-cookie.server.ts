/**
 * Reading the cart cookie a request sends (docs/decisions/104): anything it cannot read is dropped whole. Kept apart
 * from cart-cookie.ts so that Zod stays on the server and off the storefront pages' scripts (docs/decisions/071).
 */
import { z } from "zod";
import { MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE } from "@khelkud/contracts";
import { cartCookieOf, MAX_CART_COOKIE_CHARS, type CookieLine } from "./cart-cookie";

/** A short text without control characters (a NUL written as `\u0000` inside the JSON is refused too). */
const text = (max: number) => z.string().min(1).max(max).regex(/^\P{Cc}+$/u);

/** One line: `p` product id, `s` size, `c` colour, `q` quantity, `x` the print (a listed player, or a name and number). */
const CookieLineSchema = z.object({
  p: text(64),
  s: text(20),
  c: text(40),
  q: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
  x: z.union([z.object({ playerId: text(64) }), z.object({ name: text(40), number: z.number().int().min(0).max(999) })]).optional(),
});
const CookieCartSchema: z.ZodType<CookieLine[]> = z.array(CookieLineSchema).max(MAX_ORDER_LINES);

/** The lines of the cookie's value, or `unreadable` when anything about it is off (too long, not JSON, a NUL, a bad line). */
export function parseCartCookie(raw: string | undefined): { lines: CookieLine[]; unreadable: boolean } {
  if (raw === undefined || raw === "") return { lines: [], unreadable: false };
  if (raw.length > MAX_CART_COOKIE_CHARS) return { lines: [], unreadable: true };
  let json: unknown;
  try {
    const text = decodeURIComponent(raw);
    if (text.includes("\0")) return { lines: [], unreadable: true };
    json = JSON.parse(text);
  } catch {
    return { lines: [], unreadable: true };
  }
  const parsed = CookieCartSchema.safeParse(json);
  return parsed.success ? { lines: parsed.data, unreadable: false } : { lines: [], unreadable: true };
}

/** The request's cart (or, by name, its Buy Now line). */
export function readCartCookie(request: Request, name?: string) {
  return parseCartCookie(cartCookieOf(request.headers.get("cookie"), name));
}


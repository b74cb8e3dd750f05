import { describe, expect, it } from "vitest";
import { MAX_ORDER_LINES } from "@khelkud/contracts";
import { addCookieLine, cartCookieOf, cookieValueFor, encodeCartCookie, MAX_CART_COOKIE_CHARS } from "./cart-cookie";
import { parseCartCookie } from "./cart-cookie.server";

const ID = "0b9f6b1e-7f3a-4d0e-9c55-3f2a1d0e8b11";
const line = { p: ID, s: "M", c: "default", q: 2 };

describe("the cart's cookie", () => {
  it("reads back what the browser's cart wrote, print included, and nothing about prices", () => {
    const value = cookieValueFor([{ productId: ID, size: "M", color: "default", quantity: 2, print: { name: "PAUDEL", number: 7 } }]);
    expect(parseCartCookie(value)).toEqual({ lines: [{ ...line, x: { name: "PAUDEL", number: 7 } }], unreadable: false });
  });

  it("drops a forged price: the cookie has no place for one", () => {
    const forged = encodeURIComponent(JSON.stringify([{ ...line, price: 1, finalPrice: 1 }]));
    const { lines } = parseCartCookie(forged);
    expect(lines).toEqual([line]);
    expect(JSON.stringify(lines)).not.toContain("price");
  });

  it.each([
    ["malformed JSON", "%5B%7B%22p%22%3A"],
    ["a NUL byte", encodeURIComponent(JSON.stringify([{ ...line, s: "M\0" }]))],
    ["a raw %00", "%00"],
    ["a broken escape", "%E0%A4"],
    ["not a list", encodeURIComponent(JSON.stringify({ p: ID }))],
    ["a zero quantity", encodeURIComponent(JSON.stringify([{ ...line, q: 0 }]))],
    ["a huge quantity", encodeURIComponent(JSON.stringify([{ ...line, q: 10_000 }]))],
    ["31 lines", encodeURIComponent(JSON.stringify(Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({ ...line, s: `S${i}` }))))],
    ["10,000 lines", encodeURIComponent(JSON.stringify(Array.from({ length: 10_000 }, () => line)))],
  ])("refuses the whole cookie for %s", (_, raw) => {
    expect(parseCartCookie(raw)).toEqual({ lines: [], unreadable: true });
  });

  it("refuses a value longer than a cookie may be before reading it", () => {
    expect(parseCartCookie("x".repeat(MAX_CART_COOKIE_CHARS + 1)).unreadable).toBe(true);
  });

  it("treats no cookie as an empty cart, not a broken one", () => {
    expect(parseCartCookie(undefined)).toEqual({ lines: [], unreadable: false });
    expect(cartCookieOf("kk_session=abc; lang=ne")).toBeUndefined();
    expect(cartCookieOf(`lang=ne; kk_cart=${encodeCartCookie([line])}`)).toBe(encodeCartCookie([line]));
  });

  it("writes only as many whole lines as fit in a cookie", () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ productId: ID, size: `S${i}`, color: "a-long-colour-name-here", quantity: 1, print: { name: "BHATTARAI", number: 10, playerId: null } }));
    const value = cookieValueFor(many);
    expect(value.length).toBeLessThanOrEqual(MAX_CART_COOKIE_CHARS);
    const read = parseCartCookie(value);
    expect(read.unreadable).toBe(false);
    expect(read.lines.length).toBeGreaterThan(0);
  });

  it("merges the same line, never above the size's stock or ten, and refuses a 31st line", () => {
    expect(addCookieLine([line], { ...line, q: 5 }, 6)).toEqual([{ ...line, q: 6 }]);
    expect(addCookieLine([], { ...line, q: 50 }, 99)).toEqual([{ ...line, q: 10 }]);
    const full = Array.from({ length: MAX_ORDER_LINES }, (_, i) => ({ ...line, s: `S${i}` }));
    expect(addCookieLine(full, { ...line, s: "XL" }, 5)).toBeNull();
    expect(addCookieLine(full, { ...line, s: "S0" }, 5)?.[0]?.q).toBe(4);
  });
});

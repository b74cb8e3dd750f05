import { describe, expect, it } from "vitest";
import { formatClock, formatDay, formatMoment, formatMoney, localeFromCookie, localeOfPath, negotiateLocale, pathInLocale, toNepaliDigits, withoutLocale } from "./locale.js";
import { AUTH_MSG_NE, localizeMessage, MSG_NE } from "./messages-ne.js";
import { AUTH_MSG } from "./auth-rules.js";
import { MSG } from "./messages.js";
import { bsToAd } from "./bikram-sambat.js";
import { NewPasswordSchema } from "./auth.js";
import { SearchProductsQuerySchema } from "./catalog.js";
import { ContactInputSchema } from "./content.js";
import { NotificationPreferencesInputSchema } from "./notifications.js";
import { CartCheckInputSchema, PlaceOrderInputSchema, WishlistMergeSchema } from "./orders.js";

describe("money in both languages (lakh grouping in both)", () => {
  it("writes English as the specification does and Nepali with रु. and Devanagari digits", () => {
    expect(formatMoney(12_499_900, "en")).toBe("Rs. 1,24,999");
    expect(formatMoney(12_499_900, "ne")).toBe("रु. १,२४,९९९");
    expect(formatMoney(249_900, "ne")).toBe("रु. २,४९९");
    expect(formatMoney(0, "ne")).toBe("रु. ०");
    expect(formatMoney(1_000_000_000, "en")).toBe("Rs. 1,00,00,000");
    expect(formatMoney(1_000_000_000, "ne")).toBe("रु. १,००,००,०००");
  });
  it("shows paisa only when there are some, and a minus for credit", () => {
    expect(formatMoney(12_345, "en")).toBe("Rs. 123.45");
    expect(formatMoney(12_345, "ne")).toBe("रु. १२३.४५");
    expect(formatMoney(-50_000, "ne")).toBe("-रु. ५००");
  });
  it("turns every western digit into its Devanagari one and leaves the rest", () => {
    expect(toNepaliDigits("0123456789 XL 2083/84")).toBe("०१२३४५६७८९ XL २०८३/८४");
  });
});

describe("dates: Gregorian in English, Bikram Sambat in Nepali", () => {
  it("gives the calendar day in Nepal (UTC+05:45) in both calendars", () => {
    // 24 Nov 2026 09:00 UTC is 14:45 in Kathmandu, 8 Mangsir 2083 (1 Mangsir is 17 November).
    const instant = new Date("2026-11-24T09:00:00Z");
    expect(formatDay(instant, "en")).toBe("24 Nov 2026");
    expect(formatDay(instant, "ne")).toBe("८ मंसिर २०८३");
    expect(formatMoment(instant, "ne")).toBe("८ मंसिर २०८३, १४:४५");
    expect(formatMoment(instant, "en")).toBe("24 Nov 2026, 14:45");
    // A payment's hold ends at a time of day in Nepal, whatever zone the device is in.
    expect(formatClock(instant, "en")).toBe("14:45");
    expect(formatClock(instant.toISOString(), "ne")).toBe("१४:४५");
  });
  it("agrees with the bills' conversion at the start of a fiscal year and across the date line of Nepal", () => {
    const firstShrawan = bsToAd({ year: 2083, month: 4, day: 1 });
    const noonInNepal = new Date(Date.UTC(firstShrawan.year, firstShrawan.month - 1, firstShrawan.day, 6, 15));
    expect(formatDay(noonInNepal, "ne")).toBe("१ साउन २०८३");
    // 18:30 UTC on 31 Dec 2026 is already 1 January 2027 in Kathmandu.
    expect(formatDay(new Date("2026-12-31T18:30:00Z"), "en")).toBe("1 Jan 2027");
  });
  it("never throws: an invalid date is empty, a date outside the BS table falls back to the Gregorian one", () => {
    expect(formatDay("not a date", "ne")).toBe("");
    expect(formatDay(new Date("1900-01-01T00:00:00Z"), "ne")).toBe("१ Jan १९००");
  });
});

describe("language of a request", () => {
  it("reads the page's language from its path and moves a path (and its query) between languages", () => {
    expect(localeOfPath("/ne")).toBe("ne");
    expect(localeOfPath("/ne/products/x")).toBe("ne");
    expect(localeOfPath("/new-arrivals")).toBe("en");
    expect(localeOfPath("/products")).toBe("en");
    expect(pathInLocale("/products?category=football&page=2", "ne")).toBe("/ne/products?category=football&page=2");
    expect(pathInLocale("/", "ne")).toBe("/ne");
    expect(pathInLocale("/?q=x", "ne")).toBe("/ne?q=x");
    expect(pathInLocale("/ne/products?q=x", "en")).toBe("/products?q=x");
    expect(pathInLocale("/ne", "en")).toBe("/");
    expect(pathInLocale("/ne/cart", "ne")).toBe("/ne/cart");
    expect(withoutLocale("/ne?q=1")).toBe("/?q=1");
  });
  it("negotiates Accept-Language by weight among the shop's two languages", () => {
    expect(negotiateLocale("ne")).toBe("ne");
    expect(negotiateLocale("ne-NP,en;q=0.5")).toBe("ne");
    expect(negotiateLocale("en-US,en;q=0.9,ne;q=0.8")).toBe("en");
    expect(negotiateLocale("hi-IN,ne;q=0.7")).toBe("ne");
    expect(negotiateLocale("fr")).toBeNull();
    expect(negotiateLocale("")).toBeNull();
    expect(negotiateLocale("ne;q=0")).toBeNull();
    expect(negotiateLocale("ne;q=2,en;q=0.1")).toBe("en");
  });
  it("reads only a known language from the cookie", () => {
    expect(localeFromCookie("kk_session=abc; lang=ne")).toBe("ne");
    expect(localeFromCookie("lang=fr")).toBeNull();
    expect(localeFromCookie("xlang=ne")).toBeNull();
    expect(localeFromCookie(undefined)).toBeNull();
  });
});

describe("the API's messages in Nepali", () => {
  it("has a distinct Nepali text for every message of the specification", () => {
    for (const [key, text] of Object.entries(MSG_NE)) expect(text, key).toMatch(/[\u0900-\u097F]/);
    for (const [key, text] of Object.entries(AUTH_MSG_NE)) expect(text, key).toMatch(/[\u0900-\u097F]/);
  });
  it("translates a known message, keeps the detail after a colon, and leaves an unknown one in English", () => {
    expect(localizeMessage(MSG.phoneInvalid, "ne")).toBe(MSG_NE.phoneInvalid);
    expect(localizeMessage(AUTH_MSG.emailTaken, "ne")).toBe(AUTH_MSG_NE.emailTaken);
    expect(localizeMessage(MSG.phoneInvalid, "en")).toBe(MSG.phoneInvalid);
    expect(localizeMessage(`${MSG.routeNotFound}: GET /x`, "ne")).toBe(`${MSG_NE.routeNotFound}: GET /x`);
    expect(localizeMessage("Something nobody wrote down", "ne")).toBe("Something nobody wrote down");
  });
  it("answers in Nepali what a shopper's own request can run into: an empty or overfull cart, a long password, name or search", () => {
    const line = { productId: "p1", size: "M", quantity: 1 };
    const refusals: [string, { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, unknown][] = [
      ["empty order", PlaceOrderInputSchema, { items: [] }],
      ["overfull cart check", CartCheckInputSchema, { items: Array.from({ length: 1000 }, () => line) }],
      ["overfull wishlist", WishlistMergeSchema, { productIds: Array.from({ length: 201 }, (_, i) => `p${i}`) }],
      ["long password", NewPasswordSchema, `Aa1${"x".repeat(200)}`],
      ["long first name", ContactInputSchema, { firstName: "x".repeat(51) }],
      ["long search", SearchProductsQuerySchema, { q: "x".repeat(201) }],
      ["no switch", NotificationPreferencesInputSchema, {}],
    ];
    for (const [what, schema, input] of refusals) {
      const result = schema.safeParse(input);
      expect(result.success, what).toBe(false);
      const message = result.error!.issues.find((i) => /empty|many|at most|switch/.test(i.message))?.message;
      expect(message, what).toBeDefined();
      expect(localizeMessage(message!, "ne"), `${what}: ${message}`).toMatch(/[\u0900-\u097F]/);
    }
  });
});

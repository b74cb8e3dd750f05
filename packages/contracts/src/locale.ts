/**
 * The shop's two languages (docs/decisions/105): English at the site's own paths, Nepali under `/ne/…`. Zod-free, so
 * storefront pages can import it (docs/decisions/071). Amounts use lakh grouping in both languages; Nepali writes
 * them and dates in Devanagari digits, and dates in Bikram Sambat (the conversion the bills use, bikram-sambat.ts).
 */
import { bsDateOf } from "./bikram-sambat.js";
import { formatNPR, type Paisa } from "./money.js";

export const LOCALES = ["en", "ne"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie that remembers a visitor's choice of language. */
export const LOCALE_COOKIE = "lang";
/** A year: how long the language cookie remembers a choice (docs/decisions/105). */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** Nepali pages live under this prefix; English pages have none. */
export const NEPALI_PREFIX = "/ne";

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ne";
}

/** The language of a site path: `/ne` and `/ne/…` are Nepali, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === NEPALI_PREFIX || pathname.startsWith(`${NEPALI_PREFIX}/`) || pathname.startsWith(`${NEPALI_PREFIX}?`) ? "ne" : "en";
}

/** A site path (with its query) without the language prefix: `/ne/products?q=x` → `/products?q=x`. */
export function withoutLocale(path: string): string {
  if (localeOfPath(path) !== "ne") return path;
  const rest = path.slice(NEPALI_PREFIX.length);
  return rest === "" ? "/" : rest.startsWith("?") ? `/${rest}` : rest;
}

/** The same page in another language: `/products?q=x` → `/ne/products?q=x`, and back. */
export function pathInLocale(path: string, locale: Locale): string {
  const english = withoutLocale(path);
  if (locale === "en") return english;
  return english === "/" ? NEPALI_PREFIX : english.startsWith("/?") ? `${NEPALI_PREFIX}${english.slice(1)}` : `${NEPALI_PREFIX}${english}`;
}

/**
 * The language an `Accept-Language` header asks for, of the two the shop has: the one with the higher weight
 * (`ne`, `ne-NP`, `en-US` …), null when it names neither. Malformed parts are ignored.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.slice(0, 500).split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/** The value of the language cookie in a Cookie header, when it is one of the shop's languages. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader);
  return match && isLocale(match[1]) ? match[1] : null;
}

const NEPALI_DIGITS = "०१२३४५६७८९";

/** A catalogue text in the page's language: the Nepali version where one is written, else the English (docs/decisions/089). */
export function localText(locale: Locale, english: string, nepali: string | null | undefined): string {
  return locale === "ne" && nepali ? nepali : english;
}

/**
 * The store's address from the settings, wherever the shop writes it (footer, contact, terms, privacy pages; the
 * contact form's confirmation e-mail): the Nepali one in Nepali when the admin wrote one, else the English one
 * (docs/decisions/126, 131).
 */
export function shopAddress(settings: { address: string; addressNe?: string }, locale: Locale): string {
  return localText(locale, settings.address, settings.addressNe);
}

/** Western digits written as Devanagari digits ("2083" → "२०८३"); everything else unchanged. */
export function toNepaliDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => NEPALI_DIGITS[Number(d)]!);
}

/** Devanagari digits written as Western digits ("०७" → "07"), as a Nepali keyboard types them; everything else unchanged. */
export function toWesternDigits(text: string): string {
  return text.replace(/[०-९]/g, (d) => String(NEPALI_DIGITS.indexOf(d)));
}

/** Digits in the language: Devanagari in Nepali. */
export function localDigits(value: string | number, locale: Locale): string {
  return locale === "ne" ? toNepaliDigits(value) : String(value);
}

/**
 * The one money formatter: "Rs. 1,24,999" in English (docs/product-rules.md §2), "रु. १,२४,९९९" in Nepali — lakh
 * grouping in both, paisa only when the amount has them.
 */
export function formatMoney(paisa: Paisa, locale: Locale): string {
  const english = formatNPR(paisa);
  return locale === "ne" ? toNepaliDigits(english.replace("Rs.", "रु.")) : english;
}

/** Bikram Sambat months as Nepali shoppers write them. */
export const BS_MONTHS_NE = ["बैशाख", "जेठ", "असार", "साउन", "भदौ", "असोज", "कात्तिक", "मंसिर", "पुस", "माघ", "फागुन", "चैत"] as const;

const DATE_EN = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kathmandu" });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Kathmandu" });

/** A calendar day in Nepal: "24 Nov 2026" in English, "८ मंसिर २०८३" (Bikram Sambat) in Nepali. */
export function formatDay(instant: Date | string, locale: Locale): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  if (locale === "en") return DATE_EN.format(date);
  try {
    const bs = bsDateOf(date);
    return toNepaliDigits(`${bs.day} ${BS_MONTHS_NE[bs.month - 1]} ${bs.year}`);
  } catch {
    // Outside the table of BS years (before 1943 or after 2033 AD): the Gregorian date, in Nepali digits.
    return toNepaliDigits(DATE_EN.format(date));
  }
}

/** A time of day in Nepal: "10:58" / "१०:५८", as the order timeline's moments write it, whatever the device's zone. */
export function formatClock(instant: Date | string, locale: Locale): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  return localDigits(TIME.format(date), locale);
}

/** A moment in Nepal: "24 Nov 2026, 10:58" / "८ मंसिर २०८३, १०:५८". */
export function formatMoment(instant: Date | string, locale: Locale): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  return `${formatDay(date, locale)}, ${localDigits(TIME.format(date), locale)}`;
}

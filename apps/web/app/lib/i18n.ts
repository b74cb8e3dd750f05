/**
 * The storefront's texts in English and Nepali (docs/decisions/105): i18next, one instance per
 * language made on first use from the catalogues in `app/locales` (no per-request state, so concurrent server renders
 * never mix languages). The language of a page is its URL: Nepali pages are the app under the basename `/ne`.
 */
import { createElement, Fragment, type ReactNode } from "react";
import i18next, { type i18n } from "i18next";
import { useHref } from "react-router";
import { formatDay, formatMoment, formatMoney, localDigits, type Locale } from "@khelkud/contracts";
import { en, type Catalogue } from "../locales/en";

/**
 * The catalogues at hand. English always; Nepali is added by `lib/i18n-ne.ts`, which the server imports at start and
 * the browser loads before hydrating a Nepali page (app/entry.client.tsx), so English pages never download it
 * (docs/decisions/116).
 */
const CATALOGUES: Partial<Record<Locale, Catalogue>> = { en };
const INSTANCES: Partial<Record<Locale, i18n>> = {};

export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  CATALOGUES[locale] = catalogue;
  delete INSTANCES[locale];
}

/**
 * The API's and the schemas' messages in Nepali (the contracts' `localizeMessage`, docs/decisions/127) come with the
 * Nepali catalogue, so English pages do not download them either (about 13 KB gzip).
 */
let nepaliMessage: ((message: string) => string) | undefined;

export function addNepaliMessages(translate: (message: string) => string): void {
  nepaliMessage = translate;
}

/** An English message of the API or a schema in `locale`; unchanged in English or before the Nepali texts are here. */
export function localizeMessage(message: string, locale: Locale): string {
  return locale === "ne" && nepaliMessage ? nepaliMessage(message) : message;
}

function makeInstance(locale: Locale): i18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(CATALOGUES).map(([l, c]) => [l, { translation: c }]));
  void instance.init({
    lng: locale,
    fallbackLng: "en",
    resources,
    // React escapes what it renders; messages are plain text.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A text may be empty on purpose (English has nothing after "…Privacy Policy", Nepali ends the sentence there):
    // i18next would otherwise show the key itself.
    returnEmptyString: true,
  });
  return instance;
}

export function i18nFor(locale: Locale): i18n {
  return (INSTANCES[locale] ??= makeInstance(locale));
}

/** The page's language: the router's basename is `/ne` on Nepali pages. */
export function useLocale(): Locale {
  return useHref("/") === "/ne" ? "ne" : "en";
}

/** `t` of the page's language plus its number and date formats. */
export function useI18n() {
  // The instance of the page's language itself, not React context: the same texts in a component test without a provider.
  const locale = useLocale();
  const { t } = i18nFor(locale);
  return {
    t,
    locale,
    money: (paisa: number) => formatMoney(paisa, locale),
    day: (iso: string | Date) => formatDay(iso, locale),
    moment: (iso: string | Date) => formatMoment(iso, locale),
    digits: (value: string | number) => localDigits(value, locale),
    /** A message of the API or a schema (English, the specification's wording) in the page's language. */
    say: (message: string) => localizeMessage(message, locale),
  };
}

/** The language of the page in the browser (for toasts and other texts made outside a component). */
export function browserLocale(): Locale {
  return typeof document !== "undefined" && document.documentElement.lang === "ne" ? "ne" : "en";
}

/** `t` for code outside components (toasts after a click): the page's language in the browser. */
export function tBrowser(key: string, options?: Record<string, unknown>): string {
  return i18nFor(browserLocale()).t(key, options ?? {});
}

/** `t` for a route's `meta` (titles, descriptions), in the language of the page it describes. */
export function metaT(matches: readonly unknown[] | undefined) {
  const root = matches?.find((m) => (m as { id?: string } | undefined)?.id === "root") as { data?: { locale?: unknown } } | undefined;
  return i18nFor(root?.data?.locale === "ne" ? "ne" : "en").t;
}

/** A catalogue text with one `<strong>…</strong>` part, rendered with that part in bold (no HTML is ever parsed). */
export function withStrong(text: string): ReactNode {
  const m = /^(.*?)<strong>(.*?)<\/strong>(.*)$/s.exec(text);
  if (!m) return text;
  return createElement(Fragment, null, m[1], createElement("strong", null, m[2]), m[3]);
}

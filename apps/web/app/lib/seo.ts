import { imageSrcSet, pathInLocale, type Locale } from "@khelkud/contracts";

export const SHOP_NAME = "Khelkud";
export const DEFAULT_DESCRIPTION = "Authentic football, cricket and basketball jerseys and training wear in Nepal. Prices in NPR, cash on delivery, Khalti and eSewa.";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME} – Authentic Sports Jerseys in Nepal`;
}

/** A <link rel=preload> for the page's largest image, rendered in <head> through the route's meta. */
export function preloadImage(url: string, sizes: string, maxWidth = 1280) {
  return { tagName: "link", rel: "preload", as: "image", imageSrcSet: imageSrcSet(url, maxWidth), imageSizes: sizes, fetchPriority: "high" } as const;
}

/** The language of the page a route's `meta` describes (the root loader's `locale`). */
export function metaLocale(matches: readonly unknown[] | undefined): Locale {
  const root = matches?.find((m) => (m as { id?: string } | undefined)?.id === "root") as { data?: { locale?: unknown } } | undefined;
  return root?.data?.locale === "ne" ? "ne" : "en";
}

/** The canonical address of a page in its own language: `/ne/…` for Nepali pages (docs/decisions/105). */
export function canonicalUrl(publicUrl: string | undefined, matches: readonly unknown[] | undefined, path: string): string {
  return `${publicUrl ?? ""}${pathInLocale(path, metaLocale(matches))}`;
}

/**
 * A page's canonical link and its `hreflang` alternates (English, Nepali and `x-default`, the English one), all from
 * the one path the page names as canonical, so they carry exactly the query the canonical keeps and never the visit's
 * own (a tracking tag, a search, a filter, a token). A page that names no canonical (the reset and unsubscribe pages,
 * the cart, checkout and orders) has no alternates either; a filtered catalogue page, noindex, names its plain listing
 * as canonical and so as its alternates (docs/decisions/184).
 */
export function canonicalLinks(publicUrl: string | undefined, matches: readonly unknown[] | undefined, path: string) {
  const english = `${publicUrl ?? ""}${pathInLocale(path, "en")}`;
  return [
    { tagName: "link", rel: "canonical", href: canonicalUrl(publicUrl, matches, path) },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: english },
    { tagName: "link", rel: "alternate", hrefLang: "ne", href: `${publicUrl ?? ""}${pathInLocale(path, "ne")}` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: english },
  ];
}

/**
 * The head of a page that has a title, a description and an address of its own: title, description, canonical link in
 * the page's language with its alternates, and the Open Graph title, description and address (the canonical one), the
 * same for every information page and the blog list.
 */
export function pageMeta(matches: readonly unknown[] | undefined, publicUrl: string | undefined, path: string, title: string, description: string) {
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    ...canonicalLinks(publicUrl, matches, path),
    { property: "og:title", content: pageTitle(title) },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl(publicUrl, matches, path) },
  ];
}

/** Turns a site path into an absolute URL (Open Graph, JSON-LD and canonical links need them). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Paisa to the decimal string structured data and Open Graph expect ("2499.00"). */
export function paisaToDecimal(paisa: number): string {
  return (paisa / 100).toFixed(2);
}

/**
 * A BreadcrumbList of site paths (English, as the visible breadcrumb's links are written), each item's address in the
 * page's language: on a Nepali page the Nepali names point at the `/ne/…` pages, as the visible links do.
 */
export function breadcrumbJsonLd(publicUrl: string, matches: readonly unknown[] | undefined, items: { name: string; path: string }[]) {
  const locale = metaLocale(matches);
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absoluteUrl(publicUrl, pathInLocale(item.path, locale)) })),
  };
}

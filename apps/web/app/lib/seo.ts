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
 * The head of a page that has a title, a description and an address of its own: title, description, canonical link in
 * the page's language and the Open Graph pair, the same for every information page and the blog list.
 */
export function pageMeta(matches: readonly unknown[] | undefined, publicUrl: string | undefined, path: string, title: string, description: string) {
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl(publicUrl, matches, path) },
    { property: "og:title", content: pageTitle(title) },
    { property: "og:description", content: description },
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

export function breadcrumbJsonLd(publicUrl: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absoluteUrl(publicUrl, item.path) })),
  };
}

import { imageSrcSet } from "@khelkud/contracts";

export const SHOP_NAME = "Khelkud";
export const DEFAULT_DESCRIPTION = "Authentic football, cricket and basketball jerseys and training wear in Nepal. Prices in NPR, cash on delivery, Khalti and eSewa.";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME} – Authentic Sports Jerseys in Nepal`;
}

/** A <link rel=preload> for the page's largest image, rendered in <head> through the route's meta. */
export function preloadImage(url: string, sizes: string, maxWidth = 1280) {
  return { tagName: "link", rel: "preload", as: "image", type: "image/avif", imageSrcSet: imageSrcSet(url, "avif", maxWidth), imageSizes: sizes, fetchPriority: "high" } as const;
}

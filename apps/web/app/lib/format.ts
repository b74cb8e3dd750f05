export { formatNPR, discountPercent, stockLabel, stockLevel, shortOrderId } from "@khelkud/contracts";

// One formatter for every date: toLocaleDateString builds a new one on each call, a measurable part of a page's render.
const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** The storefront's one way to write a date: "24 Nov 2026". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** A moment of an order's history: "24 Nov 2026, 10:58". */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

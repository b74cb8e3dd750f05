import { formatDay, formatMoment } from "@khelkud/contracts";
export { formatNPR, discountPercent, stockLabel, stockLevel, shortOrderId } from "@khelkud/contracts";

/**
 * The admin panel's dates, in Nepal time whatever the server's or the browser's zone, as the storefront, the e-mails
 * and the bills write them (contracts' formatDay and formatMoment, one formatter each; docs/decisions/182).
 */
export function formatDate(iso: string): string {
  return formatDay(iso, "en");
}

/** A moment of an order's history: "24 Nov 2026, 10:58", Nepal time. */
export function formatDateTime(iso: string): string {
  return formatMoment(iso, "en");
}

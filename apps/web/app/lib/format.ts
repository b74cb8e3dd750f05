export { formatNPR, discountPercent, stockLabel, stockLevel, shortOrderId } from "@khelkud/contracts";

/** The storefront's one way to write a date: "24 Nov 2026". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

/** A moment of an order's history: "24 Nov 2026, 10:58". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

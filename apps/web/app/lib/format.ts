export { formatNPR, discountPercent, stockLabel, stockLevel, shortOrderId } from "@khelkud/contracts";

// One formatter for every date: toLocaleDateString builds a new one on each call, a measurable part of a page's render.
const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

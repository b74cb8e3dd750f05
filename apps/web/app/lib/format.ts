export { formatNPR, discountPercent, stockLabel, stockLevel, shortOrderId } from "@khelkud/contracts";

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

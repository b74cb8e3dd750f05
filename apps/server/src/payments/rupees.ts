import type { Paisa } from "@khelkud/contracts";

/**
 * The one rupee text we send to eSewa (form field, signature and status check alike):
 * whole rupees as an integer ("1500"), otherwise two decimals ("110.50").
 * eSewa signs the exact text, so the same paisa amount must always give the same string.
 */
export function formatRupees(paisa: Paisa): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`Amount must be a non-negative integer of paisa, got ${paisa}`);
  const rupees = Math.floor(paisa / 100);
  const rest = paisa % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, "0")}`;
}

/**
 * Reads a rupee amount as eSewa writes it ("1,500.0", "133.0", "100", 1000.0 as text) into paisa,
 * without floating point. Thousands commas are dropped. Returns null for anything else,
 * including more than two non-zero decimals (not a whole number of paisa).
 */
export function parseRupeesToPaisa(text: string): Paisa | null {
  const cleaned = text.replace(/,/g, "").trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  const paisa = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

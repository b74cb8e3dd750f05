import type { Paisa } from "./money.js";

/** The one shipping rule (docs/product-rules.md §3); its amounts are store settings the admin can change. */
export interface ShippingRule {
  freeAbovePaisa: Paisa;
  valleyFeePaisa: Paisa;
  elsewhereFeePaisa: Paisa;
}

export const DEFAULT_SHIPPING_RULE: ShippingRule = {
  freeAbovePaisa: 500_000,
  valleyFeePaisa: 15_000,
  elsewhereFeePaisa: 20_000,
};

export const KATHMANDU_VALLEY_CITIES = ["kathmandu", "lalitpur", "patan", "bhaktapur", "kirtipur", "madhyapur thimi"];

export function isKathmanduValley(city: string | null | undefined): boolean {
  if (!city) return false;
  const c = city.trim().toLowerCase();
  return KATHMANDU_VALLEY_CITIES.some((v) => c === v || c.startsWith(`${v} `) || c.startsWith(`${v},`));
}

/**
 * Shipping fee for a subtotal. Without a city (cart page estimate) the valley fee is used,
 * which is what most orders pay; checkout passes the entered city for the exact fee.
 */
export function shippingFee(subtotal: Paisa, city: string | null | undefined, rule: ShippingRule = DEFAULT_SHIPPING_RULE): Paisa {
  if (subtotal <= 0) return 0;
  if (subtotal > rule.freeAbovePaisa) return 0;
  if (city == null || city.trim() === "") return rule.valleyFeePaisa;
  return isKathmanduValley(city) ? rule.valleyFeePaisa : rule.elsewhereFeePaisa;
}

/** How much more to add for free shipping ("add NPR X more"), 0 when already free. */
export function amountToFreeShipping(subtotal: Paisa, rule: ShippingRule = DEFAULT_SHIPPING_RULE): Paisa {
  return subtotal > rule.freeAbovePaisa ? 0 : rule.freeAbovePaisa - subtotal + 100;
}

import type { Paisa } from "./money.js";
import { findDistrict, KATHMANDU_VALLEY_DISTRICTS } from "./nepal-districts.js";

/** The one shipping rule; its amounts are store settings the admin can change (docs/decisions/064). */
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

/** True for the Kathmandu, Lalitpur and Bhaktapur districts only; the name must be a district, never a free-text city. */
export function isKathmanduValley(district: string | null | undefined): boolean {
  const d = findDistrict(district);
  return d !== null && KATHMANDU_VALLEY_DISTRICTS.includes(d);
}

/**
 * Shipping fee for a subtotal, by the district the order goes to. Without a district (the cart page's
 * estimate) the valley fee is used, which is what most orders pay; checkout passes the chosen district.
 * Callers check that the district exists (an unknown name is refused before this is asked).
 */
export function shippingFee(subtotal: Paisa, district: string | null | undefined, rule: ShippingRule = DEFAULT_SHIPPING_RULE): Paisa {
  if (subtotal <= 0) return 0;
  if (subtotal > rule.freeAbovePaisa) return 0;
  if (district == null || district.trim() === "") return rule.valleyFeePaisa;
  return isKathmanduValley(district) ? rule.valleyFeePaisa : rule.elsewhereFeePaisa;
}

/** How much more to add for free shipping ("add NPR X more"), 0 when already free. */
export function amountToFreeShipping(subtotal: Paisa, rule: ShippingRule = DEFAULT_SHIPPING_RULE): Paisa {
  return subtotal > rule.freeAbovePaisa ? 0 : rule.freeAbovePaisa - subtotal + 100;
}

import type { FormResult } from "./route-form";

/** The address fields of the checkout form, in the order the form shows them. */
export const ADDRESS_FIELDS = ["fullName", "email", "phone", "province", "district", "area", "address", "landmark", "postalCode"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What checkout's action answers besides the form's values and messages: a catalogue key for a refusal of the page's own. */
export interface CheckoutResult extends FormResult {
  refused?: "cart.unreadable" | "cart.empty" | "checkout.walletsNeedScripts";
}

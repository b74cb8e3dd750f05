import type { FormResult } from "../../lib/route-form";

/** The profile route's action answers one of its two forms: which one is in `intent`. */
export interface ProfileFormResult extends FormResult {
  intent: "update-profile" | "change-password";
}

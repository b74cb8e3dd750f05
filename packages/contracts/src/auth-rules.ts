// Account rules without Zod, so storefront pages can use them without loading the schemas (docs/decisions/071).

/**
 * What the header shows of a signed-in user: the avatar's letter and the first name. The server fills the same
 * values into a signed-in copy of a shared page (docs/decisions/110), so both sides must compute them alike.
 */
export function accountLabels(name: string): { initial: string; firstName: string } {
  return { initial: (name.trim()[0] ?? "?").toUpperCase(), firstName: name.split(" ")[0] ?? "" };
}

/**
 * A signed-in shopper's copy of a shared page (docs/decisions/110). The server renders `/`, `/products`, product
 * pages and the blog once for every signed-in shopper, with these placeholders where the header shows the account,
 * and fills each copy with that shopper's values; no loader of that render sees a user.
 */
export interface AccountPlaceholders {
  name: string;
  initial: string;
  firstName: string;
  /** The avatar's address, or null for a template of users without a picture. */
  avatar: string | null;
  /** The text of the page's account block: the user as JSON. */
  json: string;
}

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = "kk_session";
/** "Remember me" ticked: the session lasts 30 days (docs/product-rules.md §9). */
export const REMEMBER_ME_DAYS = 30;
/** Unticked: a browser-session cookie; the server also ends the session after this many hours. */
export const SESSION_HOURS = 24;

// ---------------------------------------------------------------- account forms (docs/product-rules.md §9, §10)
// One schema per form, used by the browser form and by the server route, so both show the same messages.

/** Messages of the account screens that are not in MSG (docs/product-rules.md §9, §10, §13). */
export const AUTH_MSG = {
  nameRequired: "Name is required",
  profilePhoneInvalid: "Invalid phone number",
  newPasswordsMismatch: "New passwords do not match",
  newPasswordSame: "Choose a new password that differs from your current one",
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Current password is incorrect",
  emailTaken: "An account with this email already exists",
  resetSent: "If an account exists for that email, we have sent a password reset link.",
  resetLinkInvalid: "This reset link is invalid or has expired. Please request a new one.",
  resetTokenRequired: "Reset token is required",
  crossSite: "Cross-site request refused",
  imageInvalid: "Please select a valid image file",
  imageTooLarge: "Image size should be less than 5MB",
  imageTooSmall: "Image must be at least 100×100 pixels",
  imageRequired: "Please choose a photo to upload",
  loggedOut: "Logged out successfully",
} as const;

/** Avatar rules (docs/product-rules.md §10). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIN_PX = 100;
export const AVATAR_JPEG_QUALITY = 0.95;
/** Password reset links are valid this long and once (docs/product-rules.md §9). */
export const RESET_TOKEN_MINUTES = 60;
export const COUNTRIES = ["Nepal", "India", "Other"] as const;

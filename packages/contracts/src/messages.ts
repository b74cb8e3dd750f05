/** Exact texts of the specification (docs/product-rules.md §6, §9, §13). One place, so client and server agree. */
export const MSG = {
  generic: "Something went wrong",
  serverError: "Server error. Please try again later.",
  notFound: "Not found",
  productNotFound: "Product not found",
  categoryNotFound: "Category not found",
  routeNotFound: "Route not found",
  methodNotAllowed: "Method not allowed",
  badHost: "The request's Host header is not a valid address",
  imageVariantUnsupported: "Unsupported image size or format",
  validationFailed: "Validation failed",
  invalidInput: "The request contains characters or values that cannot be accepted",
  // auth (docs/product-rules.md §13)
  missingToken: "Missing token",
  invalidToken: "Invalid token",
  tokenExpired: "Token expired",
  authRequired: "Authentication required. Please login.",
  invalidSession: "Invalid session. Please login again.",
  sessionExpired: "Session expired. Please login again.",
  invalidCredentials: "Invalid email or password. Please check your credentials.",
  accountDisabled: "Account is disabled. Please contact support.",
  forbidden: "You do not have permission to do this.",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  // registration (docs/product-rules.md §9)
  fullNameRequired: "Full name is required",
  nameMin: "Name must be at least 2 characters",
  nameMax: "Name must be less than 50 characters",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Invalid phone number format",
  passwordRequired: "Password is required",
  passwordMin8: "Password must be at least 8 characters",
  passwordComplexity: "Password must contain uppercase, lowercase, and number",
  confirmRequired: "Please confirm your password",
  passwordsMismatch: "Passwords do not match",
  termsRequired: "You must accept the terms and conditions",
  // checkout (docs/product-rules.md §6)
  fullNameCheckoutRequired: "Full Name is required",
  phoneCheckoutRequired: "Phone is required",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  selectSize: "Please select a size",
  selectPaymentMethod: "Please select a payment method",
  outOfStock: "Product is out of stock!",
  redirectingCheckout: "Redirecting to checkout...",
  orderConfirmed: "Order confirmed successfully!",
  // load failures in the browser (docs/product-rules.md §13)
  failedProducts: "Failed to load products. Please try again.",
  failedProduct: "Failed to load product details",
  failedProfile: "Failed to load profile data",
  // screens
  oopsTitle: "Oops! Something went wrong",
} as const;

/**
 * A message that names a product, a size or a number: its template with each `{key}` replaced by the value. The
 * templates live beside the rule they explain (ORDER_TEMPLATE in order-rules.ts …) and messages-ne.ts gives each a
 * Nepali template with the same keys, so the Nepali text follows the value (docs/decisions/127).
 */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * Types the web app may import (type-only). Nothing here pulls runtime code into the browser bundle.
 */
import type { Services } from "./services.js";

export type { Services };
export type { PublicUser } from "@khelkud/contracts";
export type { StoreFigures, StoreSettings } from "./modules/settings/settings.service.js";

/** What React Router loaders receive as `context`. */
export interface WebLoadContext {
  services: Pick<Services, "catalog" | "settings" | "orders" | "cart" | "wishlist" | "blog" | "newsletter" | "accounts" | "payments">;
  /** The signed-in user (from the session cookie), or null. */
  user: import("@khelkud/contracts").PublicUser | null;
  publicUrl: string;
  requestId: string;
  /** Logs a page's unexpected error as one JSON line with the request id (a failed query's SQL left out). */
  logError?: (error: unknown) => void;
  /** The REST API called in-process as this visitor, for route actions (plugins/page-api.ts). */
  api: (call: import("./plugins/page-api.js").PageApiCall) => Promise<import("./plugins/page-api.js").PageApiAnswer>;
  /** A render shared by every signed-in shopper (docs/decisions/110): `user` is null and the root loader says so. */
  sharedSignedIn?: boolean;
  /** Placeholders entry.server renders where the header shows the account of a shared signed-in page. */
  accountPlaceholders?: import("@khelkud/contracts").AccountPlaceholders;
  /** This response's Content-Security-Policy nonce: root.tsx and entry.server put it on every inline script. */
  cspNonce?: string;
  /**
   * A render kept whole for many visitors (a guest's page, a shared signed-in page): entry.server sends it when all of
   * it is ready, so it holds no pending boundary and none of React's scripts that fill one in (docs/decisions/139).
   */
  wholeDocument?: boolean;
  /**
   * Set when the answer is an HTML document, not a client navigation's data (`.data`): what a loader puts here is
   * rendered into the page on the server but left out of the loader data the document carries; the browser asks for it
   * after hydration (docs/decisions/152).
   */
  heldBack?: Map<string, unknown>;
}

/**
 * Types the web app may import (type-only). Nothing here pulls runtime code into the browser bundle.
 */
import type { Services } from "./services.js";

export type { Services };
export type { StoreSettings } from "./modules/settings/settings.service.js";

/** What React Router loaders receive as `context`. */
export interface WebLoadContext {
  services: Pick<Services, "catalog" | "settings">;
  publicUrl: string;
  requestId: string;
}

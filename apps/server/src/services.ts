import type { Config } from "./env.js";
import type { Db } from "./db/client.js";
import { createCatalogService } from "./modules/catalog/catalog.service.js";
import { createSettingsService } from "./modules/settings/settings.service.js";
import { createSessionsService } from "./modules/accounts/sessions.service.js";
import { createLocalStorage } from "./plugins/storage.js";
import { createSeoService } from "./modules/seo/seo.service.js";

/** The composition root: every service, built once per app, handed to routes and to React Router loaders. */
export function createServices(db: Db, config: Config) {
  const storage = createLocalStorage(config.uploadsDir);
  return {
    storage,
    catalog: createCatalogService(db, { cacheMs: config.catalogCacheMs }),
    settings: createSettingsService(db),
    sessions: createSessionsService(db),
    seo: createSeoService(db, config.publicUrl),
  };
}

export type Services = ReturnType<typeof createServices>;

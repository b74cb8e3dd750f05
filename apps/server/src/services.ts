import type { Config } from "./env.js";
import type { Db } from "./db/client.js";
import { createCatalogService } from "./modules/catalog/catalog.service.js";
import { createSettingsService } from "./modules/settings/settings.service.js";
import { createSessionsService } from "./modules/accounts/sessions.service.js";
import { createLocalStorage } from "./plugins/storage.js";
import { createAccountsService } from "./modules/accounts/accounts.service.js";
import { createMailService } from "./modules/mail/mail.service.js";
import { createDomainEvents } from "./lib/domain-events.js";

/** The composition root: every service, built once per app, handed to routes and to React Router loaders. */
export function createServices(db: Db, config: Config) {
  const storage = createLocalStorage(config.uploadsDir);
  const sessions = createSessionsService(db);
  const mail = createMailService(config);
  const events = createDomainEvents();
  return {
    mail,
    events,
    accounts: createAccountsService({ db, sessions, mail, storage, events, publicUrl: config.publicUrl }),
    storage,
    catalog: createCatalogService(db),
    settings: createSettingsService(db),
    sessions,
  };
}

export type Services = ReturnType<typeof createServices>;

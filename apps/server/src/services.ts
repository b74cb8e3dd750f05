import type { Config } from "./env.js";
import type { Db } from "./db/client.js";
import { createCatalogService } from "./modules/catalog/catalog.service.js";
import { createSettingsService } from "./modules/settings/settings.service.js";
import { createSessionsService } from "./modules/accounts/sessions.service.js";
import { createLocalStorage } from "./plugins/storage.js";
import { createAdminServices } from "./modules/admin/admin.service.js";
import { inviteMessage } from "./modules/accounts/admin-users.service.js";
import { createEvents } from "./modules/events/events.js";
import { createOrdersService } from "./modules/orders/orders.service.js";
import { createCartService } from "./modules/orders/cart.service.js";
import { createWishlistService } from "./modules/wishlist/wishlist.service.js";
import { createMailService } from "./modules/mail/mail.service.js";
import { createBlogService } from "./modules/content/blog.service.js";
import { createContactService } from "./modules/content/contact.service.js";
import { createNewsletterService } from "./modules/content/newsletter.service.js";
import { createReviewsService } from "./modules/reviews/reviews.service.js";
import { createAccountsService } from "./modules/accounts/accounts.service.js";
import { createSeoService } from "./modules/seo/seo.service.js";
import { createPaymentsService } from "./modules/payments/payments.service.js";
import { createPaymentClients } from "./payments/index.js";
import { createInvoicesService } from "./modules/invoices/invoices.service.js";
import { createBackgroundTasks } from "./lib/background.js";
import { createNotifications } from "./modules/notifications/outbox.js";
import { createSparrowClient } from "./modules/notifications/sparrow.client.js";

/** The composition root: every service, built once per app, handed to routes and to React Router loaders. */
export function createServices(db: Db, config: Config, log: (msg: string, err?: unknown) => void = () => undefined) {
  const background = createBackgroundTasks(log);
  const storage = createLocalStorage(config.uploadsDir);
  const settings = createSettingsService(db, { cacheMs: config.catalogCacheMs });
  const sessions = createSessionsService(db, { pageMemoMs: config.sessionPageMemoMs });
  const mail = createMailService(config);
  const events = createEvents();
  // Order notifications: rows written inside each order change's transaction, delivered by the outbox worker (docs/decisions/090).
  const newsletter = createNewsletterService(db, mail, settings, config.publicUrl);
  const notifications = createNotifications(db, {
    mail,
    newsletter,
    sms: config.notifications.sms ? createSparrowClient(config.notifications.sms) : null,
    publicUrl: config.publicUrl,
    maxAttempts: config.notifications.maxAttempts,
    leaseMs: config.notifications.leaseMs,
  });
  events.onOrderFact(notifications.record);
  // After a change commits, the worker (when running) looks at once instead of at its next tick.
  events.on(() => notifications.kick());
  const orders = createOrdersService(db, { settings, events, limits: config.orderLimits });
  return {
    storage,
    catalog: createCatalogService(db, { cacheMs: config.catalogCacheMs }),
    settings,
    admin: createAdminServices(db, storage, { orders, sessions, sendInvite: async (user, token) => void (await mail.send(inviteMessage(config.publicUrl, user, token))) }),
    sessions,
    events,
    notifications,
    orders,
    cart: createCartService({ settings, orders }),
    wishlist: createWishlistService(db),
    mail,
    blog: createBlogService(db, { cacheMs: config.catalogCacheMs }),
    contact: createContactService(db, mail, settings),
    newsletter,
    reviews: createReviewsService(db),
    background,
    accounts: createAccountsService({ db, sessions, mail, storage, events, background, publicUrl: config.publicUrl }),
    seo: createSeoService(db, config.publicUrl),
    invoices: createInvoicesService(db),
    payments: createPaymentsService(db, { orders, clients: createPaymentClients(config.payments), publicUrl: config.publicUrl }),
  };
}

export type Services = ReturnType<typeof createServices>;

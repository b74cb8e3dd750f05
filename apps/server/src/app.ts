import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./env.js";
import type { Database } from "./db/client.js";
import { registerAuth } from "./plugins/auth.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { registerMedia } from "./plugins/media.js";
import { registerSsr, servicesForPages } from "./plugins/ssr.js";
import { pageApiFor } from "./plugins/page-api.js";
import { loggableError } from "./lib/db-errors.js";
import { createPageCache, DYNAMIC_COMPRESSION } from "./plugins/page-cache.js";
import { createServices, type Services } from "./services.js";
import { catalogRoutes } from "./modules/catalog/catalog.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { orderRoutes } from "./modules/orders/orders.routes.js";
import { invoiceRoutes } from "./modules/invoices/invoices.routes.js";
import { wishlistRoutes } from "./modules/wishlist/wishlist.routes.js";
import { seoRoutes } from "./modules/seo/seo.routes.js";
import { toPublicUser } from "./modules/accounts/sessions.service.js";
import { adminRoutes } from "./modules/admin/admin.routes.js";
import { SIMULATOR_KHALTI_KEY, SIMULATOR_PREFIX } from "./env.js";
import { providerSimulator, registerTestCredentialsRoute } from "./payments/simulator/index.js";
import { blogRoutes } from "./modules/content/blog.routes.js";
import { contactRoutes } from "./modules/content/contact.routes.js";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.js";
import { authRoutes, profileRoutes } from "./modules/accounts/accounts.routes.js";
import { registerDevMail } from "./modules/mail/dev-mail.routes.js";
import { adminNotificationRoutes, preferenceRoutes } from "./modules/notifications/notifications.routes.js";
import { createSmsStore, registerDevSms, smsSimulator } from "./modules/notifications/sms-simulator.js";
import { SIMULATOR_SMS_TOKEN, SMS_SIMULATOR_PREFIX } from "./env.js";
import { registerRateLimit } from "./plugins/rate-limit.js";
import { paymentRoutes } from "./modules/payments/payments.routes.js";
import { registerLive } from "./plugins/live.js";
import { registerSecurityHeaders } from "./plugins/security-headers.js";
import { refuseUnlessFromThisMachine } from "./plugins/dev-only.js";
import { registerMethodNotAllowed } from "./plugins/method-not-allowed.js";
import { documentFailures } from "./plugins/openapi-failures.js";
import fastifyCompress from "@fastify/compress";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}

export interface BuildOptions {
  database: Database;
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean;
  /** Pino options for tests that read the log (e.g. a stream capturing error lines); wins over `logger`. */
  loggerOptions?: Record<string, unknown>;
  /** Called for every route as it is added (tests build the access matrix from it). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** Builds the whole app without listening: tests call app.inject, server.ts calls listen. */
export async function buildApp(config: Config, { database, logger = true, loggerOptions, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions
      ? loggerOptions
      : logger
        ? {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
            // Every logged error: a failed query's SQL and parameters (customer data) stay out of the log.
            serializers: { err: (err: unknown) => pino.stdSerializers.err(loggableError(err) as Error) },
          }
        : false,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Forwarding headers are believed only from the configured proxies (TRUST_PROXY); by default from nobody.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook("onRoute", (route) => onRoute({ method: route.method, url: route.url }));
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API and type the handlers; serialising is plain JSON (no per-response re-validation).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook("onSend", async (req, reply) => {
    reply.header("X-Request-Id", req.id);
  });

  const services = createServices(database.db, config, (msg, err) => app.log.error({ err }, msg));
  app.decorate("services", services);
  app.decorate("config", config);
  // Records every route added from here on, for 405 + Allow.
  const methods = registerMethodNotAllowed(app);
  registerErrorHandling(app, methods.allowed);
  await registerSecurityHeaders(app, config);
  // Compressed answers (scripts, styles, pages, JSON) for clients that ask: most of a mobile page load's bytes.
  // Answers made for one request are compressed at a cheap level (about 1 ms for a 300 KB page, a small part of its
  // render); cached pages are compressed once, harder, by the page cache (docs/decisions/095).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"], ...DYNAMIC_COMPRESSION });
  await registerAuth(app, services.sessions);
  await registerRateLimit(app);
  // E-mails started after an answer (forgot-password, e-mail change) are finished before the mail transport closes.
  app.addHook("onClose", async () => {
    await services.background.idle();
    await services.mail.close();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Khelkud API",
        version: "0.1.0",
        description:
          "Money fields are integer paisa (NPR × 100). Failures answer `{ success: false, error, details?, requestId? }`. Text anywhere in a request must not contain a NUL character (U+0000) or invalid UTF-8: 400. A method a path does not have answers 405 with `Allow`.",
      },
      servers: [{ url: "/" }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  // Whole anonymous storefront pages, kept as long as catalogue data is (plugins/page-cache.ts); admin writes drop both.
  const pageCache = createPageCache({ ttlMs: config.serveWeb ? config.catalogCacheMs : 0, maxBytes: config.pageCacheMaxBytes });
  const dropPublicCaches = () => {
    services.catalog.invalidate();
    services.settings.invalidate();
    services.blog.invalidate();
    pageCache.clear();
  };

  await app.register(
    async (api) => {
      // The API reads JSON (and multipart on its upload routes). Fastify would also read text/plain, as a string that
      // every schema then refuses as "expected object, received string"; without that reader it answers 415
      // "Unsupported content type", as for any other type it does not read (docs/decisions/181).
      api.removeContentTypeParser("text/plain");
      api.addHook("onRoute", documentFailures(app));
      await api.register(healthRoutes(database.db));
      await api.register(catalogRoutes(services.catalog));
      await api.register(adminRoutes(services.admin, services.settings, dropPublicCaches));
      await api.register(orderRoutes(services.orders, services.cart, services.payments));
      await api.register(invoiceRoutes(services.invoices));
      await api.register(wishlistRoutes(services.wishlist));
      await api.register(blogRoutes(services.blog));
      await api.register(contactRoutes(services.contact, services.newsletter));
      await api.register(reviewsRoutes(services.reviews));
      await api.register(authRoutes(services.accounts, config));
      await api.register(profileRoutes(services.accounts));
      await api.register(paymentRoutes(services.payments));
      await api.register(adminNotificationRoutes(services.notifications));
      await api.register(preferenceRoutes(services.notifications));
      // Unknown /api paths answer JSON, never the HTML shop.
      api.all("/*", { schema: { hide: true } }, async (req, reply) => reply.callNotFound());
    },
    { prefix: "/api" },
  );

  await registerLive(app, database.db);
  registerMedia(app, services.storage, config.cacheDir);
  // Development-only surfaces answer requests from this machine only (plugins/dev-only.ts, docs/decisions/074).
  if (config.devMailViewer) {
    await app.register(async (devMail) => {
      devMail.addHook("onRequest", refuseUnlessFromThisMachine);
      registerDevMail(devMail, services.mail);
    });
  }

  // Development/test only (env.ts refuses it in production): a Sparrow SMS gateway on our own origin, reached by the SMS
  // client over HTTP like the real one, and /dev/sms listing what it received (docs/decisions/091).
  if (config.notifications.smsSimulator) {
    const token = config.notifications.sms?.token ?? SIMULATOR_SMS_TOKEN;
    await app.register(async (sms) => {
      sms.addHook("onRequest", refuseUnlessFromThisMachine);
      await sms.register(smsSimulator, { prefix: SMS_SIMULATOR_PREFIX, token, outboxDir: config.notifications.smsOutboxDir });
      registerDevSms(sms, createSmsStore(config.notifications.smsOutboxDir));
    });
  }

  // Development/test only (env.ts refuses it in production): fake Khalti and eSewa on our own origin,
  // reached by the payment clients over HTTP like the real providers. See docs/decisions/040.
  if (config.payments.simulator && config.payments.simulatorBaseUrl) {
    const { khalti, esewa } = config.payments;
    const simulatorBaseUrl = config.payments.simulatorBaseUrl;
    await app.register(async (simulator) => {
      simulator.addHook("onRequest", refuseUnlessFromThisMachine);
      await simulator.register(providerSimulator, {
        prefix: SIMULATOR_PREFIX,
        khaltiSecretKey: khalti?.secretKey ?? SIMULATOR_KHALTI_KEY,
        esewaMerchants: esewa ? { [esewa.productCode]: esewa.secretKey } : {},
        publicBaseUrl: simulatorBaseUrl,
      });
      registerTestCredentialsRoute(simulator, simulatorBaseUrl);
    });
  }
  await app.register(seoRoutes(services.seo));

  if (config.serveWeb) {
    const pageServices = servicesForPages({
      catalog: services.catalog,
      settings: services.settings,
      orders: services.orders,
      cart: services.cart,
      wishlist: services.wishlist,
      blog: services.blog,
      newsletter: services.newsletter,
      accounts: services.accounts,
      payments: services.payments,
    });
    await registerSsr(
      app,
      config,
      pageCache,
      (req) => ({
        services: pageServices,
        user: req.user ? toPublicUser(req.user) : null,
        publicUrl: config.publicUrl,
        requestId: String(req.id),
        logError: (error: unknown) => req.log.error({ err: loggableError(error) }, "page failed"),
        api: pageApiFor(app, req),
      }),
      (userId, locale) => services.accounts.setLocale(userId, locale),
    );
  }

  return app;
}

import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { adminRoutes } from "./admin.js";
import type { ProviderSimulatorOptions, SimContext } from "./context.js";
import { esewaRoutes } from "./esewa.js";
import { khaltiRoutes } from "./khalti.js";
import { testCredentialsPage } from "./pages.js";
import { createState, type SimulatorState } from "./state.js";
import { AppError, STATUS_BY_KIND } from "../../lib/errors.js";

export type { ProviderSimulatorOptions } from "./context.js";
export { SCENARIOS, type Scenario, type SimulatorState } from "./state.js";

/**
 * The local Khalti + eSewa simulator as a Fastify plugin. It shares nothing with the shop: clients
 * reach it over HTTP only, exactly as they reach the real providers. Register it with a prefix
 * (the shop uses /_simulator) or run it alone with createProviderSimulator.
 *
 *   Khalti  POST /khalti/api/v2/epayment/initiate/   POST /khalti/api/v2/epayment/lookup/
 *           GET  /khalti/?pidx=…  (hosted page)
 *   eSewa   POST /esewa/api/epay/main/v2/form         GET  /esewa/api/epay/transaction/status/
 *           GET  /esewa/login?sid=…  (hosted page)
 *   Tests   POST /__admin/scenario, /__admin/payments/:id, /__admin/clock, /__admin/reset
 */
export const providerSimulator: FastifyPluginAsync<ProviderSimulatorOptions> = async (app, options) => {
  const state: SimulatorState = options.state ?? createState();
  const realNow = options.now ?? Date.now;
  const prefix = app.prefix;
  const ctx: SimContext = {
    options,
    state,
    prefix,
    now: () => realNow() + state.clockOffsetMs,
    baseUrl: (req) => (options.publicBaseUrl ?? `${req.protocol}://${req.host}${prefix}`).replace(/\/$/, ""),
  };

  // Hosted-page forms post urlencoded bodies; the shop itself may not parse them.
  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  // Provider-style error bodies, not the shop's envelope (e.g. a JSON body that does not parse).
  app.setErrorHandler((error: FastifyError, req, reply) => {
    // The shop's own checks (e.g. the cross-site check on cookie-carrying POSTs) throw AppError before routing here.
    const status =
      error instanceof AppError ? STATUS_BY_KIND[error.kind] : typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, "payment simulator failed");
    return reply.status(status).send({ detail: status >= 500 ? "Simulator error." : error.message, error_key: "validation_error" });
  });

  await app.register(khaltiRoutes(ctx));
  await app.register(esewaRoutes(ctx));
  await app.register(adminRoutes(ctx));

  app.get("/", async (req, reply) => reply.type("text/html").send(testCredentialsPage(ctx.baseUrl(req))));
};

/** A standalone simulator app (tests start it with app.listen({ port: 0, host: "127.0.0.1" })). */
export async function createProviderSimulator(options: ProviderSimulatorOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(providerSimulator, options);
  return app;
}

/** The /test/esewa page of the shop: test credentials, registered only while the simulator is on. */
export function registerTestCredentialsRoute(app: FastifyInstance, simulatorBase: string): void {
  app.get("/test/esewa", { schema: { hide: true } }, async (_req, reply) =>
    reply.type("text/html").header("Cache-Control", "no-store").send(testCredentialsPage(simulatorBase)),
  );
}

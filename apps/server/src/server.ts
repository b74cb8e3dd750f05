import net from "node:net";
import { buildApp } from "./app.js";
import { EnvError, loadConfig } from "./env.js";
import { describeDatabaseFailure, openDatabase, type Database } from "./db/client.js";
import { startEmbeddedUpkeep } from "./db/embedded-upkeep.js";
import { seedIfEmpty } from "./db/seed.js";
import { installConnectionGuard } from "./lib/connection-guard.js";
import { exposedDevSurfacesWarning } from "./plugins/dev-only.js";

/** How long a stopping instance keeps serving the connections it had already accepted before closing the rest. */
const SHUTDOWN_DRAIN_MS = 1_000;

async function main(): Promise<void> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    throw new StartupError(describeDatabaseFailure(config.databaseUrl, err));
  }
  // A start that fails once the database is open closes it first: the embedded one is then left shut down cleanly and
  // its folder free (docs/decisions/155), not for the next start to recover.
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await database.migrate().catch((err: unknown) => {
      throw new StartupError(describeDatabaseFailure(config.databaseUrl, err));
    });
    if (config.seedOnEmpty) await seedIfEmpty(database.db, config);
    app = await buildApp(config, { database });
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  // A client's abort that some stream failed to handle ends that response, not the shop; anything else still exits.
  installConnectionGuard(app.log);
  // Unpaid wallet orders expire after 60 minutes (docs/product-rules.md §8). Started here, not in buildApp, so tests drive it themselves.
  if (config.paymentSweepSeconds > 0) {
    // One pass per interval across every instance on this database, each pass logged (docs/decisions/041).
    const stopSweeper = app.services.payments.startExpirySweeper(config.paymentSweepSeconds * 1000, app.log);
    app.addHook("onClose", async () => stopSweeper());
  }
  // Order e-mails and SMS from the outbox (docs/decisions/090); every instance runs a worker, SKIP LOCKED shares the rows.
  if (config.notifications.pollMs > 0) {
    const stopWorker = app.services.notifications.start(config.notifications.pollMs, app.log);
    app.addHook("onClose", () => stopWorker());
  }
  // PGlite has no autovacuum: the server vacuums and analyses its tables by autovacuum's thresholds (docs/decisions/161).
  if (database.kind === "pglite" && config.embeddedUpkeepSeconds > 0) {
    const stopUpkeep = startEmbeddedUpkeep(database.db, config.embeddedUpkeepSeconds * 1000, app.log);
    app.addHook("onClose", async () => stopUpkeep());
  }
  app.addHook("onClose", () => database.close());

  let closing = false;
  // While draining, every answer ends its keep-alive connection, so no connection is left for a request to be lost on.
  app.addHook("onRequest", async (_req, reply) => {
    if (closing) reply.header("connection", "close");
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: no new connections; finishing requests in flight");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // 1. Stop accepting (a load balancer sees "refused" and retries elsewhere). Not http.Server#close: it would also
    //    drop connections accepted a moment ago whose request has not been read yet (docs/decisions/060).
    net.Server.prototype.close.call(app.server);
    // 2. Let connections already accepted deliver and finish their requests.
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
    // 3. Close live sockets (preClose), wait for the requests still running, then close Redis and the database.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  app.log.info(`Khelkud is serving on ${config.publicUrl} (database: ${database.kind}, ${config.nodeEnv} mode, listening on ${config.host})`);
  const exposed = exposedDevSurfacesWarning(config);
  if (exposed) app.log.warn(exposed);
}

/** A start-up failure whose message says all there is to say (no stack trace). */
class StartupError extends Error {}

main().catch((err: unknown) => {
  if (err instanceof EnvError || err instanceof StartupError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});

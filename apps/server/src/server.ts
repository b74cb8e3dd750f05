import { buildApp } from "./app.js";
import { EnvError, loadConfig } from "./env.js";
import { openDatabase } from "./db/client.js";
import { seedIfEmpty } from "./db/seed.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  if (config.seedOnEmpty) await seedIfEmpty(database.db, config);

  const app = await buildApp(config, { database });
  // Unpaid wallet orders expire after 60 minutes (DECISIONS 6). Started here, not in buildApp, so tests drive it themselves.
  if (config.paymentSweepSeconds > 0) {
    const stopSweeper = app.services.payments.startExpirySweeper(config.paymentSweepSeconds * 1000, (err) => app.log.error({ err }, "payment expiry sweep failed"));
    app.addHook("onClose", async () => stopSweeper());
  }
  app.addHook("onClose", () => database.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Khelkud is serving on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});

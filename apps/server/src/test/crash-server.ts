// The API server as the crash-safety test runs it: server.ts without the web app (no build needed) and without demo data.
import { buildApp } from "../app.js";
import { loadConfig } from "../env.js";
import { openDatabase } from "../db/client.js";

const config = { ...loadConfig(), serveWeb: false, seedOnEmpty: false };
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: config.port, host: "127.0.0.1" });
process.stdout.write("READY\n");

// The server Playwright tests run against: the production build on a fresh embedded database with demo data.
import fs from "node:fs";
import { serve } from "./lib.mjs";

// Started by Playwright's webServer (playwright.config.ts), which names the port and the data folder of its shard.
const { E2E_PORT: port, E2E_DATA_DIR: dataDir } = process.env;
if (!port || !dataDir) {
  console.error("scripts/e2e-server.mjs is started by `npx playwright test` (playwright.config.ts sets E2E_PORT and E2E_DATA_DIR)");
  process.exit(2);
}
fs.rmSync(dataDir, { recursive: true, force: true });
// The browser suites sign the demo accounts in many times within minutes; the sign-in limits themselves are
// tested in the server suite (abuse and auth tests), so here they are raised rather than hit by accident.
serve({
  env: {
    DATA_DIR: dataDir,
    PORT: port,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    DEV_MAIL_VIEWER: "true",
    AUTH_RATE_LIMIT_PER_IP: "1000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "1000",
    // Likewise the checkout limits (docs/decisions/077): the demo customer orders many times within a minute.
    ORDER_RATE_PER_MINUTE: "1000",
    ORDER_RATE_PER_MINUTE_PER_IP: "1000",
    ORDER_MAX_OPEN_UNPAID: "1000",
  },
});

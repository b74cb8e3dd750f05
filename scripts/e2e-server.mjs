// The server Playwright tests run against: the production build on a fresh embedded database with demo data.
import fs from "node:fs";
import path from "node:path";
import { root, serve } from "./lib.mjs";

// One per port (e2e/support/data-dir.ts): npm test runs two shards at once, each with a server of its own.
const port = process.env.E2E_PORT ?? "3210";
const dataDir = path.join(root, ".data", `e2e-${port}`);
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

import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// npm test runs the suite as two shards at once (scripts/test.mjs), each on a port of its own: each shard has its own
// server, embedded database and output folder. The server (scripts/e2e-server.mjs) gets its DATA_DIR from here, and
// the tests that read its development outbox import it.
export const E2E_DATA_DIR = path.join(process.cwd(), ".data", `e2e-${PORT}`);
const OUTPUT_DIR = `test-results/${PORT}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  // On CI a failed test runs once more: a red run loses the whole change until a later session mends it, and a test
  // that passes only on its second try is still named, as flaky, in the run's summary (scripts/lib.mjs printSummary;
  // docs/decisions/149). A test that fails twice fails the run. Locally a failure is never retried.
  retries: process.env.CI ? 1 : 0,
  // Generous: CI machines differ in speed by 2–3×, and a test that times out on a slow one proves nothing about the shop.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs asks for a JSON report too, to name the failed tests in its summary.
  reporter: process.env.E2E_JSON_REPORT ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every test (kept only for a failure) made the tests about a sixth slower. CI keeps only its
    // output, never these files, so it records none; `npx playwright test --trace on` records them (docs/decisions/146).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell, installed by ensureChromium in scripts/lib.mjs):
      // Playwright's default for headless runs, the same engine without the browser around it. Short tests ran about a
      // third faster than in the full browser (docs/decisions/146).
      executablePath: "/usr/bin/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR },
  },
});

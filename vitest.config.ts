import os from "node:os";
import { defineConfig } from "vitest/config";

// On CI a failed test runs once more: a red run loses the whole change until a later session mends it, and a test that
// passes only on its second try is still named, as flaky, in the run's summary (scripts/lib.mjs; docs/decisions/149).
// A test that fails twice fails the run. Locally a failure is never retried.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one file at a time on a two-core machine. Most server test
    // files wait on sockets, timers and child processes as much as on the CPU, so two at once there took the PGlite pass
    // from about 6 to about 4.3 minutes and the PostgreSQL pass to about 3.3 (docs/decisions/145). The server files share
    // a module graph per worker (below).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs"],
          environment: "node",
          testTimeout: 20_000,
          retry,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          // Generous for slow CI machines (2–3× slower than a quiet one): a timeout there proves nothing about the shop.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          retry,
          pool: "forks",
          // A worker runs its files one after another in one module graph: importing the server (about 3 s) once per
          // worker instead of once per file took the PGlite pass from 337 to 197 s (docs/decisions/146). Each file still
          // builds its own app on its own database; what a file leaves running (a timer, a request) must not outlive it.
          isolate: false,
        },
      },
    ],
  },
});

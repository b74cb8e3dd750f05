import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
    ],
  },
});

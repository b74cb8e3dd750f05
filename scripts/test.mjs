// npm test: lint, typecheck, npm audit of production dependencies, unit, server tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), end-to-end in Chromium.
import { ensureChromium, ensureDeps, ensureNginx, run } from "./lib.mjs";

ensureDeps();
const steps = [
  ["lint", "npm", ["run", "lint", "--silent"]],
  ["typecheck", "npm", ["run", "typecheck", "--silent"]],
  ["npm audit (production, high/critical)", "node", ["scripts/audit.mjs"]],
  ["unit tests", "npx", ["vitest", "run", "--project", "unit"]],
  // *.pg.test.ts need a real PostgreSQL (several processes, SIGKILL, nginx): they run in the PostgreSQL pass only.
  ["server tests on PGlite", "npx", ["vitest", "run", "--project", "server", "--exclude", "**/*.pg.test.ts"], { env: { TEST_DATABASE_URL: "" } }],
];
// On PostgreSQL (and with TEST_REDIS_URL) the multi-instance tests run too, one of them behind nginx.
if (process.env.TEST_DATABASE_URL) steps.push(["server tests on PostgreSQL", "npx", ["vitest", "run", "--project", "server"], { before: ensureNginx }]);
steps.push(["web build", "npm", ["run", "build", "--silent"]]);
steps.push(["end-to-end tests in Chromium", "npx", ["playwright", "test"], { before: ensureChromium }]);

const results = [];
for (const [name, cmd, args, opts = {}] of steps) {
  console.log(`\n▶ ${name}`);
  opts.before?.();
  const started = Date.now();
  const code = run(cmd, args, { env: opts.env });
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
  if (code !== 0 && name === "web build") break;
}

console.log("\nSummary");
for (const r of results) console.log(`  ${r.ok ? "✓" : "✗"} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

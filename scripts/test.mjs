// npm test: lint, typecheck, npm audit of production dependencies, unit, server tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), end-to-end in Chromium.
import { ensureChromium, ensureDeps, printSummary, run, runTogether, serverPass, testReports } from "./lib.mjs";

ensureDeps();
// Each test step also writes a JSON report, so that the summary at the end names the failed tests.
const { report, vitestJson } = testReports("test-reports");
// The checks are single-threaded and independent of each other: they run at the same time, each reported on its own
// (together about 1 minute on two cores instead of 2; docs/decisions/146).
const checks = [
  ["lint", "npm", ["run", "lint", "--silent"]],
  ...["contracts", "server", "web"].map((part) => [`typecheck: ${part}`, "npm", ["run", `typecheck:${part}`, "--silent"]]),
  ["npm audit (production, high/critical)", "node", ["scripts/audit.mjs"]],
];
const steps = [
  ["unit tests", "npx", ["vitest", "run", "--project", "unit", ...vitestJson("unit")], { report: report("unit") }],
];
for (const database of process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]) {
  const pass = serverPass(database, { report, vitestJson });
  steps.push([pass.name, "npx", pass.args, { env: pass.env, report: pass.report, before: pass.before }]);
}
steps.push(["web build", "npm", ["run", "build", "--silent"]]);
// The browser tests run as shards at the same time, each against a server, database and output folder of its own
// (playwright.config.ts); on a two-core machine two shards take about three quarters of the time of one run
// (docs/decisions/145). E2E_SHARDS=1 runs them as one.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const e2eShards = Array.from({ length: shards }, (_, i) => ({
  label: `e2e ${i + 1}/${shards}`,
  cmd: "npx",
  args: ["playwright", "test", `--shard=${i + 1}/${shards}`],
  env: { E2E_PORT: String(3210 + i), E2E_JSON_REPORT: report(`e2e-${i + 1}`) },
}));
steps.push([
  "end-to-end tests in Chromium",
  null,
  e2eShards,
  { before: ensureChromium, report: e2eShards.map((s) => s.env.E2E_JSON_REPORT) },
]);

const results = [];
console.log(`\n▶ ${checks.map(([name]) => name).join(", ")}`);
results.push(
  ...(await Promise.all(
    checks.map(async ([name, cmd, args]) => {
      const started = Date.now();
      const [code] = await runTogether([{ label: name, cmd, args }]);
      return { name, ok: code === 0, seconds: (Date.now() - started) / 1000 };
    }),
  )),
);
for (const [name, cmd, args, opts = {}] of steps) {
  console.log(`\n▶ ${name}`);
  opts.before?.();
  const started = Date.now();
  // A step without a command is a list of jobs run together; it fails when one of them does.
  const code = cmd ? run(cmd, args, { env: opts.env }) : Math.max(...(await runTogether(args)));
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, report: opts.report });
  if (code !== 0 && name === "web build") break;
}

process.exit(printSummary("Summary", results) ? 1 : 0);

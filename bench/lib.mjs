// Helpers shared by the *.bench.mjs files (this file is not a benchmark itself).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawn } from "node:child_process";
import Fastify from "fastify";

// Measure what production runs: React and friends pick their production builds from this at import time
// (the app and React are imported dynamically below, after this line).
process.env.NODE_ENV = "production";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts the real app on 127.0.0.1 with the demo catalogue (seeded once into .data/bench, reused by later runs).
 * `web: true` also serves the production web build (run `npm run build` first).
 */
export async function startShop({ web = false } = {}) {
  const [{ buildApp }, { loadConfig }, { openPglite }, { seedIfEmpty }] = await Promise.all([
    import("../apps/server/src/app.ts"),
    import("../apps/server/src/env.ts"),
    import("../apps/server/src/db/client.ts"),
    import("../apps/server/src/db/seed.ts"),
  ]);
  const dataDir = path.join(root, ".data", "bench");
  const config = { ...loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0", ...(process.env.CATALOG_CACHE_MS ? { CATALOG_CACHE_MS: process.env.CATALOG_CACHE_MS } : {}) }), serveWeb: web };
  if (web && !fs.existsSync(path.join(config.webBuildDir, "server/index.js"))) throw new Error("No web build: run `npm run build` first.");
  const database = await openPglite(config.pgliteDir);
  await database.migrate();
  await seedIfEmpty(database.db, config, (m) => console.log(`  ${m}`));
  const app = await buildApp(config, { database, logger: false });
  app.addHook("onClose", () => database.close());
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  return { app, url, config, close: () => app.close() };
}

/** A bare Fastify server answering one path with fixed bytes: the ceiling a real route is compared with. */
export async function startBare(routePath, body, contentType) {
  const app = Fastify({ logger: false });
  app.get(routePath, (_req, reply) => reply.header("Content-Type", contentType).send(body));
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${app.server.address().port}`, close: () => app.close() };
}

const autocannonBin = path.join(root, "node_modules/autocannon/autocannon.js");

/** Runs autocannon in its own process (so the load generator does not steal the server's event loop). */
function cannon(url, connections, duration, headers = {}) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}=${value}`]);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonBin, "--json", "-c", String(connections), "-d", String(duration), "-t", "20", ...headerArgs, url], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

/** autocannon with bounded duration, after a short warm-up; returns the figures we print. `headers`: sent with every request. */
export async function load(url, { connections = 50, duration = 5, headers = {} } = {}) {
  await cannon(url, connections, 1, headers);
  // CPU time of this process (the server, when the bench runs it in-process) per answered request: unlike req/s it
  // hardly moves when other jobs share the machine.
  const cpuBefore = process.cpuUsage();
  const r = await cannon(url, connections, duration, headers);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, total: r.requests.total, cpuMs };
}

export function row(label, r) {
  return `  ${label.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export { summary } from "./summary.mjs";


/** autocannon over a list of paths (each request the next path), in its own process, after a 1 s warm-up. */
export async function loadPaths(origin, paths, { connections = 32, duration = 5, headers, warmUp = true } = {}) {
  const file = path.join(fs.mkdtempSync(path.join((await import("node:os")).tmpdir(), "khelkud-paths-")), "paths.txt");
  fs.writeFileSync(file, paths.join("\n"));
  const run = (seconds) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, "bench/cannon-paths.mjs"), origin, String(connections), String(seconds), file, ...(headers ? [JSON.stringify(headers)] : [])], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`))));
    });
  if (warmUp) await run(1);
  return run(duration);
}

// Memory of the server process on PostgreSQL: resident set size when idle after start, then during and after a soak
// of mixed load (guest and signed-in pages, the product API, searches nobody typed before, suggestions), and the
// growth from the idle figure after warm-up to the idle figure after the soak. Goals (issue 20): idle RSS ≤ 200 MB,
// growth ≤ 20% after 10 minutes. SOAK_SECONDS (600) shortens the soak; BENCH_DATABASE_URL (default the local
// server) is where a scratch database is made and dropped; skipped when PostgreSQL cannot be reached. Linux only
// (reads /proc). Needs `npm run build`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadPaths, root, summary } from "./lib.mjs";
import { postgresReachable } from "./scratch-db.mjs";
import { buildServer, SERVER_BUNDLE } from "../scripts/build-server.mjs";
import { SERVER_ENV } from "../scripts/lib.mjs";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const ROUND_SECONDS = Math.min(30, SOAK_SECONDS);
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** RSS after `seconds` without requests: the median of one sample per second over the last half. */
async function idleRss(pid, seconds) {
  const samples = [];
  for (let i = 0; i < seconds; i++) {
    await sleep(1000);
    if (i >= seconds / 2) samples.push(rss(pid).rss);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}


if (process.platform !== "linux") {
  console.log("  skipped: reads /proc (Linux only)");
  process.exit(0);
}
if (!(await postgresReachable(PG_URL))) {
  console.log(`  skipped: PostgreSQL not reachable at ${PG_URL}`);
  process.exit(0);
}
if (!fs.existsSync(path.join(root, "apps/web/build/server/index.js"))) throw new Error("No web build: run `npm run build` first.");

const name = `khelkud_bench_memory_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-memory-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// The real server, as `npm start` runs it (the bundle built ahead of time, development: demo data on the empty
// database), on PostgreSQL. MEMORY_SERVER=tsx runs the sources through tsx instead, as `npm start` did before.
const viaTsx = process.env.MEMORY_SERVER === "tsx";
if (!viaTsx) await buildServer();
console.log(`  server: ${viaTsx ? "sources through tsx" : `bundle (${path.relative(root, SERVER_BUNDLE)})`}; ${Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${process.env[k] ?? v}`).join(" ")}`);
function startServer() {
  return spawn(process.execPath, viaTsx ? ["--import", "tsx", "apps/server/src/server.ts"] : [SERVER_BUNDLE], {
    cwd: root,
    env: { ...SERVER_ENV, ...process.env, NODE_ENV: "development", DATABASE_URL: dbUrl.toString(), PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", REDIS_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
async function ready(child) {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error("the server did not become ready in 120 s");
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(500);
  }
}
async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => (child.exitCode !== null ? r() : child.on("exit", r)));
}
// The first start seeds the demo catalogue; the figures are from the second, as after any restart of a running shop.
let server = startServer();
try {
  await ready(server);
  await stop(server);
  server = startServer();
  await ready(server);
  console.log(`  ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}, soak ${SOAK_SECONDS} s in rounds of ${ROUND_SECONDS} s, 16 connections`);
  const coldIdle = await idleRss(server.pid, 10);
  console.log(`  idle after a restart on the seeded database, nothing requested yet: ${(coldIdle / MB).toFixed(0)} MB RSS`);

  const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email: "customer@khelkud.com.np", password: "Customer@2026" }) });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const products = (await (await fetch(`${origin}/api/products?limit=50`)).json()).data.products;
  const words = ["barcelona", "nepal", "jersey", "madrid", "cricket", "liverpool", "home", "away", "kit", "training", "manchester", "argentina"];
  const typo = (w, i) => (w.length > 4 ? w.slice(0, i % w.length) + w.slice((i % w.length) + 1) : w);
  const guestPaths = [];
  for (let i = 0; i < 600; i++) {
    const p = products[i % products.length];
    const w = words[i % words.length];
    guestPaths.push(
      ["/", "/products", `/products?page=${(i % 3) + 1}`, `/products/${p.slug}`][i % 4],
      `/api/products/${p.id}`,
      `/api/products?limit=20&page=${(i % 4) + 1}`,
      // A different query on most requests: misspelled, two words, a prefix.
      `/api/products/search?q=${encodeURIComponent(i % 3 === 0 ? typo(w, i) : `${w} ${words[(i * 7) % words.length]}`)}&page=${(i % 2) + 1}`,
      `/api/products/suggestions?q=${encodeURIComponent(w.slice(0, 3 + (i % 4)))}`,
    );
  }
  const signedInPaths = products.flatMap((p) => ["/", "/products", `/products/${p.slug}`, "/profile", "/cart"]);

  const samples = [];
  let warmIdle = null;
  let served = 0;
  let errors = 0;
  const statusCounts = new Map();
  /** "status path" → { count, body }: which requests got the answers other than 2xx (bench/cannon-paths.mjs). */
  const failures = new Map();
  const started = Date.now();
  for (let round = 0; (Date.now() - started) / 1000 < SOAK_SECONDS; round++) {
    const r = await loadPaths(origin, round % 2 === 0 ? guestPaths : signedInPaths, { connections: 16, duration: ROUND_SECONDS, warmUp: false, ...(round % 2 === 1 ? { headers: { cookie, "accept-encoding": "gzip, deflate, br" } } : { headers: { "accept-encoding": "gzip, deflate, br" } }) });
    served += r.total;
    errors += r.errors;
    for (const [code, { count }] of Object.entries(r.statusCodes ?? {})) if (!code.startsWith("2")) statusCounts.set(code, (statusCounts.get(code) ?? 0) + count);
    for (const f of r.failures ?? []) failures.set(f.key, { count: (failures.get(f.key)?.count ?? 0) + f.count, body: f.body });
    const now = rss(server.pid);
    samples.push(now.rss);
    console.log(`  ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s  ${round % 2 === 0 ? "guest + API + search" : "signed-in pages     "}  ${r.rps.toFixed(0).padStart(5)} req/s  RSS ${(now.rss / MB).toFixed(0)} MB`);
    if (round === 1) {
      warmIdle = await idleRss(server.pid, 10);
      console.log(`  idle after warm-up (one round of each): ${(warmIdle / MB).toFixed(0)} MB RSS`);
    }
  }
  const endIdle = await idleRss(server.pid, 20);
  warmIdle ??= coldIdle;
  const growth = (endIdle - warmIdle) / warmIdle;
  if (statusCounts.size) console.log(`  answers other than 2xx: ${[...statusCounts].map(([c, n]) => `${n} × ${c}`).join(", ")}`);
  for (const [key, f] of [...failures].sort((a, b) => b[1].count - a[1].count).slice(0, 20)) console.log(`    ${String(f.count).padStart(5)} × ${key}  ${JSON.stringify(f.body.slice(0, 160))}`);
  const peak = rss(server.pid).peak;
  console.log(`  ${served} requests (${errors} errors); RSS idle after start ${(coldIdle / MB).toFixed(0)} MB (goal ≤ 200), after warm-up ${(warmIdle / MB).toFixed(0)} MB, after the soak ${(endIdle / MB).toFixed(0)} MB: growth ${(growth * 100).toFixed(1)}% (goal ≤ 20%), peak ${(peak / MB).toFixed(0)} MB`);
  summary("memory", "idle RSS on PostgreSQL (goal ≤ 200 MB)", `${(coldIdle / MB).toFixed(0)} MB after start, ${(warmIdle / MB).toFixed(0)} MB after warm-up`);
  summary("memory", `growth over a ${SOAK_SECONDS} s soak (goal ≤ 20%)`, `${(growth * 100).toFixed(1)}% (${(warmIdle / MB).toFixed(0)} → ${(endIdle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, ${served} requests, ${errors} errors)`);
} finally {
  await stop(server);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

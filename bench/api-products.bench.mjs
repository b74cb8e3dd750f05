// The product APIs with every cache off (CATALOG_CACHE_MS=0), on the demo catalogue, on PGlite and PostgreSQL:
// product detail (`GET /api/products/{id}`, a different product on every request) and the list
// (`GET /api/products`, pages of 20 and 50 in turn), 32 connections, with the server's CPU time per request, each
// beside issue 20's goal (2× the original shop: detail 2,500 → 5,000 req/s; the list, for which the issue gives no
// figure of the original, against the same 5,000 for its default page of 20). Then the list as the catalogue cache
// serves it, against a bare Fastify route sending the same bytes (target ≥ 0.6).
// BENCH_DATABASES (pglite,postgres) narrows it; BENCH_DATABASE_URL is where a scratch database is made.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadPaths, load, row, startBare, summary } from "./lib.mjs";
import { backendCpu, postgresReachable, scratchPostgres } from "./scratch-db.mjs";

const { openPglite, openPostgres } = await import("../apps/server/src/db/client.ts");
const { buildApp } = await import("../apps/server/src/app.ts");
const { loadConfig } = await import("../apps/server/src/env.ts");
const { seedIfEmpty } = await import("../apps/server/src/db/seed.ts");

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const GOAL_RPS = 5000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-api-"));

console.log(`  ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);

/** Load over a list of paths with the server's CPU per answered request (this process, plus PostgreSQL's backends for the scratch database). */
async function loadWithCpu(origin, paths, dbName) {
  await loadPaths(origin, paths, { connections: CONNECTIONS, duration: 1, warmUp: false });
  const [cpu0, db0] = [process.cpuUsage(), await backendCpu(PG_URL, dbName)];
  const r = await loadPaths(origin, paths, { connections: CONNECTIONS, warmUp: false });
  const [cpu, db1] = [process.cpuUsage(cpu0), await backendCpu(PG_URL, dbName)];
  let dbMs = 0;
  for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
  const total = Math.max(1, r.total);
  return { ...r, appMs: (cpu.user + cpu.system) / 1000 / total, dbMs: dbMs / total };
}

const line = (label, r) =>
  `  ${label.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  CPU/request ${r.appMs.toFixed(2)} ms app${r.dbMs ? ` + ${r.dbMs.toFixed(2)} ms PostgreSQL` : ""}  ${(r.rps / GOAL_RPS).toFixed(2)} of ${GOAL_RPS} (${r.rps >= GOAL_RPS ? "met" : "missed"})`;

async function open(kind) {
  if (kind === "pglite") return { database: await openPglite("memory://"), drop: async () => {}, dbName: undefined };
  const scratch = await scratchPostgres("api");
  if (!scratch) return null;
  return { database: openPostgres(scratch.url, 32), drop: scratch.drop, dbName: new URL(scratch.url).pathname.slice(1) };
}

for (const kind of (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",")) {
  if (kind === "postgres" && !(await postgresReachable(PG_URL))) {
    console.log(`\n  PostgreSQL at ${PG_URL} unreachable: skipped`);
    continue;
  }
  const opened = await open(kind);
  if (!opened) continue;
  const { database, drop, dbName } = opened;
  const tag = kind === "pglite" ? "PGlite" : "PostgreSQL";
  console.log(`\n  ${tag}, every cache off, ${CONNECTIONS} connections`);
  try {
    await database.migrate();
    const config = { ...loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0", CATALOG_CACHE_MS: "0" }), serveWeb: false };
    await seedIfEmpty(database.db, config, () => {});
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${app.server.address().port}`;
    try {
      const first = await (await fetch(`${origin}/api/products?limit=50`)).json();
      const ids = first.data.products.map((p) => p.id);
      const detailBody = await (await fetch(`${origin}/api/products/${ids[0]}`)).text();
      const page20 = await (await fetch(`${origin}/api/products?limit=20`)).text();
      const page50 = await (await fetch(`${origin}/api/products?limit=50`)).text();
      const kb = (s) => `${(Buffer.byteLength(s) / 1024).toFixed(1)} KB`;
      console.log(`  ${ids.length} products; detail ${kb(detailBody)}, list of 20 ${kb(page20)}, list of 50 ${kb(page50)}`);
      const detail = await loadWithCpu(origin, ids.map((id) => `/api/products/${id}`), dbName);
      const sorts = ["newest", "name", "price-low", "price-high", "rating"];
      const list20 = await loadWithCpu(origin, sorts.flatMap((s) => [1, 2, 3].map((p) => `/api/products?limit=20&page=${p}&sort=${s}`)), dbName);
      const list50 = await loadWithCpu(origin, sorts.map((s) => `/api/products?limit=50&sort=${s}`), dbName);
      console.log(line("detail /api/products/{id}", detail));
      console.log(line("list ?limit=20", list20));
      console.log(line("list ?limit=50", list50));
      const cpu = (r) => `${(r.appMs + r.dbMs).toFixed(2)} ms CPU`;
      summary("api-products", `${tag} uncached detail`, `${detail.rps.toFixed(0)} req/s (${(detail.rps / GOAL_RPS).toFixed(2)} of goal ${GOAL_RPS}), p99 ${detail.p99} ms, ${cpu(detail)}`);
      summary("api-products", `${tag} uncached list of 20 / 50`, `${list20.rps.toFixed(0)} / ${list50.rps.toFixed(0)} req/s (${(list20.rps / GOAL_RPS).toFixed(2)} of goal ${GOAL_RPS} for 20), ${cpu(list20)} / ${cpu(list50)}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

// The list as the catalogue cache serves it (CATALOG_CACHE_MS as in production), against a bare route with its bytes.
{
  const database = await openPglite("memory://");
  await database.migrate();
  const config = { ...loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0" }), serveWeb: false };
  await seedIfEmpty(database.db, config, () => {});
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  try {
    const p = "/api/products?limit=50";
    const body = await (await fetch(url + p)).text();
    const bare = await startBare("/api/products", body, "application/json; charset=utf-8");
    try {
      const real = await load(url + p);
      const ceiling = await load(bare.url + p);
      console.log(`\n  cached (CATALOG_CACHE_MS ${config.catalogCacheMs} ms), PGlite, 50 connections`);
      console.log(row("app  /api/products?limit=50", real));
      console.log(row("bare precomputed bytes", ceiling));
      console.log(`  ratio app/bare throughput: ${(real.rps / ceiling.rps).toFixed(2)} (target ≥ 0.6)`);
      summary("api-products", "cached GET /api/products?limit=50", `${real.rps.toFixed(0)} req/s, p99 ${real.p99} ms, ${(real.rps / ceiling.rps).toFixed(2)} of bare`);
    } finally {
      await bare.close();
    }
  } finally {
    await app.close();
    await database.close();
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });

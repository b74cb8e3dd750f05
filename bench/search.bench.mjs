// Search at 1,000, 10,000 and 100,000 generated products, on PGlite (in memory) and PostgreSQL (a scratch
// database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; skipped when unreachable).
// For each size: recall of misspelled queries, single-user p50/p95 of typical, misspelled and suggestion queries
// over HTTP (a different query on every request), throughput of search and suggestions at 32 connections against
// the uncached product-detail API in the same run, and the time to build the search index and vocabulary from
// scratch. The server runs with CATALOG_CACHE_MS=0: no answer is cached, only each query word's vocabulary candidates
// (SEARCH_WORD_CACHE_MS, default 500 as in production; set it to 0 to measure without; docs/decisions/097).
// `BENCH_SIZES=1000,10000` runs fewer sizes, `BENCH_DATABASES=postgres` one database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { loadPaths, percentile, summary } from "./lib.mjs";
// The seed's generator (bench/run.mjs runs benches through tsx, so they import the server's TypeScript directly).
import { mulberry32 } from "../apps/server/src/lib/seeded-random.ts";
import { backendCpu, postgresReachable } from "./scratch-db.mjs";

process.env.NODE_ENV = "production";
const { openPglite, openPostgres } = await import("../apps/server/src/db/client.ts");
const { buildApp } = await import("../apps/server/src/app.ts");
const { loadConfig } = await import("../apps/server/src/env.ts");
const { sql } = await import("drizzle-orm");

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const TEAMS = [
  "FC Barcelona",
  "Real Madrid",
  "Manchester United",
  "Liverpool",
  "Arsenal",
  "Chelsea",
  "Bayern Munich",
  "Juventus",
  "AC Milan",
  "Inter Milan",
  "Paris Saint-Germain",
  "Borussia Dortmund",
  "Argentina",
  "Brazil",
  "Portugal",
  "France",
  "Germany",
  "Spain",
  "England",
  "Nepal National Team",
  "Nepal Cricket Team",
  "India",
  "Australia",
  "Pakistan",
  "Sri Lanka",
  "Los Angeles Lakers",
  "Golden State Warriors",
  "Chicago Bulls",
  "Boston Celtics",
  "Miami Heat",
  "Janakpur Bolts",
  "Kathmandu Gurkhas",
  "Pokhara Avengers",
  "Chitwan Rhinos",
  "Lumbini Lions",
  "Karnali Yaks",
  "Biratnagar Kings",
  "Sudurpaschim Royals",
  "Inter Miami",
  "Al Nassr",
];
const KITS = ["Home", "Away", "Third", "Training", "Retro", "Icon Edition", "Association Edition", "Statement Edition", "ODI", "T20 World Cup"];
const PLAYERS = [
  "Messi",
  "Ronaldo",
  "Mbappe",
  "Haaland",
  "Salah",
  "Kane",
  "Bellingham",
  "Vinicius",
  "LeBron James",
  "Stephen Curry",
  "Kohli",
  "Rohit Paudel",
  "Sandeep Lamichhane",
  "Kushal Bhurtel",
  "Dipendra Singh Airee",
  "",
  "",
  "",
  "",
  "",
];
const BRANDS = ["Nike", "Adidas", "Puma", "Kelme", "Shikhar", "Under Armour", "Castore", "Asics", "Li-Ning", "Moose"];
const arr = (xs) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

async function generate(db, from, to) {
  await db.execute(
    sql.raw(`INSERT INTO products (id, name, slug, description, brand, team, category_id, price, featured, created_at)
    SELECT 'bench' || g,
      t.teams[1 + g % ${TEAMS.length}] || ' ' || t.kits[1 + (g / ${TEAMS.length}) % ${KITS.length}] || ' Jersey ' || (1990 + g % 37)
        || CASE WHEN t.players[1 + g % ${PLAYERS.length}] <> '' THEN ' – ' || t.players[1 + g % ${PLAYERS.length}] || ' #' || (1 + g % 99) ELSE '' END,
      'bench-' || g,
      'The ' || lower(t.kits[1 + (g / ${TEAMS.length}) % ${KITS.length}]) || ' shirt of ' || t.teams[1 + g % ${TEAMS.length}] || ', style ' || md5(g::text) || '. Breathable fabric, woven crest, fan fit.',
      t.brands[1 + g % ${BRANDS.length}],
      t.teams[1 + g % ${TEAMS.length}],
      'bench-cat-' || (g % 4),
      100000 + (g % 90) * 10000,
      g % 50 = 0,
      now() - (g || ' minutes')::interval
    FROM generate_series(${from}, ${to}) g,
      (SELECT ${arr(TEAMS)} AS teams, ${arr(KITS)} AS kits, ${arr(PLAYERS)} AS players, ${arr(BRANDS)} AS brands) t`),
  );
  await db.execute(
    sql.raw(
      `INSERT INTO product_sizes (product_id, size, stock, sort_order) SELECT 'bench' || g, s.size, 10, s.i FROM generate_series(${from}, ${to}) g, (VALUES ('M', 0), ('L', 1)) s(size, i)`,
    ),
  );
  await db.execute(sql`ANALYZE`);
}

const rand = mulberry32(20261124);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const KEYS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
function neighbour(c) {
  const r = KEYS.findIndex((row) => row.includes(c));
  if (r < 0) return c;
  const i = KEYS[r].indexOf(c);
  return KEYS[r][i + 1] ?? KEYS[r][i - 1];
}
/** One typo of a random kind at a random position: deletion, swap of neighbours, neighbouring key, doubled letter. */
function typo(w) {
  const i = Math.floor(rand() * (w.length - 1));
  switch (Math.floor(rand() * 4)) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1);
    case 1:
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    case 2:
      return w.slice(0, i) + neighbour(w[i]) + w.slice(i + 1);
    default:
      return w.slice(0, i + 1) + w[i] + w.slice(i + 1);
  }
}
/** Misspells every word as a shopper might: one typo from 5 letters, two from 9; short words stay. */
const misspell = (q) =>
  q
    .split(" ")
    .map((w) => (/^[a-z]+$/.test(w) && w.length >= 9 ? typo(typo(w)) : /^[a-z]+$/.test(w) && w.length >= 5 ? typo(w) : w))
    .join(" ");

const lower = (s) => s.toLowerCase();
const words = (s) =>
  lower(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** Typical queries, all different: a team and a kit, a player and a year, a brand and a team word, and so on. */
function typicalQueries(n) {
  const seen = new Set();
  const patterns = [
    () => `${lower(pick(TEAMS))} ${lower(pick(KITS))}`,
    () => `${lower(pick(PLAYERS.filter(Boolean)))} ${1990 + Math.floor(rand() * 37)}`,
    () => `${lower(pick(BRANDS))} ${pick(words(pick(TEAMS)))} ${lower(pick(KITS))}`,
    () => `${pick(words(pick(TEAMS)))} jersey ${1990 + Math.floor(rand() * 37)}`,
    () => `${lower(pick(TEAMS))}`,
  ];
  const out = [];
  for (let guard = 0; out.length < n && guard < n * 50; guard++) {
    const q = pick(patterns)();
    if (seen.has(q)) continue;
    seen.add(q);
    out.push(q);
  }
  return out;
}
/** What a shopper has typed so far: the query with its last word cut short, sometimes with a typo. */
function suggestionQueries(queries) {
  return queries.map((q) => {
    const parts = q.split(" ");
    const last = parts.pop();
    const cut = /^[a-z]+$/.test(last) && last.length > 4 ? last.slice(0, 3 + Math.floor(rand() * (last.length - 3))) : last;
    const typed = cut.length >= 6 && rand() < 0.5 ? typo(cut) : cut;
    return [...parts, typed].join(" ");
  });
}

const searchPath = (q) => `/api/products/search?q=${encodeURIComponent(q)}&limit=20`;
const suggestPath = (q) => `/api/products/suggestions?q=${encodeURIComponent(q)}`;

async function timeEach(origin, paths) {
  const times = [];
  const bodies = [];
  for (const p of paths) {
    const t0 = performance.now();
    // A kept-alive connection the server closed while products were generated fails once: ask again.
    const res = await fetch(origin + p).catch(() => fetch(origin + p));
    const body = await res.json();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
    bodies.push(body.data);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bodies };
}

/** Rebuilds the search structures from scratch: the two word indexes and the vocabulary. */
async function buildIndexes(db) {
  const t0 = performance.now();
  await db.execute(sql`REINDEX INDEX products_search_words_idx`);
  await db.execute(sql`REINDEX INDEX products_search_text_words_idx`);
  await db.execute(sql`TRUNCATE search_vocabulary`);
  await db.execute(sql`INSERT INTO search_vocabulary (word, products, categories)
    SELECT w, sum(p)::int, sum(c)::int FROM (
      SELECT w, count(*) AS p, 0 AS c FROM (SELECT DISTINCT id, w FROM products, unnest(search_words) w WHERE status = 'ACTIVE') x GROUP BY w
      UNION ALL
      SELECT w, 0, count(*) FROM (SELECT DISTINCT id, w FROM categories, unnest(khelkud_search_words(name)) w WHERE type = 'PRODUCT' AND status = 'ACTIVE') y GROUP BY w
    ) z GROUP BY w`);
  await db.execute(sql`ANALYZE search_vocabulary`);
  return performance.now() - t0;
}

/**
 * Load over a list of paths at 32 connections, with the server's CPU time per answered request: this process's (the
 * app, and PGlite inside it) plus, on PostgreSQL, the database's server processes for the scratch database. Unlike
 * req/s, CPU per request hardly moves when other jobs share the machine (the same idea as bench/lib.mjs `load`).
 */
async function loadWithCpu(origin, paths, dbName) {
  await loadPaths(origin, paths, { duration: 1, warmUp: false });
  const [cpu0, db0] = [process.cpuUsage(), await backendCpu(PG_URL, dbName)];
  const r = await loadPaths(origin, paths, { warmUp: false });
  const [cpu, db1] = [process.cpuUsage(cpu0), await backendCpu(PG_URL, dbName)];
  let dbMs = 0;
  for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
  const n = Math.max(1, r.total ?? r.rps * 5);
  return { ...r, nodeMs: (cpu.user + cpu.system) / 1000 / n, dbMs: dbMs / n, cpuMs: ((cpu.user + cpu.system) / 1000 + dbMs) / n };
}

async function openScratch(kind) {
  if (kind === "pglite") return { database: await openPglite("memory://"), drop: async () => {}, dbName: undefined };
  const name = `khelkud_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    dbName: name,
    database: openPostgres(u.toString(), 32),
    drop: async () => {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}


const WORD_CACHE_MS = process.env.SEARCH_WORD_CACHE_MS ?? "500";
console.log(
  `  ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}; SEARCH_WORD_CACHE_MS=${WORD_CACHE_MS}`,
);
console.log("  Goals (issues 19, 20): p95 ≤ 50 ms at 100,000 products; p95 at 100,000 ≤ 2× the figure at 1,000; search ≥ 0.5 of product detail at 10,000 and 100,000");
const fmt = (r) => `p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms`;
const typical = typicalQueries(ROUNDS * SIZES.length * 2 + 400);
let cursor;
const take = (n) => typical.slice(cursor, (cursor += n));

for (const kind of (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",")) {
  cursor = 0;
  if (kind === "postgres" && !(await postgresReachable(PG_URL))) {
    console.log(`\n  PostgreSQL at ${PG_URL} unreachable: skipped`);
    continue;
  }
  console.log(`\n  ${kind === "pglite" ? "PGlite (in memory)" : "PostgreSQL"}`);
  const { database, drop, dbName } = await openScratch(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-search-"));
  try {
    await database.migrate();
    const db = database.db;
    await db.execute(
      sql.raw(
        `INSERT INTO categories (id, name, slug, type) VALUES ('bench-cat-0','Football Jerseys','football-jerseys','PRODUCT'),('bench-cat-1','Basketball Jerseys','basketball-jerseys','PRODUCT'),('bench-cat-2','Cricket Jerseys','cricket-jerseys','PRODUCT'),('bench-cat-3','Training Wear','training-wear','PRODUCT')`,
      ),
    );
    const config = { ...loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0", CATALOG_CACHE_MS: "0", SEARCH_WORD_CACHE_MS: WORD_CACHE_MS }), serveWeb: false };
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${app.server.address().port}`;
    let have = 0;
    const firstP95 = {};
    try {
      for (const size of SIZES) {
        const t0 = performance.now();
        for (let from = have + 1; from <= size; from += 20_000) await generate(db, from, Math.min(from + 19_999, size));
        const insertS = (performance.now() - t0) / 1000;
        have = size;
        const buildMs = await buildIndexes(db);
        const [{ n: vocabulary }] = (await db.execute(sql`SELECT count(*)::int AS n FROM search_vocabulary`)).rows;

        const queries = take(ROUNDS);
        const misspelled = queries.map(misspell);
        const suggestions = suggestionQueries(take(ROUNDS));
        await timeEach(origin, take(10).map(searchPath)); // warm-up
        const r = {
          typical: await timeEach(origin, queries.map(searchPath)),
          misspelled: await timeEach(origin, misspelled.map(searchPath)),
          suggestion: await timeEach(origin, suggestions.map(suggestPath)),
        };
        // Recall: a misspelled query finds at least what the query spelt right finds.
        const found = misspelled.filter(
          (_, i) => r.typical.bodies[i].pagination.total > 0 && r.misspelled.bodies[i].pagination.total >= r.typical.bodies[i].pagination.total,
        ).length;
        const answerable = r.typical.bodies.filter((b) => b.pagination.total > 0).length;
        const recall = found / answerable;

        const ids = Array.from({ length: 2000 }, (_, i) => `/api/products/bench${1 + ((i * 7919) % size)}`);
        const detail = await loadWithCpu(origin, ids, dbName);
        const searchLoad = await loadWithCpu(origin, [...take(150), ...typicalQueries(3000).map(misspell)].map(searchPath), dbName);
        const suggestLoad = await loadWithCpu(origin, suggestionQueries(typicalQueries(3000)).map(suggestPath), dbName);
        // The same load with the queries spelt right (new ones: not the single-user or the misspelled load's).
        const typicalLoad = await loadWithCpu(origin, typicalQueries(3000).map(searchPath), dbName);
        const cpuText = (r) => `server CPU ${r.cpuMs.toFixed(2)} ms/request${dbName ? ` (Node ${r.nodeMs.toFixed(2)} + PostgreSQL ${r.dbMs.toFixed(2)})` : ""}`;
        const cpuRatio = (r) => `${(detail.cpuMs / r.cpuMs).toFixed(2)} of product detail by CPU (goal ≥ 0.5: ${detail.cpuMs / r.cpuMs >= 0.5 ? "met" : "missed"})`;

        console.log(
          `    ${size.toLocaleString("en")} products (inserted in ${insertS.toFixed(1)} s with the vocabulary triggers; rebuilding index and vocabulary of ${vocabulary} words: ${(buildMs / 1000).toFixed(2)} s)`,
        );
        console.log(`      recall of misspelled queries: ${(recall * 100).toFixed(1)}% (${found}/${answerable})`);
        for (const k of ["typical", "misspelled", "suggestion"]) {
          firstP95[k] ??= r[k].p95;
          const goal = size >= 100_000 ? `  (goal ≤ 50 ms: ${r[k].p95 <= 50 ? "met" : "missed"}; ≤ 2× of ${SIZES[0].toLocaleString("en")}: ${r[k].p95 <= 2 * firstP95[k] ? "met" : "missed"})` : "";
          console.log(`      ${k.padEnd(11)} single user  ${fmt(r[k])}   p95 ×${(r[k].p95 / firstP95[k]).toFixed(1)} of ${SIZES[0].toLocaleString("en")}${goal}`);
        }
        console.log(`      product detail  ${detail.rps.toFixed(0).padStart(6)} req/s  p99 ${detail.p99} ms  errors ${detail.errors}   ${cpuText(detail)}`);
        console.log(
          `      search, misspelt ${searchLoad.rps.toFixed(0).padStart(6)} req/s  p99 ${searchLoad.p99} ms  errors ${searchLoad.errors}   ${(searchLoad.rps / detail.rps).toFixed(2)} of product detail (goal ≥ 0.5: ${searchLoad.rps / detail.rps >= 0.5 ? "met" : "missed"})\n        ${cpuText(searchLoad)}; ${cpuRatio(searchLoad)}`,
        );
        console.log(
          `      search, spelt right ${typicalLoad.rps.toFixed(0).padStart(6)} req/s  p99 ${typicalLoad.p99} ms  errors ${typicalLoad.errors}   ${(typicalLoad.rps / detail.rps).toFixed(2)} of product detail\n        ${cpuText(typicalLoad)}; ${cpuRatio(typicalLoad)}`,
        );
        console.log(
          `      suggestions     ${suggestLoad.rps.toFixed(0).padStart(6)} req/s  p99 ${suggestLoad.p99} ms  errors ${suggestLoad.errors}   ${(suggestLoad.rps / detail.rps).toFixed(2)} of product detail (goal ≥ 0.5: ${suggestLoad.rps / detail.rps >= 0.5 ? "met" : "missed"})\n        ${cpuText(suggestLoad)}; ${cpuRatio(suggestLoad)}`,
        );
        const tag = `${kind} ${size >= 1000 ? `${size / 1000}k` : size}`;
        summary(
          "search",
          `${tag} p95 typical/misspelled/suggest`,
          `${r.typical.p95.toFixed(1)} / ${r.misspelled.p95.toFixed(1)} / ${r.suggestion.p95.toFixed(1)} ms, recall ${(recall * 100).toFixed(0)}%`,
        );
        summary(
          "search",
          `${tag} misspelt search vs detail`,
          `${searchLoad.rps.toFixed(0)} vs ${detail.rps.toFixed(0)} req/s (${(searchLoad.rps / detail.rps).toFixed(2)}); CPU ${searchLoad.cpuMs.toFixed(2)} vs ${detail.cpuMs.toFixed(2)} ms (${(detail.cpuMs / searchLoad.cpuMs).toFixed(2)})`,
        );
        summary(
          "search",
          `${tag} spelt right / suggest vs detail (CPU)`,
          `${(detail.cpuMs / typicalLoad.cpuMs).toFixed(2)} / ${(detail.cpuMs / suggestLoad.cpuMs).toFixed(2)} (${typicalLoad.rps.toFixed(0)} / ${suggestLoad.rps.toFixed(0)} req/s)`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => {});
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

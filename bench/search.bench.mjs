// Search latency (p50/p95) for typical and misspelled queries with 1,000 and with 100,000 generated products.
import { performance } from "node:perf_hooks";
import { percentile } from "./lib.mjs";
import { summary } from "./summary.mjs";

const { openPglite } = await import("../apps/server/src/db/client.ts");
const { createCatalogService } = await import("../apps/server/src/modules/catalog/catalog.service.ts");
const { sql } = await import("drizzle-orm");

const TEAMS = ["FC Barcelona", "Real Madrid", "Manchester United", "Liverpool", "Arsenal", "Chelsea", "Bayern Munich", "Juventus", "AC Milan", "Inter Milan", "Paris Saint-Germain", "Borussia Dortmund", "Argentina", "Brazil", "Portugal", "France", "Germany", "Spain", "England", "Nepal National Team", "Nepal Cricket Team", "India", "Australia", "Pakistan", "Sri Lanka", "Los Angeles Lakers", "Golden State Warriors", "Chicago Bulls", "Boston Celtics", "Miami Heat", "Janakpur Bolts", "Kathmandu Gurkhas", "Pokhara Avengers", "Chitwan Rhinos", "Lumbini Lions", "Karnali Yaks", "Biratnagar Kings", "Sudurpaschim Royals", "Inter Miami", "Al Nassr"];
const KITS = ["Home", "Away", "Third", "Training", "Retro", "Icon Edition", "Association Edition", "Statement Edition", "ODI", "T20 World Cup"];
const PLAYERS = ["Messi", "Ronaldo", "Mbappe", "Haaland", "Salah", "Kane", "Bellingham", "Vinicius", "LeBron James", "Stephen Curry", "Kohli", "Rohit Paudel", "Sandeep Lamichhane", "Kushal Bhurtel", "Dipendra Singh Airee", "", "", "", "", ""];
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
  await db.execute(sql`ANALYZE products`);
}

const QUERIES = {
  typical: ["barcelona", "nepal cricket", "lakers jersey", "messi", "adidas home"],
  misspelled: ["barcelna", "nepl criket", "lakres jersy", "mesi", "adiddas hom"],
};

async function measure(catalog, rounds) {
  const out = {};
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const times = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of queries) {
        const t0 = performance.now();
        await catalog.searchProducts({ q, page: 1, limit: 50, sortBy: "relevance", sortOrder: "desc" });
        times.push(performance.now() - t0);
      }
    }
    times.sort((a, b) => a - b);
    out[kind] = { p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return out;
}

const database = await openPglite("memory://");
await database.migrate();
const db = database.db;
await db.execute(
  sql.raw(`INSERT INTO categories (id, name, slug, type) VALUES ('bench-cat-0','Football Jerseys','football-jerseys','PRODUCT'),('bench-cat-1','Basketball Jerseys','basketball-jerseys','PRODUCT'),('bench-cat-2','Cricket Jerseys','cricket-jerseys','PRODUCT'),('bench-cat-3','Training Wear','training-wear','PRODUCT')`),
);
const catalog = createCatalogService(db, { cacheMs: 0 });
const fmt = (r) => `p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms`;

await generate(db, 1, 1000);
await measure(catalog, 2); // warm-up
const small = await measure(catalog, 6);
console.log(`  1,000 products`);
for (const k of Object.keys(small)) console.log(`    ${k.padEnd(11)} ${fmt(small[k])}`);

let t0 = performance.now();
for (let from = 1001; from <= 100_000; from += 11_000) await generate(db, from, Math.min(from + 10_999, 100_000));
console.log(`  (generated 99,000 more in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
await measure(catalog, 1);
const large = await measure(catalog, 6);
console.log(`  100,000 products`);
for (const k of Object.keys(large)) summary("search", `${k} at 100k`, `p95 ${large[k].p95.toFixed(1)} ms (×${(large[k].p95 / small[k].p95).toFixed(1)} of 1k)`);
for (const k of Object.keys(large)) console.log(`    ${k.padEnd(11)} ${fmt(large[k])}   p95 ×${(large[k].p95 / small[k].p95).toFixed(1)} of 1k (target ≤ 2)`);

// Show that matching uses the indexes rather than reading the whole table.
const { rows } = await database.pglite.query(
  `EXPLAIN SELECT count(*) FROM products WHERE status = 'ACTIVE' AND (lower(name || ' ' || brand || ' ' || coalesce(team, '') || ' ' || description) LIKE '%barcelna%' OR 'barcelna' <% lower(name || ' ' || brand || ' ' || coalesce(team, '')) OR to_tsvector('english'::regconfig, name || ' ' || brand || ' ' || coalesce(team, '') || ' ' || description) @@ plainto_tsquery('english', 'barcelna'))`,
);
const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
console.log(`  plan for a misspelled match: ${/Seq Scan on products/.test(plan) ? "SEQUENTIAL SCAN" : "index scans"} (${[...new Set(plan.match(/products_\w+_idx/g) ?? [])].join(", ")})`);
await database.close();

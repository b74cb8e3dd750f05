// The embedded database's upkeep (docs/decisions/161): PGlite has no autovacuum. On a PGlite on disk with the demo
// catalogue, stock changes as orders make them (BENCH_CHANGES, default 20,000, in ten rounds), once without the
// upkeep and once with a pass after each round: the size of product_sizes with its indexes as the changes go on, the
// list's p50/p95 (GET /api/products?limit=20, pages 1–3 by price, through app.inject) and what the passes cost.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { summary } from "./summary.mjs";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/env.ts";
import { openPglite } from "../apps/server/src/db/client.ts";
import { seedIfEmpty } from "../apps/server/src/db/seed.ts";
import { upkeepPass } from "../apps/server/src/db/embedded-upkeep.ts";

const CHANGES = Number(process.env.BENCH_CHANGES ?? 20_000);
const ROUNDS = 10;
const kb = (n) => `${Math.round(n / 1024).toLocaleString("en")} KB`;

console.log(`  ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);

async function run(withUpkeep) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-upkeep-"));
  const database = await openPglite(path.join(dir, "db"));
  const config = { ...loadConfig({ NODE_ENV: "production", DATA_DIR: dir, LOG_LEVEL: "silent", PORT: "0", CATALOG_CACHE_MS: "0" }), serveWeb: false };
  let app;
  try {
    await database.migrate();
    await seedIfEmpty(database.db, config, () => {});
    app = await buildApp(config, { database, logger: false });
    const one = async (q) => (await database.db.execute(q)).rows;
    const size = async () => Number((await one(sql`SELECT pg_total_relation_size('product_sizes') AS n`))[0].n);
    const list = async (n = 200) => {
      const times = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await app.inject({ url: `/api/products?limit=20&page=${1 + (i % 3)}&sort=price-low` });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return `p50 ${times[n >> 1].toFixed(2)} ms  p95 ${times[Math.floor(n * 0.95)].toFixed(2)} ms`;
    };
    const sizes = await one(sql`SELECT product_id, size FROM product_sizes`);
    console.log(`\n  upkeep ${withUpkeep ? "after each round" : "off"}: ${sizes.length} sizes, product_sizes ${kb(await size())}, list ${await list()}`);
    let passMs = 0;
    let longest = 0;
    let kept = "";
    for (let round = 1; round <= ROUNDS; round++) {
      for (let i = 0; i < CHANGES / ROUNDS; i++) {
        const s = sizes[Math.floor(Math.random() * sizes.length)];
        await database.db.execute(sql`UPDATE product_sizes SET stock = greatest(stock + ${i % 2 ? 1 : -1}, 0) WHERE product_id = ${s.product_id} AND size = ${s.size}`);
      }
      if (withUpkeep) {
        const t0 = performance.now();
        const steps = await upkeepPass(database.db);
        passMs += performance.now() - t0;
        longest = Math.max(longest, ...steps.map((s) => s.ms));
      }
      if (round % 5 === 0) {
        kept = `${kb(await size())}, list ${await list()}`;
        console.log(`    after ${((round * CHANGES) / ROUNDS).toLocaleString("en")} stock changes: product_sizes ${kept}`);
      }
    }
    if (withUpkeep) console.log(`    ${ROUNDS} passes: ${passMs.toFixed(0)} ms in all, longest statement ${longest} ms`);
    summary("embedded-upkeep", `product_sizes after ${CHANGES.toLocaleString("en")} stock changes, upkeep ${withUpkeep ? "on" : "off"}`, kept);
  } finally {
    await app?.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await run(false);
await run(true);

// Order placement throughput with contention, on PostgreSQL (127.0.0.1 only). Prints figures; asserts nothing
// except that no size was oversold. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// is used only to create and drop a scratch database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { scratchPostgres } from "./scratch-db.mjs";
import { performance } from "node:perf_hooks";
import { summary } from "./summary.mjs";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/env.ts";
import { openPostgres } from "../apps/server/src/db/client.ts";
import { insertProduct, insertUser } from "../apps/server/src/test/factories.ts";

const scratch = await scratchPostgres("orders");
if (!scratch) process.exit(0);
const database = openPostgres(scratch.url, 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-"));
let app;
try {
  await database.migrate();
  const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" }), serveWeb: false };
  app = await buildApp(config, { database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const db = database.db;

  const users = [];
  for (let i = 0; i < 50; i++) {
    const u = await insertUser(db);
    const { token } = await app.services.sessions.create(u.id, { persistent: false });
    users.push(token);
  }
  const address = { fullName: "Bench Buyer", email: "bench@example.com", phone: "9800000000", address: "Thamel", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };

  async function run(label, { orders, concurrency, lines }) {
    const latencies = [];
    const codes = new Map();
    let next = 0;
    const started = performance.now();
    async function worker(w) {
      while (next < orders) {
        const i = next++;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/orders`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${users[(w + i) % users.length]}` },
          body: JSON.stringify({ items: lines(i), shippingAddress: address, paymentMethod: "COD" }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
      }
    }
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
    const statuses = [...codes.entries()].map(([c, n]) => `${c}×${n}`).join(" ");
    console.log(`${label.padEnd(44)} ${(orders / seconds).toFixed(0).padStart(5)} req/s   p50 ${pct(50)} ms   p99 ${pct(99)} ms   ${statuses}`);
    summary("orders", label, `${(orders / seconds).toFixed(0)} req/s, p99 ${pct(99)} ms`);
  }

  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} (figures are only comparable on a quiet machine)`);
  // 0. One buyer at a time: the cost of one order (about a dozen round trips, one transaction).
  const solo = await insertProduct(db, { sizes: [{ size: "M", stock: 1000 }] });
  await run("one at a time (c=1, 100 orders)", { orders: 100, concurrency: 1, lines: () => [{ productId: solo.id, size: "M", quantity: 1 }] });

  // 1. Little contention: 40 products, each order takes one unit of a random one.
  const spread = [];
  for (let i = 0; i < 40; i++) spread.push(await insertProduct(db, { sizes: [{ size: "M", stock: 1000 }] }));
  await run("spread over 40 sizes (c=20, 1000 orders)", { orders: 1000, concurrency: 20, lines: (i) => [{ productId: spread[i % 40].id, size: "M", quantity: 1 }] });

  // 2. Heavy contention: everyone wants the same size; 300 units for 1000 orders.
  const hot = await insertProduct(db, { sizes: [{ size: "M", stock: 300 }] });
  await run("one hot size, 300 units (c=50, 1000 orders)", { orders: 1000, concurrency: 50, lines: () => [{ productId: hot.id, size: "M", quantity: 1 }] });

  // 3. Multi-line orders that overlap (lock ordering keeps them deadlock-free).
  const a = await insertProduct(db, { sizes: [{ size: "S", stock: 5000 }, { size: "M", stock: 5000 }, { size: "L", stock: 5000 }] });
  await run("3-line orders on shared sizes (c=50, 600)", {
    orders: 600,
    concurrency: 50,
    lines: (i) => {
      const sizes = i % 2 ? ["L", "M", "S"] : ["S", "M", "L"];
      return sizes.map((size) => ({ productId: a.id, size, quantity: 1 }));
    },
  });

  const check = new pg.Client({ connectionString: scratch.url });
  await check.connect();
  const { rows } = await check.query("SELECT min(stock) AS min, (SELECT stock FROM product_sizes WHERE product_id = $1) AS hot FROM product_sizes", [hot.id]);
  await check.end();
  console.log(`hot size left: ${rows[0].hot} (must be 0); lowest stock anywhere: ${rows[0].min} (never negative)`);
} finally {
  await app?.close();
  await database.close();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// Order notifications (docs/decisions/090): how many e-mails and SMS per second the outbox worker delivers to the
// simulators (the development mail outbox, the Sparrow SMS simulator over HTTP), and the delay from an order being placed to
// its notification being delivered, p50 and p99. PostgreSQL on 127.0.0.1 (a scratch database); prints figures, asserts nothing.
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
import { startSmsSimulator } from "../apps/server/src/modules/notifications/testing.ts";

const scratch = await scratchPostgres("notify");
if (!scratch) process.exit(0);
const database = openPostgres(scratch.url, 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-bench-notify-"));
const sms = await startSmsSimulator();
let app;
let stopWorker = async () => undefined;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
try {
  await database.migrate();
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
    serveWeb: false,
    notifications: { ...sms.config, maxAttempts: 8 },
  };
  app = await buildApp(config, { database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const db = database.db;
  const tokens = [];
  for (let i = 0; i < 20; i++) {
    const u = await insertUser(db, { phone: `+97798410${String(i).padStart(5, "0")}` });
    tokens.push((await app.services.sessions.create(u.id, { persistent: false })).token);
  }
  const product = await insertProduct(db, { sizes: [{ size: "M", stock: 100_000 }] });
  const address = { fullName: "Bench Buyer", email: "bench@example.com", phone: "9800000000", address: "Thamel", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };

  async function placeOrders(count, concurrency) {
    let next = 0;
    const worker = async (w) => {
      while (next < count) {
        const i = next++;
        const res = await fetch(`${base}/api/orders`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[(w + i) % tokens.length]}` },
          body: JSON.stringify({ items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address, paymentMethod: "COD" }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`order answered ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  }

  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const waitDrained = async () => {
    for (;;) {
      const { rows } = await pool.query("SELECT count(*)::int AS n FROM notifications WHERE status IN ('PENDING', 'SENDING')");
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} (figures are only comparable on a quiet machine)`);

  // 1. Drain: 500 orders' notifications (1,000: e-mail + SMS) waiting, then one worker starts.
  await placeOrders(500, 10);
  const { rows: waiting } = await pool.query("SELECT count(*)::int AS n FROM notifications WHERE status = 'PENDING'");
  const t0 = performance.now();
  stopWorker = app.services.notifications.start(50, { error: (o, m) => console.log(m, o) });
  await waitDrained();
  const drainSeconds = (performance.now() - t0) / 1000;
  const drainRate = waiting[0].n / drainSeconds;
  console.log(`drain of ${waiting[0].n} waiting notifications by one worker: ${drainRate.toFixed(0)} notifications/s (${drainSeconds.toFixed(1)} s)`);
  summary("notifications", `drain ${waiting[0].n} by one worker`, `${drainRate.toFixed(0)} notifications/s`);

  // 2. Live: orders arrive (c=5, 300 orders) while the worker runs; delay = delivered at − the order transaction's start (orders.created_at).
  const { rows: mark } = await pool.query("SELECT now() AS at");
  const t1 = performance.now();
  await placeOrders(300, 5);
  await waitDrained();
  const liveSeconds = (performance.now() - t1) / 1000;
  const { rows } = await pool.query(
    "SELECT n.channel, extract(epoch FROM (n.sent_at - o.created_at)) * 1000 AS ms FROM notifications n JOIN orders o ON o.id = n.order_id WHERE o.created_at >= $1 AND n.status = 'SENT'",
    [mark[0].at],
  );
  for (const channel of ["EMAIL", "SMS"]) {
    const delays = rows.filter((r) => r.channel === channel).map((r) => Number(r.ms)).sort((a, b) => a - b);
    console.log(`live, ${channel.padEnd(5)} (${delays.length}): order placed → delivered p50 ${pct(delays, 50).toFixed(0)} ms, p99 ${pct(delays, 99).toFixed(0)} ms`);
    summary("notifications", `live ${channel} delay`, `p50 ${pct(delays, 50).toFixed(0)} ms, p99 ${pct(delays, 99).toFixed(0)} ms`);
  }
  console.log(`live throughput: ${(rows.length / liveSeconds).toFixed(0)} notifications/s delivered while 300 orders arrived (${liveSeconds.toFixed(1)} s)`);
  summary("notifications", "live throughput (300 orders, c=5)", `${(rows.length / liveSeconds).toFixed(0)} notifications/s`);
  const { rows: dup } = await pool.query("SELECT count(*)::int AS n FROM notifications WHERE status <> 'SENT'");
  console.log(`not sent: ${dup[0].n}; SMS received by the simulator: ${(await sms.store.list()).length}`);
  await pool.end();
} finally {
  await stopWorker();
  await app?.close();
  await database.close();
  await sms.close();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

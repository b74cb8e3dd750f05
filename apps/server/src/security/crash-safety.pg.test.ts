/**
 * Crash safety (PostgreSQL): the real server runs as a child process on a fresh database while customers place
 * orders and confirm cash on delivery; it is killed with SIGKILL mid-stream and started again. Afterwards every
 * order is whole (items, totals that add up, history), the stock of every size equals its initial stock less the
 * units held by live orders, and no payment was confirmed twice.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../env.js";
import type { Database } from "../db/client.js";
import { createSharedDatabase, freePort } from "../test/instances.js";
import { insertProduct, insertUser } from "../test/factories.js";
import { hashPassword } from "../lib/password.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INITIAL_STOCK = 40;
const SIZES = ["S", "M", "L"];

describe.runIf(testDatabaseUrl())("crash safety on PostgreSQL", () => {
  let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
  let port: number;
  let base: string;
  let child: ChildProcess | undefined;
  let database: Database;
  let dataDir: string;

  function start(): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, ["--import", "tsx", path.join(serverDir, "test/crash-server.ts")], {
        cwd: serverDir,
        env: { ...process.env, NODE_ENV: "test", DATABASE_URL: shared.url, PORT: String(port), LOG_LEVEL: "silent", PAYMENT_SIMULATOR: "off", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let err = "";
      proc.stderr!.on("data", (d) => (err += d));
      proc.stdout!.on("data", (d) => {
        if (String(d).includes("READY")) resolve(proc);
      });
      proc.on("exit", (code) => reject(new Error(`server exited early (${code}): ${err}`)));
    });
  }

  beforeAll(async () => {
    // Empty: the server migrates it on start, as in a deploy.
    shared = await createSharedDatabase({ empty: true });
    database = shared.database;
    port = await freePort(3700, 3899);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-crash-"));
    base = `http://127.0.0.1:${port}`;
    child = await start();
  }, 60_000);

  afterAll(async () => {
    child?.kill("SIGKILL");
    await shared?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every order whole, stock exact and payments single across a SIGKILL in the middle of checkouts", async () => {
    const db = database.db;
    const products = await Promise.all([0, 1, 2].map((i) => insertProduct(db, { name: `Crash Jersey ${i}`, price: 200_000 + i * 10_000, sizes: SIZES.map((size) => ({ size, stock: INITIAL_STOCK })) })));
    const passwordHash = await hashPassword("Secret123");
    const customers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => insertUser(db, { passwordHash })));
    const tokens: string[] = [];
    for (const c of customers) {
      const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: c.email, password: "Secret123" }) });
      expect(res.status).toBe(200);
      tokens.push(((await res.json()) as { data: { token: string } }).data.token);
    }

    let stop = false;
    let placed = 0;
    let n = 0;
    const worker = async (token: string, w: number) => {
      const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
      while (!stop) {
        const i = n++;
        try {
          const items = [
            { productId: products[i % 3]!.id, size: SIZES[i % 3]!, quantity: 1 + (i % 2) },
            { productId: products[(i + 1) % 3]!.id, size: SIZES[(i + w) % 3]!, quantity: 1 },
          ];
          const res = await fetch(`${base}/api/orders`, {
            method: "POST",
            headers: { ...headers, "idempotency-key": `crash-${w}-${i}` },
            body: JSON.stringify({ items, shippingAddress: { fullName: "Crash Test", email: "crash@example.com", phone: "9800000001", address: "Baneshwor", province: i % 2 ? "Bagmati" : "Gandaki", district: i % 2 ? "Kathmandu" : "Kaski", area: i % 2 ? "Kathmandu" : "Pokhara" }, paymentMethod: "COD" }),
          });
          if (res.status !== 201) continue;
          placed++;
          const orderId = ((await res.json()) as { data: { order: { id: string } } }).data.order.id;
          // Confirm most orders, some twice in parallel (a double click).
          if (i % 4 !== 0) {
            const confirm = () => fetch(`${base}/api/payments/cod/process`, { method: "POST", headers, body: JSON.stringify({ orderId }) });
            await Promise.all(i % 3 === 0 ? [confirm(), confirm()] : [confirm()]);
          }
          // And cancel a few (stock goes back).
          if (i % 7 === 0) await fetch(`${base}/api/orders/${orderId}/cancel`, { method: "POST", headers });
        } catch {
          // The server was killed under this request: expected.
        }
      }
    };
    const running = tokens.map((t, w) => worker(t, w));
    await new Promise((r) => setTimeout(r, 2500));
    child!.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(running);
    expect(placed).toBeGreaterThan(10);

    // Restart on the same database, then confirm the pending orders once more (and twice for some).
    child = await start();
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    const q = async <T extends Record<string, unknown>>(sql: string) => (await client.query<T>(sql)).rows;
    try {
      const unconfirmed = await q<{ id: string; user_id: string }>("SELECT id, user_id FROM orders WHERE status = 'PENDING' LIMIT 10");
      for (const o of unconfirmed) {
        const token = tokens[customers.findIndex((c) => c.id === o.user_id)]!;
        const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
        const answers = await Promise.all([0, 1].map(() => fetch(`${base}/api/payments/cod/process`, { method: "POST", headers, body: JSON.stringify({ orderId: o.id }) })));
        expect(answers.every((r) => r.status < 500)).toBe(true);
      }

      const problems: string[] = [];
      const orders = await q<{ id: string; status: string; subtotal: number; shipping_cost: number; discount_amount: number; total_amount: number; payment_status: string }>(
        "SELECT id, status, subtotal, shipping_cost, discount_amount, total_amount, payment_status FROM orders",
      );
      const items = await q<{ order_id: string; quantity: number; unit_price: number; line_total: number; product_id: string; size: string }>("SELECT order_id, quantity, unit_price, line_total, product_id, size FROM order_items");
      const history = await q<{ order_id: string; status: string }>("SELECT order_id, status FROM order_status_history");
      const payments = await q<{ order_id: string; status: string }>("SELECT order_id, status FROM payments");
      for (const o of orders) {
        const lines = items.filter((i) => i.order_id === o.id);
        if (lines.length === 0) problems.push(`order ${o.id} has no items`);
        for (const l of lines) if (l.line_total !== l.unit_price * l.quantity) problems.push(`order ${o.id}: line total ${l.line_total} ≠ ${l.unit_price} × ${l.quantity}`);
        const sum = lines.reduce((s, l) => s + l.line_total, 0);
        if (sum !== o.subtotal) problems.push(`order ${o.id}: subtotal ${o.subtotal} ≠ lines ${sum}`);
        if (o.subtotal + o.shipping_cost - o.discount_amount !== o.total_amount) problems.push(`order ${o.id}: total ${o.total_amount} does not add up`);
        const h = history.filter((x) => x.order_id === o.id);
        if (h.length === 0) problems.push(`order ${o.id} has no status history`);
        if (!h.some((x) => x.status === o.status)) problems.push(`order ${o.id}: status ${o.status} missing from its history`);
        if (h.filter((x) => x.status === "PROCESSING").length > 1) problems.push(`order ${o.id} confirmed twice in its history`);
        const paid = payments.filter((p) => p.order_id === o.id && p.status === "PAID");
        if (paid.length > 1) problems.push(`order ${o.id} has ${paid.length} paid payments`);
      }
      const sizes = await q<{ product_id: string; size: string; stock: number }>("SELECT product_id, size, stock FROM product_sizes");
      const live = new Set(orders.filter((o) => o.status !== "CANCELLED").map((o) => o.id));
      for (const s of sizes.filter((x) => products.some((p) => p.id === x.product_id))) {
        const held = items.filter((i) => live.has(i.order_id) && i.product_id === s.product_id && i.size === s.size).reduce((sum, i) => sum + i.quantity, 0);
        if (s.stock !== INITIAL_STOCK - held) problems.push(`${s.product_id}/${s.size}: stock ${s.stock} ≠ ${INITIAL_STOCK} − ${held}`);
      }
      expect(orders.length).toBeGreaterThanOrEqual(placed);
      expect(problems).toEqual([]);
    } finally {
      await client.end();
    }
  }, 90_000);
});

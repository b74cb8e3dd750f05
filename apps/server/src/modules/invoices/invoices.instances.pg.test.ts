import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { DEFAULT_DATABASE_TIMEOUTS, openPostgres, type Database } from "../../db/client.js";
import { taxDocuments } from "../../db/schema/index.js";
import { loadConfig } from "../../env.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { createSharedDatabase } from "../../test/instances.js";
import { insertOrder } from "../admin/test-helpers.js";

/**
 * Invoice numbers with several server instances on one PostgreSQL (docs/decisions/081): three apps, each with its own
 * connection pool, record cash for 200 orders at once; the numbers are exactly 1…200.
 */

let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
const apps: { app: FastifyInstance; database: Database; dir: string }[] = [];

beforeAll(async () => {
  shared = await createSharedDatabase();
  for (let i = 0; i < 3; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-inv-"));
    // The 200 confirmations queue on one counter row, about 67 per pool of 8: the shop's 5 s bound on the wait for a
    // free connection answers 503 when a loaded machine makes that queue slower, which says nothing about numbering.
    const database = openPostgres(shared.url, 8, { ...DEFAULT_DATABASE_TIMEOUTS, connectMs: 60_000 });
    const config = { ...loadConfig({ NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" }), serveWeb: false };
    const app = await buildApp(config, { logger: false, database });
    await app.ready();
    apps.push({ app, database, dir });
  }
});
afterAll(async () => {
  for (const a of apps) {
    await a.app.close();
    await a.database.close();
    fs.rmSync(a.dir, { recursive: true, force: true });
  }
  await shared.drop();
});

it("numbers 200 concurrent confirmations on three instances 1…200, without a gap or a duplicate", async () => {
  const db = shared.database.db;
  const admin = await insertUser(db, { role: "ADMIN" });
  const customer = await insertUser(db);
  const product = await insertProduct(db, { price: 249_900 });
  const orders = [];
  for (let i = 0; i < 200; i++) orders.push(await insertOrder(db, { userId: customer.id, status: "DELIVERED", items: [{ productId: product.id, size: "M", quantity: 1, unitPrice: 249_900 }] }));
  const { cookie } = await sessionFor(apps[0]!.app, admin.id);
  const answers = await Promise.all(orders.map((o, i) => apps[i % 3]!.app.inject({ method: "POST", url: `/api/admin/orders/${o.id}/cash-collected`, headers: cookie })));
  // Any refusal is named with its answer, not only counted.
  expect(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
  const docs = await db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, orders.map((o) => o.id)));
  expect(docs.map((d) => d.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(new Set(docs.map((d) => d.number)).size).toBe(200);
  expect(new Set(docs.map((d) => d.orderId)).size).toBe(200);
});

import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { products } from "../../db/schema/index.js";
import { testDatabaseUrl } from "../../env.js";
import { insertProduct } from "../../test/factories.js";
import { createTestDatabase } from "../../test/harness.js";
import { lockProduct, updateProduct } from "./admin-products.repository.js";

/**
 * An admin archiving a product while a checkout of it is between taking stock and writing its lines (docs/decisions/125):
 * checkout holds a size and then shares the product (the order lines' foreign key); archiving locks the product and,
 * through migration 0014's trigger, writes its sizes. Both must finish — before `lockProduct` took the sizes first,
 * PostgreSQL found a deadlock and aborted one of them.
 */
describe.runIf(testDatabaseUrl())("an admin change and a checkout of the same product", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("both finish: the archive waits for the checkout instead of deadlocking with it", async () => {
    const db = database.db;
    const product = await insertProduct(db, { sizes: [{ size: "L", stock: 5 }, { size: "M", stock: 5 }] });
    let sizeTaken!: () => void;
    const checkoutHasSize = new Promise<void>((resolve) => (sizeTaken = resolve));
    let archiveWaiting!: () => void;
    const mayGoOn = new Promise<void>((resolve) => (archiveWaiting = resolve));

    const checkout = db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE product_sizes SET stock = stock - 1 WHERE product_id = ${product.id} AND size = 'M'`);
      sizeTaken();
      await mayGoOn;
      // What the order line's foreign key check takes on the product.
      await tx.execute(sql`SELECT 1 FROM products WHERE id = ${product.id} FOR KEY SHARE`);
    });
    await checkoutHasSize;
    const archive = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('application_name', 'khelkud-archive-test', true)`);
      await lockProduct(tx, product.id);
      await updateProduct(tx, product.id, { status: "INACTIVE" });
    });
    // Let the checkout go on once the archive is waiting for a lock.
    const watcher = new pg.Client({ connectionString: testDatabaseUrl() });
    await watcher.connect();
    try {
      for (;;) {
        const { rows } = await watcher.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'khelkud-archive-test' AND wait_event_type = 'Lock'`);
        if (rows.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await watcher.end();
    }
    archiveWaiting();
    const results = await Promise.allSettled([checkout, archive]);
    expect(results.map((r) => (r.status === "rejected" ? String((r.reason as Error).cause ?? r.reason) : "done"))).toEqual(["done", "done"]);
    const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, product.id));
    expect(row?.status).toBe("INACTIVE");
    const sizes = (await db.execute(sql`SELECT size, stock, product_status FROM product_sizes WHERE product_id = ${product.id} ORDER BY size`)) as unknown as { rows: unknown[] };
    expect(sizes.rows).toEqual([
      { size: "L", stock: 5, product_status: "INACTIVE" },
      { size: "M", stock: 4, product_status: "INACTIVE" },
    ]);
  });
});

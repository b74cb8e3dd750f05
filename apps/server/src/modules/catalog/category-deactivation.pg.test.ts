import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG } from "@khelkud/contracts";
import { categories, products } from "../../db/schema/index.js";
import { testDatabaseUrl } from "../../env.js";
import { insertCategory, insertUser, sessionFor } from "../../test/factories.js";
import { createTestApp, type TestContext } from "../../test/harness.js";

/**
 * A product saved into a category while an administrator makes that category inactive (docs/decisions/181): the save
 * reads the category FOR SHARE, so it waits for the deactivation and is then refused. Read without a lock, it saw the
 * category still active and was filed into it once the deactivation had committed. Needs PostgreSQL's concurrency.
 */
describe.runIf(testDatabaseUrl())("a category made inactive while a product is filed under it", () => {
  let t: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
  });
  afterAll(() => t.close());

  it("the save waits for the deactivation and is refused; no product lands in the inactive category", async () => {
    const db = t.database.db;
    const category = await insertCategory(db, { name: "Closing Down Kits" });
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    let changed!: () => void;
    const statusChanged = new Promise<void>((resolve) => (changed = resolve));
    // The deactivation, between its change and its commit (its check found no products).
    const deactivation = db.transaction(async (tx) => {
      await tx.update(categories).set({ status: "INACTIVE" }).where(eq(categories.id, category.id));
      changed();
      await mayCommit;
    });
    await statusChanged;
    const save = t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: admin,
      payload: { name: "Closing Down Jersey", categoryId: category.id, description: "Last one.", price: 150_000, sizes: [{ size: "M", stock: 2 }], brand: "Umbro" },
    });
    // Commit once the save waits for the category's row, or after 3 s if it never does (the fault: it did not wait).
    const watcher = new pg.Client({ connectionString: testDatabaseUrl() });
    await watcher.connect();
    try {
      const dbName = ((await db.execute(sql`SELECT current_database() AS db`)) as unknown as { rows: { db: string }[] }).rows[0]!.db;
      for (let waited = 0; waited < 3000; waited += 20) {
        const waiting = await watcher.query(`SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`, [dbName]);
        if (waiting.rows.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await watcher.end();
    }
    commit();
    await deactivation;
    const res = await save;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual([{ field: "categoryId", message: ADMIN_MSG.categoryInactive }]);
    expect(await db.select({ id: products.id }).from(products).where(eq(products.categoryId, category.id))).toEqual([]);
  });
});

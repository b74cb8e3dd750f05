/**
 * The embedded database's upkeep (docs/decisions/161): PGlite has no autovacuum, so the server vacuums and analyses
 * the tables that need it, by autovacuum's own thresholds. Runs on PGlite and, in CI's second pass, on PostgreSQL
 * (with autovacuum turned off for the table under test, so the daemon cannot do the work first).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/harness.js";
import { insertCategory, insertProduct } from "../test/factories.js";
import type { Database } from "./client.js";
import { rawRows } from "./common-queries.js";
import { upkeepDue, upkeepPass } from "./embedded-upkeep.js";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

async function counters(table: string) {
  const { db } = database;
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const [row] = await rawRows<{ dead: number; changed: number; vacuumed: boolean; analysed: boolean; rows: number; allVisible: number }>(
    db,
    sql`
    SELECT s.n_dead_tup::int AS dead, s.n_mod_since_analyze::int AS changed, s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analysed,
      c.reltuples::int AS rows, c.relallvisible::int AS "allVisible"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.schemaname = 'public' AND s.relname = ${table}`,
  );
  return row!;
}

describe("upkeep of the embedded database", () => {
  it("vacuums and analyses a table that is due, marking its pages for index-only scans, and then leaves it alone until it needs it again", async () => {
    const { db } = database;
    await db.execute(sql`ALTER TABLE product_sizes SET (autovacuum_enabled = false)`);
    await db.execute(sql`ALTER TABLE products SET (autovacuum_enabled = false)`);
    await upkeepPass(db); // whatever the migrations left due
    // A catalogue loaded: 60 products of 3 sizes each. Autovacuum would only analyse them (changed rows, no dead ones).
    const category = await insertCategory(db);
    for (let i = 0; i < 60; i++) await insertProduct(db, { categoryId: category.id, sizes: [{ size: "S", stock: 5 }, { size: "M", stock: 5 }, { size: "L", stock: 5 }] });
    expect(await counters("products")).toMatchObject({ vacuumed: false, analysed: false, allVisible: 0 });
    const loaded = await upkeepPass(db);
    expect(loaded.filter((s) => s.table === "products" || s.table === "product_sizes").map((s) => [s.table, s.reason])).toEqual([
      ["product_sizes", "changed rows"],
      ["products", "changed rows"],
    ]);
    expect(await counters("products")).toMatchObject({ vacuumed: true, analysed: true, rows: 60 });
    expect((await counters("product_sizes")).allVisible).toBeGreaterThan(0);

    // Stock sold and restocked, 10 times over every size: 1,800 dead rows in a table of 180.
    for (let i = 0; i < 10; i++) await db.execute(sql`UPDATE product_sizes SET stock = stock + ${i % 2 ? 1 : -1}`);
    expect((await counters("product_sizes")).dead).toBeGreaterThan(1000);
    const steps = await upkeepPass(db);
    expect(steps.filter((s) => s.table === "product_sizes")).toEqual([{ table: "product_sizes", reason: "dead rows", ms: expect.any(Number) }]);
    expect(await counters("product_sizes")).toMatchObject({ dead: 0, changed: 0, rows: 180 });

    // Nothing changed since: the next pass takes no table.
    expect(await upkeepPass(db)).toEqual([]);
    // A few changes stay under the thresholds (50 + 10% of 180 rows for changed rows): still nothing.
    await db.execute(sql`UPDATE product_sizes SET stock = stock + 1 WHERE size = 'S'`);
    expect(await upkeepPass(db)).toEqual([]);
  });

  it("takes a table by autovacuum's thresholds: dead rows, rows inserted since the last vacuum, rows changed since the last analysis", () => {
    expect(upkeepDue({ rows: 1000, dead: 251, insertedSinceVacuum: 0, changedSinceAnalyze: 0 })).toBe("dead rows");
    expect(upkeepDue({ rows: 1000, dead: 250, insertedSinceVacuum: 0, changedSinceAnalyze: 150 })).toBeUndefined();
    expect(upkeepDue({ rows: 1000, dead: 100, insertedSinceVacuum: 0, changedSinceAnalyze: 151 })).toBe("changed rows");
    // A table only ever inserted into is taken too, so its pages are marked all-visible for index-only scans.
    expect(upkeepDue({ rows: 1000, dead: 0, insertedSinceVacuum: 1201, changedSinceAnalyze: 0 })).toBe("inserted rows");
    expect(upkeepDue({ rows: 1000, dead: 0, insertedSinceVacuum: 1200, changedSinceAnalyze: 0 })).toBeUndefined();
    // Never vacuumed nor analysed: PostgreSQL reports -1 rows, counted as none.
    expect(upkeepDue({ rows: -1, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 51 })).toBe("changed rows");
    expect(upkeepDue({ rows: -1, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 50 })).toBeUndefined();
  });
});

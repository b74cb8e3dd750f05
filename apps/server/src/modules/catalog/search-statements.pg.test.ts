import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { testDatabaseUrl } from "../../env.js";
import { createTestDatabase } from "../../test/harness.js";
import { runSearchStatement } from "./catalog.repository.js";

/**
 * Named search statements on PostgreSQL (docs/decisions/124): should one shape ever stand for two statement texts, the
 * driver refuses the name on a connection that prepared the other text. The search must then run unnamed and answer,
 * not fail, and the shape is not named again.
 */
describe.runIf(testDatabaseUrl())("a search statement name refused by the driver", () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it("runs the second text unnamed and keeps answering for that shape", async () => {
    const shape = `test-shape-${process.pid}`;
    // One transaction: one connection, so the second text meets the name the first one prepared.
    const answers = await db.db.transaction(async (tx) => {
      const first = await runSearchStatement(tx.select({ x: sql<number>`1` }).from(sql`(SELECT 1) t`), shape);
      const second = await runSearchStatement(tx.select({ x: sql<number>`2` }).from(sql`(SELECT 1) t`), shape);
      const third = await runSearchStatement(tx.select({ x: sql<number>`3` }).from(sql`(SELECT 1) t`), shape);
      return [first, second, third];
    });
    expect(answers).toEqual([[{ x: 1 }], [{ x: 2 }], [{ x: 3 }]]);
  });
});

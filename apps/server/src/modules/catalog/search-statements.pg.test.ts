import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { testDatabaseUrl } from "../../env.js";
import { createTestDatabase } from "../../test/harness.js";
import { runSearchStatement, searchStatementName } from "./catalog.repository.js";

/**
 * Named search statements on PostgreSQL (docs/decisions/124, 136): should a shape's name ever stand for another
 * statement text on a connection, the driver refuses it. The search must then run unnamed and answer, not fail, and
 * the shape is not named again.
 */
describe.runIf(testDatabaseUrl())("a search statement name refused by the driver", () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it("runs the search unnamed when its name was taken by another text, and keeps answering for that shape", async () => {
    const shape = `test-shape-${process.pid}`;
    // One transaction: one connection, so the search meets the name another text took on it first.
    const answers = await db.db.transaction(async (tx) => {
      const taken = await tx.select({ x: sql<number>`1` }).from(sql`(SELECT 1) t`).prepare(searchStatementName(shape)).execute();
      const search = (x: number) => runSearchStatement(tx, shape, () => tx.select({ x: sql<number>`${sql.raw(String(x))}` }).from(sql`(SELECT 1) t`), {}, true);
      return [taken, await search(2), await search(3)];
    });
    expect(answers).toEqual([[{ x: 1 }], [{ x: 2 }], [{ x: 3 }]]);
  });
});

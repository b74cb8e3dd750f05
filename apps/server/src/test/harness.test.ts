/**
 * Every test file gets a database of its own (docs/decisions/146, 147). On PGlite the instances of one worker start from
 * the same kept bytes of the migrated dump; a write to one must never show in another, or test files would pass or fail
 * by the order they ran in.
 */
import { afterAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { categories } from "../db/schema/index.js";
import { createTestDatabase } from "./harness.js";

describe("test databases", () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const db of open) await db.close();
  });

  it("start migrated and see none of each other's writes", async () => {
    const first = await createTestDatabase();
    open.push(first);
    await first.db.insert(categories).values({ name: "Seen once", slug: "seen-once", type: "PRODUCT" });
    const second = await createTestDatabase();
    open.push(second);
    const seen = async (db: Database) => (await db.db.select({ n: count() }).from(categories).where(eq(categories.slug, "seen-once")))[0]!.n;
    expect(await seen(first)).toBe(1);
    expect(await seen(second)).toBe(0);
    // Closed and opened again after a write: the next database still starts from the migrated dump.
    await first.close();
    open.shift();
    const third = await createTestDatabase();
    open.push(third);
    expect(await seen(third)).toBe(0);
  });
});

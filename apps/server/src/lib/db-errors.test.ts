import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestDatabase } from "../test/harness.js";
import { loggableError, pgError } from "./db-errors.js";

describe("a failed query as it reaches the log", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("keeps the driver's message, the SQLSTATE and the call stack, and leaves out the SQL and its parameters", async () => {
    const secret = "customer-secret@example.com";
    const error = await database.db.execute(sql`select * from users where email = ${secret} and name = ${"a\u0000b"}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(pgError(error)?.code).toMatch(/^22/);
    expect(String((error as Error).message)).toContain("select");
    const logged = loggableError(error) as Error & { code?: string };
    const text = `${logged.message}\n${logged.stack}\n${JSON.stringify(logged)}`;
    expect(text).not.toContain("select");
    expect(text).not.toContain(secret);
    expect(logged.message).toMatch(/^Failed query: /);
    expect(logged.code).toMatch(/^22/);
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it("leaves other errors as they are", () => {
    const plain = new Error("boom");
    expect(loggableError(plain)).toBe(plain);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestDatabase } from "../test/harness.js";
import { AppError } from "./errors.js";
import { conflictOnUnique, isDatabaseUnavailable, isUniqueViolation, loggableError, pgError } from "./db-errors.js";

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

  it("turns a real unique violation into a 409 with the caller's message, and rethrows anything else", async () => {
    await database.db.execute(sql`insert into categories (id, name, slug, type) values ('dup-a', 'Jerseys', 'dup-jerseys', 'PRODUCT')`);
    const insertAgain = () => database.db.execute(sql`insert into categories (id, name, slug, type) values ('dup-b', 'Jerseys', 'dup-jerseys', 'PRODUCT')`);
    const raw = await insertAgain().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(raw)).toBe(true);
    const refused = await conflictOnUnique("That slug is taken", insertAgain).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: "conflict", message: "That slug is taken" });
    const other = new Error("boom");
    await expect(conflictOnUnique("That slug is taken", () => Promise.reject(other))).rejects.toBe(other);
    await expect(conflictOnUnique("That slug is taken", async () => 42)).resolves.toBe(42);
  });
});

describe("a database that is not there, told apart from a bad request", () => {
  const coded = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  it("recognises refused, timed-out and terminated connections and server shutdowns", () => {
    expect(isDatabaseUnavailable(coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    expect(isDatabaseUnavailable(coded("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("Failed query"), { cause: coded("canceling statement due to statement timeout", "57014") }))).toBe(true);
  });

  it("does not take a client that left, or bad input, for an outage", () => {
    expect(isDatabaseUnavailable(coded("aborted", "ECONNRESET"))).toBe(false);
    expect(isDatabaseUnavailable(coded('invalid byte sequence for encoding "UTF8": 0x00', "22021"))).toBe(false);
    expect(isDatabaseUnavailable(coded("duplicate key value", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is not a function"))).toBe(false);
  });
});

import { conflict } from "./errors.js";

/** PostgreSQL error details, whichever driver (pg, PGlite) and wrapper (Drizzle's DrizzleQueryError) raised them. */
export function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique-constraint violation, optionally of one named constraint (the message names it when the driver does not). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pe = pgError(error);
  if (pe?.code !== "23505") return false;
  if (!constraint) return true;
  if (pe.constraint) return pe.constraint === constraint;
  return String((error as Error)?.message ?? "").includes(constraint) || String((error as { cause?: Error })?.cause?.message ?? "").includes(constraint);
}

/**
 * Runs `work`; a unique-constraint violation it raises (two requests racing past the service's own "is it taken?"
 * check) becomes a 409 with `message`, anything else is rethrown.
 */
export async function conflictOnUnique<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message);
    throw err;
  }
}

/**
 * An error as it may be logged. Drizzle's failed-query error carries the whole SQL and its parameters (customer
 * data, the hostile value itself) in its message and stack; the log gets the driver's message, the SQLSTATE code and
 * the call stack instead.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !("query" in error) || !("params" in error)) return error;
  const cause = (error as { cause?: unknown }).cause;
  const safe = new Error(`Failed query: ${cause instanceof Error ? cause.message : "database error"}`);
  safe.name = error.name;
  const code = pgError(error)?.code;
  if (code) Object.assign(safe, { code });
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join("\n");
  return safe;
}

/** SQLSTATE classes and driver errors that mean "the database is not there right now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P)/;
// Connecting failed (a reset of an open connection shows as "Connection terminated"; a bare ECONNRESET is more often
// the client of this request leaving).
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"]);
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|canceling statement due to statement timeout|Client has encountered a connection error/i;

/** True when a request failed because the database could not be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_CODES.has(code) || code === "57014")) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

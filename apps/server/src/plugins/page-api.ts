import type { FastifyInstance, FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER, localeOfPath } from "@khelkud/contracts";

/** One call of the shop's own REST API made by a page's route action (a form posted before, or without, the scripts). */
export interface PageApiCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** A path under `/api/`, e.g. `/api/auth/login`. */
  path: string;
  json?: unknown;
  /** The `Idempotency-Key` of a form that places an order (a resubmitted form finds the order it already made). */
  idempotencyKey?: string;
}

export interface PageApiAnswer {
  status: number;
  /** The parsed JSON envelope (`{ success, data | error, details }`), or null when the answer was not JSON. */
  body: unknown;
  /** Every `Set-Cookie` header the API sent (the session cookie after sign-in or registration): the action passes them on. */
  setCookies: string[];
}

/** The visitor's own headers that the API's checks read: the session cookie, the cross-site check (docs/decisions/011), the session's device. */
const FORWARDED = ["cookie", "origin", "referer", "sec-fetch-site", "user-agent", "accept-language", "host"] as const;

/**
 * Route actions call the REST API in-process, as the visitor: the same validation, rate limits (counted against the
 * visitor's address), cross-site check, session cookie and audit as the browser's own fetch — one implementation of
 * every rule, whether or not the page's scripts have run (docs/decisions/088).
 */
export function pageApiFor(app: FastifyInstance, req: FastifyRequest) {
  return async (call: PageApiCall): Promise<PageApiAnswer> => {
    if (!call.path.startsWith("/api/")) throw new Error(`page API calls reach /api only, not ${call.path}`);
    const headers: Record<string, string> = { accept: "application/json" };
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    // The API answers in the page's language (`/ne/…` pages in Nepali), whatever the browser prefers (docs/decisions/106).
    headers["accept-language"] = localeOfPath(String(req.url ?? "/").split("?")[0]!);
    if (call.json !== undefined) headers["content-type"] = "application/json";
    if (call.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = call.idempotencyKey;
    const res = await app.inject({
      method: call.method,
      url: call.path,
      headers,
      remoteAddress: req.ip,
      payload: call.json === undefined ? undefined : JSON.stringify(call.json),
    });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = null;
    }
    const raw = res.headers["set-cookie"];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    return { status: res.statusCode, body, setCookies };
  };
}

/**
 * Browser-side calls to the REST API for the account screens, with the specification's global error texts
 * (docs/product-rules.md §13): 401 reasons become "Authentication required…", "Invalid session…", "Session expired…" and send the
 * visitor to /login with the page to come back to; 5xx becomes "Server error. Please try again later.".
 */
import { MSG, type FieldError } from "@khelkud/contracts";
import { ApiError } from "./fetch-json";

export { ApiError };

const SESSION_ENDED: Record<string, string> = {
  [MSG.missingToken]: MSG.authRequired,
  [MSG.invalidToken]: MSG.invalidSession,
  [MSG.tokenExpired]: MSG.sessionExpired,
};

export function loginUrl(back = typeof window === "undefined" ? "/" : window.location.pathname + window.location.search): string {
  return `/login?redirect=${encodeURIComponent(back)}`;
}

interface Options {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  json?: unknown;
  /** Login and register show their own errors: no global 401 handling. */
  authCall?: boolean;
}

export async function apiRequest<T>(path: string, { method = "GET", json, authCall = false }: Options = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: json === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError("Network error. Please try again.", 0);
  }
  return readAnswer<T>(res.status, await res.text(), authCall);
}

/** Shared by fetch and the XHR upload: turns an answer into data or an ApiError with the right text. */
export function readAnswer<T>(status: number, text: string, authCall = false): T {
  let body: { success?: boolean; data?: T; error?: string; details?: FieldError[] } = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // A non-JSON answer (a proxy error page): fall through to the status-based message.
  }
  if (status >= 200 && status < 300 && body.success !== false) return body.data as T;
  if (status >= 500) throw new ApiError(MSG.serverError, status);
  if (status === 401 && !authCall) {
    const reason = body.error ?? MSG.missingToken;
    const message = SESSION_ENDED[reason] ?? reason;
    if (reason === MSG.invalidToken || reason === MSG.tokenExpired) window.setTimeout(() => window.location.assign(loginUrl()), 1200);
    throw new ApiError(message, status);
  }
  throw new ApiError(body.error ?? MSG.generic, status, body.details ?? []);
}

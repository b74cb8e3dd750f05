/**
 * The browser's one client of the shop's REST API: the JSON envelope `{ success, data | error, details }` in, the data
 * or one `ApiError` out, with the specification's global texts (docs/product-rules.md §13) — a 5xx is "Server error.
 * Please try again later." unless a 503 carries a sentence meant for people; a network failure is "Network error. Please
 * try again."; an ended session (401) on an account screen sends the visitor to /login and back. Uploads report their
 * progress. (Route actions reach the same API in-process: lib/route-form.server.ts.)
 */
import { MSG, type ApiResponse, type FieldError } from "@khelkud/contracts";

/** A failed /api call: the server's `error` text (docs/product-rules.md §13), its status and any field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: FieldError[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const NETWORK_ERROR = "Network error. Please try again.";

/** `/login?redirect=…` keeping the way back readable (`/checkout`), with the query of the origin encoded. */
export function loginUrl(backTo: string = typeof window === "undefined" ? "/" : window.location.pathname + window.location.search, reason?: string): string {
  const encoded = backTo.replace(/[?&=#%]/g, (c) => encodeURIComponent(c));
  return `/login?redirect=${encoded}${reason ? `&reason=${encodeURIComponent(reason)}` : ""}`;
}

const SESSION_ENDED: Record<string, string> = {
  [MSG.missingToken]: MSG.authRequired,
  [MSG.invalidToken]: MSG.invalidSession,
  [MSG.tokenExpired]: MSG.sessionExpired,
};

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * An account screen: a 401 names why the session ended ("Session expired…") and, for an invalid or expired session,
   * sends the visitor to /login with the way back a moment later.
   */
  sessionRedirect?: boolean;
}

/** Turns an answer (fetch or XHR) into its data, or throws the ApiError with the right text. */
export function readAnswer<T>(status: number, text: string, sessionRedirect = false): T {
  let body: ApiResponse<T> | undefined;
  try {
    body = text ? (JSON.parse(text) as ApiResponse<T>) : undefined;
  } catch {
    // Not JSON (a proxy error page): fall through to the status-based message.
  }
  if (status >= 200 && status < 300 && body?.success !== false) return (body?.success ? body.data : undefined) as T;
  const failure = body && !body.success ? body : undefined;
  if (status === 503 && failure?.error) throw new ApiError(failure.error, status);
  if (status >= 500) throw new ApiError(MSG.serverError, status);
  if (status === 401 && sessionRedirect) {
    const reason = failure?.error ?? MSG.missingToken;
    if (reason === MSG.invalidToken || reason === MSG.tokenExpired) window.setTimeout(() => window.location.assign(loginUrl()), 1200);
    throw new ApiError(SESSION_ENDED[reason] ?? reason, status);
  }
  throw new ApiError(failure?.error ?? MSG.generic, status, failure?.details ?? []);
}

/** One call to `/api/...`: resolves with `data`, rejects with an ApiError (or the AbortError of `signal`). */
export async function api<T>(path: string, { method, body, headers, signal, sessionRedirect = false }: ApiOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  return readAnswer<T>(res.status, await res.text().catch(() => ""), sessionRedirect);
}

/** An upload (`multipart/form-data`) with its progress in percent; answers like `api`. */
export function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void, { sessionRedirect = false }: { sessionRedirect?: boolean } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      try {
        resolve(readAnswer<T>(xhr.status, xhr.responseText, sessionRedirect));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.send(form);
  });
}

/** For screens that show field messages by name: the call's outcome as a value instead of a throw. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

export async function apiResult<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await api<T>(path, options) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields: Record<string, string> = {};
    for (const d of error.details) fields[d.field] ??= d.message;
    return { ok: false, status: error.status, error: error.status === 0 ? "Could not reach the shop. Check your connection and try again." : error.message, fields };
  }
}

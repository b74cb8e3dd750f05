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

/** Browser-side call to the shop's REST API; resolves with `data`, rejects with an ApiError. */
export async function fetchJson<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError("Network error. Please try again.", 0);
  }
  let body: ApiResponse<T> | undefined;
  try {
    body = (await res.json()) as ApiResponse<T>;
  } catch {
    // Not JSON (a proxy error page): fall through to the generic messages below.
  }
  if (res.ok && body?.success) return body.data;
  const failure = body && !body.success ? body : undefined;
  // 503 carries a message meant for people (e.g. a wallet that is not answering); other 5xx do not.
  if (res.status === 503 && failure?.error) throw new ApiError(failure.error, res.status);
  if (res.status >= 500) throw new ApiError(MSG.serverError, res.status);
  throw new ApiError(failure?.error ?? MSG.generic, res.status, failure?.details ?? []);
}

/** `/login?redirect=…` keeping the way back readable (`/checkout`), with the query of the origin encoded. */
export function loginUrl(backTo: string, reason?: string): string {
  const encoded = backTo.replace(/[?&=#%]/g, (c) => encodeURIComponent(c));
  return `/login?redirect=${encoded}${reason ? `&reason=${encodeURIComponent(reason)}` : ""}`;
}

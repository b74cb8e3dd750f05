import type { ApiResponse, FieldError } from "@khelkud/contracts";

export type SendResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

/** Browser-side calls to `/api/...`: the JSON envelope in, a result with field errors by name out. */
export async function sendJson<T>(path: string, { method = "POST", body }: { method?: string; body?: unknown } = {}): Promise<SendResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, error: "Could not reach the shop. Check your connection and try again.", fields: {} };
  }
  const payload = (await res.json().catch(() => null)) as ApiResponse<T> | null;
  if (payload && payload.success) return { ok: true, data: payload.data };
  const fields: Record<string, string> = {};
  for (const d of (payload?.details ?? []) as FieldError[]) fields[d.field] ??= d.message;
  return { ok: false, status: res.status, error: payload?.error ?? "Something went wrong. Please try again.", fields };
}

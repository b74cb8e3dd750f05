import { api as request, ApiError, upload, type ApiOptions } from "../../../lib/api";

// Browser-side transport of the admin panel (the domain calls are in catalog.ts, accounts.ts, content.ts, shop.ts): the app's
// one API client (lib/api.ts) with the admin's (method, url, body) shape, and its one ApiError, re-exported for the screens.
export { ApiError };

export function api<T>(method: NonNullable<ApiOptions["method"]>, url: string, body?: unknown): Promise<T> {
  return request<T>(url, { method, body });
}

/** Multipart upload with progress (lib/api.ts `upload`). */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return upload<T>(url, form, onProgress);
}

/** Downloads a CSV from the API as a file. */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) throw new ApiError(`Export failed (${res.status})`, res.status);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

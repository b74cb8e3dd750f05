import { ApiError } from "../../../lib/fetch-json";

// Browser-side transport of the admin panel (the domain calls are in catalog.ts, accounts.ts, content.ts, shop.ts): the REST API's envelope, its `error` text surfaced as the Error message
// (the one ApiError class of the app, re-exported for the admin screens).
export { ApiError };

export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: string; details?: { field: string; message: string }[] } | null;
  if (!res.ok || !json?.success) throw new ApiError(json?.error || `Request failed (${res.status})`, res.status, json?.details);
  return json.data as T;
}

/** Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const json = xhr.response as { success?: boolean; data?: T; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && json?.success) resolve(json.data as T);
      else reject(new ApiError(json?.error || `Upload failed (${xhr.status})`, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError("Upload failed: the connection was interrupted", 0));
    xhr.send(form);
  });
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

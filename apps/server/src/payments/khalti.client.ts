import type { Paisa } from "@khelkud/contracts";
import { ProviderError, isTimeout } from "./errors.js";
import type { ProviderVerdict } from "./verdict.js";

/**
 * Khalti ePayment (KPG-2, API v2) client: initiate and lookup.
 * Protocol reference: docs/payments-protocols.md §1 (the simulator: docs/decisions/040).
 * Only `lookup` says whether a payment is paid; the callback query is never proof.
 */

export const KHALTI_STATUSES = ["Completed", "Pending", "Initiated", "Refunded", "Partially Refunded", "Expired", "User canceled"] as const;
export type KhaltiStatus = (typeof KHALTI_STATUSES)[number];

/** Khalti spells some statuses inconsistently ("Partially refunded"); compare without case. */
export function normalizeKhaltiStatus(raw: unknown): KhaltiStatus | null {
  if (typeof raw !== "string") return null;
  const wanted = raw.trim().replace(/\s+/g, " ").toLowerCase();
  return KHALTI_STATUSES.find((s) => s.toLowerCase() === wanted) ?? null;
}

export interface KhaltiInitiateInput {
  returnUrl: string;
  websiteUrl: string;
  /** Integer paisa, taken from the stored order. Khalti refuses less than 1000. */
  amountPaisa: Paisa;
  /** Unique per payment attempt (e.g. "<orderId>-a2"). */
  purchaseOrderId: string;
  purchaseOrderName: string;
  customerInfo?: { name?: string; email?: string; phone?: string };
  /** Must add up to amountPaisa. */
  amountBreakdown?: { label: string; amount: Paisa }[];
  productDetails?: { identity: string; name: string; totalPrice: Paisa; quantity: number; unitPrice: Paisa }[];
  /** Extra metadata; each key is sent with the `merchant_` prefix. */
  merchantExtra?: Record<string, string>;
}

export interface KhaltiInitiateResult {
  pidx: string;
  paymentUrl: string;
  /** As Khalti wrote it, e.g. "2025-08-01T16:26:16.471649+05:45". */
  expiresAt: string;
  /** Seconds. */
  expiresIn: number;
}

export interface KhaltiLookupResult {
  pidx: string;
  totalAmount: Paisa;
  status: KhaltiStatus;
  transactionId: string | null;
  fee: number;
  refunded: boolean;
}

export interface KhaltiClientOptions {
  /** API base, e.g. https://dev.khalti.com/api/v2/ (sandbox) or https://khalti.com/api/v2/. */
  baseUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

export interface KhaltiClient {
  initiate(input: KhaltiInitiateInput): Promise<KhaltiInitiateResult>;
  lookup(pidx: string): Promise<KhaltiLookupResult>;
}

interface RawResponse {
  status: number;
  body: unknown;
}

export function createKhaltiClient(options: KhaltiClientOptions): KhaltiClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;

  async function post(path: string, payload: unknown): Promise<RawResponse> {
    let res: Response;
    try {
      res = await doFetch(new URL(path, base), {
        method: "POST",
        headers: { Authorization: `Key ${options.secretKey}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      const what = isTimeout(cause) ? `did not answer within ${timeoutMs} ms` : "could not be reached";
      throw new ProviderError("KHALTI", "unavailable", `Khalti ${what}`, { cause });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (cause) {
      throw new ProviderError("KHALTI", "unavailable", "Khalti's answer was cut off", { httpStatus: res.status, cause });
    }
    let body: unknown = undefined;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      // Not JSON (an HTML outage page, a proxy error): handled below by status.
    }
    return { status: res.status, body };
  }

  /** Turns a non-success answer into the error kind the caller acts on. */
  function failure(res: RawResponse, action: string): ProviderError {
    const body = isRecord(res.body) ? res.body : undefined;
    const detail = typeof body?.detail === "string" ? body.detail : undefined;
    if (res.status >= 500 || res.status === 429 || body === undefined) {
      return new ProviderError("KHALTI", "unavailable", `Khalti is unavailable (HTTP ${res.status} on ${action})`, { httpStatus: res.status });
    }
    if (res.status === 401 || res.status === 403 || body.status_code === 401) {
      return new ProviderError("KHALTI", "auth", `Khalti refused our key: ${detail ?? "unauthorised"}`, { httpStatus: res.status });
    }
    if (res.status === 404) {
      return new ProviderError("KHALTI", "not_found", `Khalti does not know this payment: ${detail ?? "not found"}`, { httpStatus: 404 });
    }
    const fieldErrors = fieldErrorsOf(body);
    if (fieldErrors) {
      const summary = Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
        .join("; ");
      return new ProviderError("KHALTI", "invalid_request", `Khalti refused the ${action}: ${summary}`, { httpStatus: res.status, fieldErrors });
    }
    return new ProviderError("KHALTI", "invalid_request", `Khalti refused the ${action}: ${detail ?? `HTTP ${res.status}`}`, { httpStatus: res.status });
  }

  return {
    async initiate(input) {
      const payload: Record<string, unknown> = {
        return_url: input.returnUrl,
        website_url: input.websiteUrl,
        amount: input.amountPaisa,
        purchase_order_id: input.purchaseOrderId,
        purchase_order_name: input.purchaseOrderName,
      };
      if (input.customerInfo) payload.customer_info = input.customerInfo;
      if (input.amountBreakdown) payload.amount_breakdown = input.amountBreakdown;
      if (input.productDetails) {
        payload.product_details = input.productDetails.map((p) => ({
          identity: p.identity,
          name: p.name,
          total_price: p.totalPrice,
          quantity: p.quantity,
          unit_price: p.unitPrice,
        }));
      }
      for (const [key, value] of Object.entries(input.merchantExtra ?? {})) {
        payload[key.startsWith("merchant_") ? key : `merchant_${key}`] = value;
      }

      const res = await post("epayment/initiate/", payload);
      if (res.status !== 200) throw failure(res, "payment initiation");
      const body = isRecord(res.body) ? res.body : {};
      const { pidx, payment_url: paymentUrl, expires_at: expiresAt, expires_in: expiresIn } = body;
      if (typeof pidx !== "string" || pidx === "" || typeof paymentUrl !== "string" || !isHttpUrl(paymentUrl)) {
        throw new ProviderError("KHALTI", "unavailable", "Khalti's initiation answer had no usable pidx or payment_url", { httpStatus: res.status });
      }
      return {
        pidx,
        paymentUrl,
        expiresAt: typeof expiresAt === "string" ? expiresAt : "",
        expiresIn: typeof expiresIn === "number" ? expiresIn : Number(expiresIn) || 0,
      };
    },

    async lookup(pidx) {
      const res = await post("epayment/lookup/", { pidx });
      // Expired and User canceled arrive with HTTP 400 and a normal lookup body: read the body first.
      const body = isRecord(res.body) ? res.body : undefined;
      if (body && typeof body.status === "string" && (res.status === 200 || res.status === 400)) {
        const status = normalizeKhaltiStatus(body.status);
        const totalAmount = toInteger(body.total_amount);
        if (status === null || totalAmount === null) {
          throw new ProviderError("KHALTI", "unavailable", `Khalti's lookup answer is not one we understand (status ${JSON.stringify(body.status)})`, {
            httpStatus: res.status,
          });
        }
        if (typeof body.pidx === "string" && body.pidx !== pidx) {
          throw new ProviderError("KHALTI", "unavailable", "Khalti answered the lookup for a different pidx", { httpStatus: res.status });
        }
        return {
          pidx,
          totalAmount,
          status,
          transactionId: typeof body.transaction_id === "string" && body.transaction_id !== "" ? body.transaction_id : null,
          fee: toInteger(body.fee) ?? 0,
          refunded: body.refunded === true,
        };
      }
      throw failure(res, "lookup");
    },
  };
}

export interface KhaltiCallback {
  pidx: string;
  /** null when the callback had no status (older failure callbacks carried only `message`). */
  status: KhaltiStatus | null;
  transactionId: string | null;
  /** What the query claims; untrusted, for logs only. */
  amountPaisa: Paisa | null;
  purchaseOrderId: string | null;
  mobile: string | null;
  message: string | null;
}

/**
 * Reads the return_url query. Untrusted: it only names the pidx to look up.
 * Returns null when there is no pidx at all.
 */
export function parseKhaltiCallback(query: URLSearchParams | Record<string, unknown>): KhaltiCallback | null {
  const get = (name: string): string | null => {
    const v = query instanceof URLSearchParams ? query.get(name) : query[name];
    const first = Array.isArray(v) ? v[0] : v;
    return typeof first === "string" && first.trim() !== "" ? first.trim() : null;
  };
  const pidx = get("pidx");
  if (!pidx) return null;
  const amount = get("total_amount") ?? get("amount");
  return {
    pidx,
    status: normalizeKhaltiStatus(get("status")),
    transactionId: get("transaction_id") ?? get("tidx"),
    amountPaisa: amount !== null && /^\d+$/.test(amount) ? Number(amount) : null,
    purchaseOrderId: get("purchase_order_id"),
    mobile: get("mobile"),
    message: get("message"),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

function toInteger(v: unknown): number | null {
  if (typeof v === "number" && Number.isSafeInteger(v)) return v;
  if (typeof v === "string" && /^\d+$/.test(v.trim())) return Number(v.trim());
  return null;
}

function fieldErrorsOf(body: Record<string, unknown>): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === "error_key" || key === "status_code" || key === "detail") continue;
    if (Array.isArray(value) && value.every((m) => typeof m === "string")) out[key] = value as string[];
    else if (typeof value === "string") out[key] = [value];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * What a Khalti lookup means for our attempt of `expectedPaisa`: Completed with the attempt's amount is paid; Pending and
 * Initiated are undecided; a cancel, expiry or refund fails the attempt (docs/decisions/041).
 */
export function khaltiVerdict(found: KhaltiLookupResult, expectedPaisa: Paisa): ProviderVerdict {
  switch (found.status) {
    case "Completed":
      if (found.totalAmount !== expectedPaisa) return { kind: "failed", providerStatus: found.status, reason: "amount_mismatch" };
      return { kind: "paid", providerStatus: found.status, transactionId: found.transactionId };
    case "Pending":
    case "Initiated":
      return { kind: "pending", providerStatus: found.status };
    case "User canceled":
      return { kind: "failed", providerStatus: found.status, reason: "canceled" };
    case "Expired":
      return { kind: "failed", providerStatus: found.status, reason: "expired" };
    default:
      return { kind: "failed", providerStatus: found.status, reason: "refunded" };
  }
}

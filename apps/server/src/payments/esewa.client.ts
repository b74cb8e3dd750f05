import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Paisa } from "@khelkud/contracts";
import { isTimeout } from "./errors.js";
import type { ProviderVerdict } from "./verdict.js";
import { formatRupees, parseRupeesToPaisa } from "./rupees.js";

/**
 * eSewa ePay v2 client: signed form fields, success-redirect verification, status check.
 * Protocol reference: docs/payments-protocols.md §2. eSewa signs exact text, so every
 * amount we send goes through formatRupees (one canonical format for form, signature and status).
 */

export const ESEWA_STATUSES = ["PENDING", "COMPLETE", "FULL_REFUND", "PARTIAL_REFUND", "AMBIGUOUS", "NOT_FOUND", "CANCELED"] as const;
export type EsewaStatus = (typeof ESEWA_STATUSES)[number];

/** The three names eSewa requires first, in this order, on the form. */
export const ESEWA_FORM_SIGNED_FIELDS = ["total_amount", "transaction_uuid", "product_code"] as const;
/** What a success redirect must have signed before we believe any of it. */
export const ESEWA_CALLBACK_REQUIRED_SIGNED = ["transaction_uuid", "total_amount", "product_code", "status"] as const;

export interface EsewaClientOptions {
  formUrl: string;
  statusUrl: string;
  productCode: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** Status check timeout; default 10 s. */
  timeoutMs?: number;
}

export interface EsewaPaymentFormInput {
  /** The goods amount in paisa (eSewa `amount`). total_amount = amountPaisa + deliveryChargePaisa. */
  amountPaisa: Paisa;
  /** eSewa `product_delivery_charge`; default 0. */
  deliveryChargePaisa?: Paisa;
  transactionUuid: string;
  successUrl: string;
  failureUrl: string;
}

export interface EsewaPaymentForm {
  /** Where the browser POSTs the form (a navigation, not XHR). */
  url: string;
  /** Field name → value, in eSewa's documented order. */
  fields: Record<string, string>;
  /** amount + delivery: compare with the stored order total before sending the browser away. */
  totalAmountPaisa: Paisa;
}

export type EsewaVerifyFailure = "malformed" | "missing_fields" | "bad_signature" | "wrong_product" | "bad_amount" | "not_complete";

export type EsewaVerifyResult =
  | {
      ok: true;
      /** Every field as signed text (total_amount without thousands commas). */
      fields: Record<string, string>;
      totalAmountPaisa: Paisa;
      transactionUuid: string;
      transactionCode: string | null;
      status: string;
    }
  | { ok: false; reason: EsewaVerifyFailure; fields?: Record<string, string>; totalAmountPaisa?: Paisa };

export type EsewaStatusResult =
  | {
      outage: false;
      status: EsewaStatus;
      refId: string | null;
      /** What eSewa reports, or null when its answer carried no readable amount. */
      totalAmountPaisa: Paisa | null;
      transactionUuid: string | null;
    }
  /** Outage body, network failure, timeout, non-2xx or an unreadable answer: nothing is decided. */
  | { outage: true; message: string; httpStatus?: number };

export interface EsewaClient {
  readonly productCode: string;
  sign(fields: Record<string, string>, names: readonly string[]): string;
  buildPaymentForm(input: EsewaPaymentFormInput): EsewaPaymentForm;
  verifyCallback(dataParam: string): EsewaVerifyResult;
  checkStatus(input: { transactionUuid: string; totalAmountPaisa: Paisa }): Promise<EsewaStatusResult>;
}

/** `name=value` pairs joined by commas, HMAC-SHA256 with the secret as UTF-8 text, standard Base64. */
export function signEsewaFields(secretKey: string, fields: Record<string, string>, names: readonly string[]): string {
  const message = names
    .map((name) => {
      const value = fields[name];
      if (value === undefined) throw new Error(`Cannot sign: field "${name}" is missing`);
      return `${name}=${value}`;
    })
    .join(",");
  return createHmac("sha256", secretKey).update(message, "utf8").digest("base64");
}

const UUID_CHARS = /^[A-Za-z0-9-]+$/;
export const TRANSACTION_UUID_MAX = 20;

export function isValidTransactionUuid(value: string): boolean {
  return value.length > 0 && value.length <= TRANSACTION_UUID_MAX && UUID_CHARS.test(value);
}

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A fresh attempt id for eSewa's transaction_uuid (also fine as Khalti's purchase_order_id):
 * letters, digits and hyphens, at most 20 characters, different on every call even for the same
 * order and attempt number, e.g. "8f3a2c10-a2-k4x9q".
 */
export function makeTransactionUuid(orderId: string, attempt = 1): string {
  const order = orderId.replace(/[^A-Za-z0-9]/g, "").slice(-8) || "order";
  const tag = `a${Math.max(1, Math.min(Math.trunc(attempt), 999))}`;
  const room = TRANSACTION_UUID_MAX - order.length - tag.length - 2;
  const bytes = randomBytes(room);
  let random = "";
  for (const b of bytes) random += ALNUM[b % ALNUM.length];
  return `${order}-${tag}-${random}`;
}

export function createEsewaClient(options: EsewaClientOptions): EsewaClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sign = (fields: Record<string, string>, names: readonly string[]) => signEsewaFields(options.secretKey, fields, names);

  return {
    productCode: options.productCode,
    sign,

    buildPaymentForm(input) {
      const delivery = input.deliveryChargePaisa ?? 0;
      if (!Number.isSafeInteger(input.amountPaisa) || input.amountPaisa <= 0) throw new RangeError("eSewa amount must be a positive integer of paisa");
      if (!Number.isSafeInteger(delivery) || delivery < 0) throw new RangeError("eSewa delivery charge must be a non-negative integer of paisa");
      if (!isValidTransactionUuid(input.transactionUuid)) {
        throw new RangeError(`transaction_uuid "${input.transactionUuid}" must be 1–${TRANSACTION_UUID_MAX} letters, digits or hyphens`);
      }
      const total = input.amountPaisa + delivery;
      const fields: Record<string, string> = {
        amount: formatRupees(input.amountPaisa),
        tax_amount: "0",
        product_service_charge: "0",
        product_delivery_charge: formatRupees(delivery),
        total_amount: formatRupees(total),
        transaction_uuid: input.transactionUuid,
        product_code: options.productCode,
        success_url: input.successUrl,
        failure_url: input.failureUrl,
        signed_field_names: ESEWA_FORM_SIGNED_FIELDS.join(","),
      };
      fields.signature = sign(fields, ESEWA_FORM_SIGNED_FIELDS);
      return { url: options.formUrl, fields, totalAmountPaisa: total };
    },

    verifyCallback(dataParam) {
      const decoded = decodeCallbackData(dataParam);
      if (!decoded) return { ok: false, reason: "malformed" };
      const { fields, signature } = decoded;
      const names = (fields.signed_field_names ?? "").split(",").filter((n) => n !== "");
      const missing = !signature || ESEWA_CALLBACK_REQUIRED_SIGNED.some((n) => !names.includes(n)) || names.some((n) => fields[n] === undefined);
      if (missing) return { ok: false, reason: "missing_fields", fields };

      // Thousands commas are shown but not signed ("1,500.0" is signed as "1500.0").
      const signedFields: Record<string, string> = { ...fields, total_amount: (fields.total_amount ?? "").replace(/,/g, "") };
      const expected = Buffer.from(sign(signedFields, names), "base64");
      const given = Buffer.from(signature, "base64");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad_signature", fields };

      if (signedFields.product_code !== options.productCode) return { ok: false, reason: "wrong_product", fields: signedFields };
      const totalAmountPaisa = parseRupeesToPaisa(signedFields.total_amount ?? "");
      if (totalAmountPaisa === null) return { ok: false, reason: "bad_amount", fields: signedFields };
      if (signedFields.status !== "COMPLETE") return { ok: false, reason: "not_complete", fields: signedFields, totalAmountPaisa };
      return {
        ok: true,
        fields: signedFields,
        totalAmountPaisa,
        transactionUuid: signedFields.transaction_uuid ?? "",
        transactionCode: signedFields.transaction_code ?? null,
        status: signedFields.status ?? "",
      };
    },

    async checkStatus({ transactionUuid, totalAmountPaisa }) {
      const url = new URL(options.statusUrl);
      url.searchParams.set("product_code", options.productCode);
      url.searchParams.set("total_amount", formatRupees(totalAmountPaisa));
      url.searchParams.set("transaction_uuid", transactionUuid);
      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
        text = await res.text();
      } catch (cause) {
        return { outage: true, message: isTimeout(cause) ? `eSewa did not answer within ${timeoutMs} ms` : "eSewa could not be reached" };
      }
      if (!res.ok) return { outage: true, message: `eSewa status check answered HTTP ${res.status}`, httpStatus: res.status };
      const body = readLooseJson(text);
      if (!body) return { outage: true, message: "eSewa's status answer could not be read", httpStatus: res.status };
      const status = typeof body.status === "string" ? ESEWA_STATUSES.find((s) => s === body.status?.toUpperCase()) : undefined;
      if (!status) {
        const message = typeof body.error_message === "string" ? body.error_message : `unexpected status ${JSON.stringify(body.status ?? null)}`;
        return { outage: true, message: `eSewa: ${message}`, httpStatus: res.status };
      }
      return {
        outage: false,
        status,
        refId: typeof body.ref_id === "string" && body.ref_id !== "" ? body.ref_id : null,
        totalAmountPaisa: body.total_amount === undefined ? null : parseRupeesToPaisa(body.total_amount),
        transactionUuid: typeof body.transaction_uuid === "string" ? body.transaction_uuid : null,
      };
    },
  };
}

/**
 * Decodes the success redirect's `data`: standard Base64 of a JSON object. Repairs `+` that a
 * query parser turned into spaces. Every value is kept as the text that was signed: a JSON number
 * keeps its literal (`1000.0`, which JSON.parse would turn into 1000).
 */
function decodeCallbackData(dataParam: string): { fields: Record<string, string>; signature: string } | null {
  const repaired = dataParam.trim().replace(/ /g, "+");
  if (repaired === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(repaired)) return null;
  const text = Buffer.from(repaired, "base64").toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const literals = numberLiterals(text);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === "string") fields[key] = value;
    else if (typeof value === "number") fields[key] = literals.get(key) ?? String(value);
    else if (typeof value === "boolean") fields[key] = String(value);
  }
  const signature = fields.signature ?? "";
  delete fields.signature;
  return { fields, signature };
}

/** Top-level `"key": <number>` literals exactly as written. */
function numberLiterals(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(?=[,}\s])/g)) {
    if (m[1] !== undefined && m[2] !== undefined && !out.has(m[1])) out.set(m[1], m[2]);
  }
  return out;
}

/**
 * eSewa's status answer as strings. Tolerant: the docs' own sample lacks a comma, so when strict
 * JSON fails, the known keys are picked out one by one.
 */
function readLooseJson(text: string): Record<string, string | undefined> | null {
  const out: Record<string, string | undefined> = {};
  const literals = numberLiterals(text);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value === "string") out[key] = value;
      else if (typeof value === "number") out[key] = literals.get(key) ?? String(value);
    }
    return out;
  } catch {
    let found = false;
    for (const key of ["status", "ref_id", "transaction_uuid", "product_code", "total_amount", "error_message"]) {
      const m = new RegExp(`"${key}"\\s*:\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|(-?\\d+(?:\\.\\d+)?))`).exec(text);
      if (m) {
        out[key] = m[1] ?? m[2];
        found = true;
      }
    }
    return found ? out : null;
  }
}

/**
 * What an eSewa status answer means for our attempt: COMPLETE for this uuid and amount is paid; PENDING and AMBIGUOUS
 * are undecided; CANCELED, NOT_FOUND and refunds fail the attempt (docs/decisions/041).
 */
export function esewaVerdict(answer: Extract<EsewaStatusResult, { outage: false }>, expected: { transactionUuid: string; totalAmountPaisa: Paisa }): ProviderVerdict {
  switch (answer.status) {
    case "COMPLETE":
      if ((answer.totalAmountPaisa !== null && answer.totalAmountPaisa !== expected.totalAmountPaisa) || (answer.transactionUuid !== null && answer.transactionUuid !== expected.transactionUuid)) {
        return { kind: "failed", providerStatus: answer.status, reason: "amount_mismatch" };
      }
      return { kind: "paid", providerStatus: answer.status, transactionId: answer.refId };
    case "PENDING":
    case "AMBIGUOUS":
      return { kind: "pending", providerStatus: answer.status };
    case "CANCELED":
      return { kind: "failed", providerStatus: answer.status, reason: "canceled" };
    case "NOT_FOUND":
      return { kind: "failed", providerStatus: answer.status, reason: "expired" };
    default:
      return { kind: "failed", providerStatus: answer.status, reason: "refunded" };
  }
}

import { describe, expect, it } from "vitest";
import { createEsewaClient, esewaVerdict, isValidTransactionUuid, makeTransactionUuid, signEsewaFields, type ESEWA_STATUSES } from "./esewa.client.js";
import { formatRupees, parseRupeesToPaisa } from "./rupees.js";

const KEY = "8gBm/:&EnhH.1/q";
const FORM_NAMES = ["total_amount", "transaction_uuid", "product_code"];
const CALLBACK_NAMES = "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names";

function client(fetchImpl?: typeof fetch) {
  return createEsewaClient({
    formUrl: "https://rc-epay.esewa.com.np/api/epay/main/v2/form",
    statusUrl: "https://rc.esewa.com.np/api/epay/transaction/status/",
    productCode: "EPAYTEST",
    secretKey: KEY,
    fetch: fetchImpl,
  });
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** A callback as eSewa would send it, signed over the comma-free amount text. */
function callback(fields: Record<string, string>, shownAmount = fields.total_amount): string {
  const all = { ...fields, signed_field_names: CALLBACK_NAMES };
  const signature = signEsewaFields(KEY, all, CALLBACK_NAMES.split(","));
  return b64(JSON.stringify({ ...all, total_amount: shownAmount, signature }));
}

describe("eSewa signatures (reference vectors, key 8gBm/:&EnhH.1/q)", () => {
  it.each([
    ["110", "241028", "i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME="],
    ["1500", "ord-1001-a1", "S3F3eCnVF4muLvy0c40hIBxjFjt2rRrwV7m3V0YH3zU="],
    ["110.5", "ord-1002-a1", "krBxEEN6zer5ZM8pMgsXymfFbk97gwtdN166J9Hxhnw="],
  ])("signs total_amount=%s,transaction_uuid=%s as %s", (total, uuid, signature) => {
    expect(signEsewaFields(KEY, { total_amount: total, transaction_uuid: uuid, product_code: "EPAYTEST" }, FORM_NAMES)).toBe(signature);
  });

  it("does not reproduce the docs' wrong stand-alone example (the known-bad vector)", () => {
    expect(signEsewaFields(KEY, { total_amount: "100", transaction_uuid: "11-201-13", product_code: "EPAYTEST" }, FORM_NAMES)).toBe(
      "5DZywcrTKD0gia/rsSMcrRHmJl+4Tbol6S+lWgdJ94E=",
    );
  });

  it("different text for the same amount gives a different signature (110 vs 110.00)", () => {
    const a = signEsewaFields(KEY, { total_amount: "110", transaction_uuid: "241028", product_code: "EPAYTEST" }, FORM_NAMES);
    const b = signEsewaFields(KEY, { total_amount: "110.00", transaction_uuid: "241028", product_code: "EPAYTEST" }, FORM_NAMES);
    expect(a).not.toBe(b);
  });
});

describe("eSewa payment form", () => {
  it("builds the reference form for Rs 1400 + Rs 100 delivery, signed S3F3eCnV…", () => {
    const form = client().buildPaymentForm({
      amountPaisa: 140000,
      deliveryChargePaisa: 10000,
      transactionUuid: "ord-1001-a1",
      successUrl: "https://shop.example.np/payment/esewa/success",
      failureUrl: "https://shop.example.np/payment/esewa/failed",
    });
    expect(form.url).toBe("https://rc-epay.esewa.com.np/api/epay/main/v2/form");
    expect(form.totalAmountPaisa).toBe(150000);
    expect(form.fields).toEqual({
      amount: "1400",
      tax_amount: "0",
      product_service_charge: "0",
      product_delivery_charge: "100",
      total_amount: "1500",
      transaction_uuid: "ord-1001-a1",
      product_code: "EPAYTEST",
      success_url: "https://shop.example.np/payment/esewa/success",
      failure_url: "https://shop.example.np/payment/esewa/failed",
      signed_field_names: "total_amount,transaction_uuid,product_code",
      signature: "S3F3eCnVF4muLvy0c40hIBxjFjt2rRrwV7m3V0YH3zU=",
    });
  });

  it("writes paisa with two decimals and signs that same text", () => {
    const form = client().buildPaymentForm({ amountPaisa: 11050, transactionUuid: "ord-1002-a1", successUrl: "s", failureUrl: "f" });
    expect(form.fields.total_amount).toBe("110.50");
    expect(form.fields.amount).toBe("110.50");
    expect(form.fields.signature).toBe(signEsewaFields(KEY, { total_amount: "110.50", transaction_uuid: "ord-1002-a1", product_code: "EPAYTEST" }, FORM_NAMES));
  });

  it("refuses a transaction_uuid eSewa would reject, and non-integer paisa", () => {
    const base = { successUrl: "s", failureUrl: "f" };
    expect(() => client().buildPaymentForm({ ...base, amountPaisa: 1000, transactionUuid: "ord_1001" })).toThrow(RangeError);
    expect(() => client().buildPaymentForm({ ...base, amountPaisa: 1000, transactionUuid: "a".repeat(21) })).toThrow(RangeError);
    expect(() => client().buildPaymentForm({ ...base, amountPaisa: 10.5, transactionUuid: "ord-1" })).toThrow(RangeError);
  });
});

describe("eSewa success redirect verification", () => {
  const REF_1500 =
    "eyJ0cmFuc2FjdGlvbl9jb2RlIjoiMDAwWFlaMSIsInN0YXR1cyI6IkNPTVBMRVRFIiwidG90YWxfYW1vdW50IjoiMSw1MDAuMCIsInRyYW5zYWN0aW9uX3V1aWQiOiJvcmQtMTAwMS1hMSIsInByb2R1Y3RfY29kZSI6IkVQQVlURVNUIiwic2lnbmVkX2ZpZWxkX25hbWVzIjoidHJhbnNhY3Rpb25fY29kZSxzdGF0dXMsdG90YWxfYW1vdW50LHRyYW5zYWN0aW9uX3V1aWQscHJvZHVjdF9jb2RlLHNpZ25lZF9maWVsZF9uYW1lcyIsInNpZ25hdHVyZSI6IkdiMzdhS2Q5dEhmQnpzeDVSY1FIcWlqU0J0ekV4OC9RUE1janFkdXJ0ZmM9In0=";

  it('accepts the reference "1,500.0" callback: the comma is shown, not signed', () => {
    expect(client().verifyCallback(REF_1500)).toMatchObject({
      ok: true,
      totalAmountPaisa: 150000,
      transactionUuid: "ord-1001-a1",
      transactionCode: "000XYZ1",
      status: "COMPLETE",
    });
  });

  it('accepts the real sandbox callback with total_amount "133.0" (published vector)', () => {
    const real =
      '{"transaction_code":"0006TY3","status":"COMPLETE","total_amount":"133.0","transaction_uuid":"1234567890","product_code":"EPAYTEST","signed_field_names":"transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names","signature":"MFEcMZ/30WVezanVZHH4H1nIV8pGwyzZxggtkye2VXw="}';
    expect(client().verifyCallback(b64(real))).toMatchObject({ ok: true, totalAmountPaisa: 13300, transactionCode: "0006TY3" });
  });

  it("keeps a JSON-number total_amount's literal text (1500.0, which JSON.parse turns into 1500)", () => {
    const fields = { transaction_code: "000XYZ1", status: "COMPLETE", total_amount: "1500.0", transaction_uuid: "ord-1001-a1", product_code: "EPAYTEST" };
    const signature = signEsewaFields(KEY, { ...fields, signed_field_names: CALLBACK_NAMES }, CALLBACK_NAMES.split(","));
    const text = `{"transaction_code":"000XYZ1","status":"COMPLETE","total_amount":1500.0,"transaction_uuid":"ord-1001-a1","product_code":"EPAYTEST","signed_field_names":"${CALLBACK_NAMES}","signature":"${signature}"}`;
    expect(client().verifyCallback(b64(text))).toMatchObject({ ok: true, totalAmountPaisa: 150000 });
  });

  it("refuses a tampered amount", () => {
    const decoded = JSON.parse(Buffer.from(REF_1500, "base64").toString("utf8"));
    expect(client().verifyCallback(b64(JSON.stringify({ ...decoded, total_amount: "1,400.0" })))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(client().verifyCallback(b64(JSON.stringify({ ...decoded, total_amount: "1500" })))).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("refuses a wrong signature and a signature made with another key", () => {
    const decoded = JSON.parse(Buffer.from(REF_1500, "base64").toString("utf8"));
    expect(client().verifyCallback(b64(JSON.stringify({ ...decoded, signature: "S3F3eCnVF4muLvy0c40hIBxjFjt2rRrwV7m3V0YH3zU=" })))).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
    const otherKey = createEsewaClient({ formUrl: "http://x", statusUrl: "http://x", productCode: "EPAYTEST", secretKey: "another-secret" });
    expect(otherKey.verifyCallback(REF_1500)).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("refuses a callback that signs too little (no status or amount in signed_field_names)", () => {
    const fields = {
      transaction_uuid: "ord-1001-a1",
      product_code: "EPAYTEST",
      total_amount: "1500.0",
      status: "COMPLETE",
      signed_field_names: "transaction_uuid,product_code,signed_field_names",
    };
    const signature = signEsewaFields(KEY, fields, fields.signed_field_names.split(","));
    expect(client().verifyCallback(b64(JSON.stringify({ ...fields, signature })))).toMatchObject({ ok: false, reason: "missing_fields" });
  });

  it("refuses another merchant's correctly signed callback", () => {
    const data = callback({ transaction_code: "000AAA1", status: "COMPLETE", total_amount: "100.0", transaction_uuid: "x-1", product_code: "OTHERSHOP" });
    expect(client().verifyCallback(data)).toMatchObject({ ok: false, reason: "wrong_product" });
  });

  it("refuses a signed callback whose status is not COMPLETE", () => {
    const data = callback({ transaction_code: "000AAA1", status: "PENDING", total_amount: "100.0", transaction_uuid: "x-1", product_code: "EPAYTEST" });
    expect(client().verifyCallback(data)).toMatchObject({ ok: false, reason: "not_complete", totalAmountPaisa: 10000 });
  });

  it("repairs '+' that a query parser turned into spaces", () => {
    // '~' makes the Base64 contain '+'; the extra field is not signed and does not matter.
    const fields = { transaction_code: "000AWEO", status: "COMPLETE", total_amount: "2700.0", transaction_uuid: "ord-2700-a1", product_code: "EPAYTEST" };
    const signed = { ...fields, signed_field_names: CALLBACK_NAMES };
    const signature = signEsewaFields(KEY, signed, CALLBACK_NAMES.split(","));
    const data = b64(JSON.stringify({ ...signed, total_amount: "2,700.0", signature, note: "~~~~" }));
    expect(data).toContain("+");
    const mangled = new URLSearchParams(`data=${data}`).get("data")!;
    expect(mangled).toContain(" ");
    expect(client().verifyCallback(mangled)).toMatchObject({ ok: true, totalAmountPaisa: 270000 });
  });

  it("refuses data that is not Base64 JSON", () => {
    expect(client().verifyCallback("")).toMatchObject({ ok: false, reason: "malformed" });
    expect(client().verifyCallback("not base64!")).toMatchObject({ ok: false, reason: "malformed" });
    expect(client().verifyCallback(b64("[1,2]"))).toMatchObject({ ok: false, reason: "malformed" });
    expect(client().verifyCallback(b64("{broken"))).toMatchObject({ ok: false, reason: "malformed" });
  });
});

describe("eSewa status check parsing", () => {
  const answer =
    (status: number, body: string): typeof fetch =>
    async () =>
      new Response(body, { status, headers: { "content-type": "application/json" } });

  it("sends the canonical amount text and reads the docs' sample (with its missing comma)", async () => {
    let asked = "";
    const c = client(async (input) => {
      asked = String(input);
      return new Response(
        '{ "product_code": "EPAYTEST", "transaction_uuid": "ord-1001-a1", "total_amount": 1500.0 "status": "COMPLETE", "ref_id": "000XYZ1" }',
      );
    });
    expect(await c.checkStatus({ transactionUuid: "ord-1001-a1", totalAmountPaisa: 150000 })).toEqual({
      outage: false,
      status: "COMPLETE",
      refId: "000XYZ1",
      totalAmountPaisa: 150000,
      transactionUuid: "ord-1001-a1",
    });
    expect(asked).toBe("https://rc.esewa.com.np/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=1500&transaction_uuid=ord-1001-a1");
  });

  it("treats HTTP 403, an unknown status and a network failure as an outage", async () => {
    expect(await client(answer(403, "Forbidden")).checkStatus({ transactionUuid: "a", totalAmountPaisa: 100 })).toMatchObject({
      outage: true,
      httpStatus: 403,
    });
    expect(await client(answer(200, '{"status":"PAID"}')).checkStatus({ transactionUuid: "a", totalAmountPaisa: 100 })).toMatchObject({ outage: true });
    const down: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    expect(await client(down).checkStatus({ transactionUuid: "a", totalAmountPaisa: 100 })).toMatchObject({
      outage: true,
      message: "eSewa could not be reached",
    });
  });
});

describe("transaction_uuid and rupee text", () => {
  it("makes a new valid uuid of at most 20 characters on every attempt", () => {
    const seen = new Set<string>();
    for (let attempt = 1; attempt <= 200; attempt++) {
      const uuid = makeTransactionUuid("ord_8f3a2c10-1234-5678-9abc-def012345678", attempt % 3);
      expect(isValidTransactionUuid(uuid)).toBe(true);
      expect(uuid.length).toBeLessThanOrEqual(20);
      seen.add(uuid);
    }
    expect(seen.size).toBe(200);
    expect(isValidTransactionUuid("ord.1")).toBe(false);
    expect(isValidTransactionUuid("ord 1")).toBe(false);
  });

  it("formats paisa as whole rupees or two decimals", () => {
    expect(formatRupees(150000)).toBe("1500");
    expect(formatRupees(11050)).toBe("110.50");
    expect(formatRupees(11005)).toBe("110.05");
    expect(() => formatRupees(10.5)).toThrow(RangeError);
  });

  it("reads eSewa's rupee texts into paisa without floating-point error", () => {
    expect(parseRupeesToPaisa("1,500.0")).toBe(150000);
    expect(parseRupeesToPaisa("133.0")).toBe(13300);
    expect(parseRupeesToPaisa("0.29")).toBe(29);
    expect(parseRupeesToPaisa("110.50")).toBe(11050);
    expect(parseRupeesToPaisa("1,00,000.00")).toBe(10000000);
    expect(parseRupeesToPaisa("1.005")).toBeNull();
    expect(parseRupeesToPaisa("-5")).toBeNull();
    expect(parseRupeesToPaisa("abc")).toBeNull();
  });
});

describe("eSewa statuses in the shop's words (esewaVerdict)", () => {
  const expected = { transactionUuid: "u-1", totalAmountPaisa: 265_000 };
  const answer = (status: (typeof ESEWA_STATUSES)[number], over: Partial<{ totalAmountPaisa: number | null; transactionUuid: string | null }> = {}) => ({
    outage: false as const,
    status,
    refId: status === "COMPLETE" ? "R1" : null,
    totalAmountPaisa: 265_000,
    transactionUuid: "u-1",
    ...over,
  });

  it("is paid only when COMPLETE for this attempt and amount", () => {
    expect(esewaVerdict(answer("COMPLETE"), expected)).toEqual({ kind: "paid", providerStatus: "COMPLETE", transactionId: "R1" });
    expect(esewaVerdict(answer("COMPLETE", { totalAmountPaisa: 1 }), expected)).toMatchObject({ kind: "failed", reason: "amount_mismatch" });
    expect(esewaVerdict(answer("COMPLETE", { transactionUuid: "u-2" }), expected)).toMatchObject({ kind: "failed", reason: "amount_mismatch" });
  });

  it("leaves PENDING and AMBIGUOUS undecided, and fails CANCELED, NOT_FOUND and refunds", () => {
    expect(esewaVerdict(answer("PENDING"), expected).kind).toBe("pending");
    expect(esewaVerdict(answer("AMBIGUOUS"), expected).kind).toBe("pending");
    expect(esewaVerdict(answer("CANCELED"), expected)).toMatchObject({ kind: "failed", reason: "canceled" });
    expect(esewaVerdict(answer("NOT_FOUND"), expected)).toMatchObject({ kind: "failed", reason: "expired" });
    expect(esewaVerdict(answer("FULL_REFUND"), expected)).toMatchObject({ kind: "failed", reason: "refunded" });
  });
});

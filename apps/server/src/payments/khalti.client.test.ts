import { describe, expect, it } from "vitest";
import { ProviderError } from "./errors.js";
import { createKhaltiClient, khaltiVerdict, normalizeKhaltiStatus, parseKhaltiCallback, type KhaltiLookupResult } from "./khalti.client.js";

/** A local handler standing in for Khalti: records the request, answers with a fixed response. */
function khaltiAnswering(status: number, body: string) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const client = createKhaltiClient({
    baseUrl: "https://dev.khalti.com/api/v2",
    secretKey: "live_secret_key_abc",
    fetch: async (input, init) => {
      calls.push({ url: String(input), init });
      return new Response(body, { status });
    },
  });
  return { client, calls };
}

async function caught(promise: Promise<unknown>): Promise<ProviderError> {
  const e = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ProviderError);
  return e as ProviderError;
}

describe("Khalti client requests", () => {
  it("posts JSON with 'Authorization: Key <secret>' to {base}/epayment/initiate/ with amounts in paisa", async () => {
    const { client, calls } = khaltiAnswering(
      200,
      JSON.stringify({
        pidx: "Xk2s9QmPbT4vLr7WcN3dEa",
        payment_url: "https://test-pay.khalti.com/?pidx=Xk2s9QmPbT4vLr7WcN3dEa",
        expires_at: "2025-08-01T16:26:16.471649+05:45",
        expires_in: 1800,
      }),
    );
    const result = await client.initiate({
      returnUrl: "https://shop.example.np/khalti/callback",
      websiteUrl: "https://shop.example.np/",
      amountPaisa: 259900,
      purchaseOrderId: "ord_8f3a2c10-a1",
      purchaseOrderName: "Order #8f3a2c10",
      productDetails: [{ identity: "prod_12", name: "Nepal Home Jersey 2025", totalPrice: 249900, quantity: 1, unitPrice: 249900 }],
      merchantExtra: { order_ref: "8f3a2c10" },
    });
    expect(result).toEqual({
      pidx: "Xk2s9QmPbT4vLr7WcN3dEa",
      paymentUrl: "https://test-pay.khalti.com/?pidx=Xk2s9QmPbT4vLr7WcN3dEa",
      expiresAt: "2025-08-01T16:26:16.471649+05:45",
      expiresIn: 1800,
    });
    expect(calls[0]?.url).toBe("https://dev.khalti.com/api/v2/epayment/initiate/");
    const headers = calls[0]?.init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Key live_secret_key_abc");
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({
      amount: 259900,
      product_details: [{ identity: "prod_12", total_price: 249900, unit_price: 249900, quantity: 1 }],
      merchant_order_ref: "8f3a2c10",
    });
  });
});

describe("Khalti lookup answers", () => {
  it.each([
    [200, "Completed", "Hq7Rt2ZpLw9VbN4kMs6XcD", false],
    [200, "Pending", null, false],
    [200, "Initiated", null, false],
    [200, "Refunded", "Hq7Rt2ZpLw9VbN4kMs6XcD", true],
    [400, "Expired", null, false],
    [400, "User canceled", null, false],
  ])("reads HTTP %i with status %s from the body", async (http, status, tid, refunded) => {
    const { client } = khaltiAnswering(http, JSON.stringify({ pidx: "P1", total_amount: 1000, status, transaction_id: tid, fee: 0, refunded }));
    expect(await client.lookup("P1")).toEqual({ pidx: "P1", totalAmount: 1000, status, transactionId: tid, fee: 0, refunded });
  });

  it("compares statuses without case ('Partially refunded', 'user CANCELED')", async () => {
    expect(normalizeKhaltiStatus("Partially refunded")).toBe("Partially Refunded");
    expect(normalizeKhaltiStatus("user CANCELED")).toBe("User canceled");
    expect(normalizeKhaltiStatus("Paid")).toBeNull();
    const { client } = khaltiAnswering(
      200,
      JSON.stringify({ pidx: "P1", total_amount: "1000", status: "Partially refunded", transaction_id: "T", fee: 0, refunded: true }),
    );
    expect((await client.lookup("P1")).status).toBe("Partially Refunded");
  });

  it("never reads an unknown status as paid: it is an unavailable error", async () => {
    const { client } = khaltiAnswering(200, JSON.stringify({ pidx: "P1", total_amount: 1000, status: "Success" }));
    expect((await caught(client.lookup("P1"))).kind).toBe("unavailable");
  });

  it("refuses an answer about another pidx", async () => {
    const { client } = khaltiAnswering(
      200,
      JSON.stringify({ pidx: "OTHER", total_amount: 1000, status: "Completed", transaction_id: "T", fee: 0, refunded: false }),
    );
    expect((await caught(client.lookup("P1"))).kind).toBe("unavailable");
  });

  it("maps 404, 401 and an HTML 502 to not_found, auth and unavailable", async () => {
    expect((await caught(khaltiAnswering(404, '{"detail":"Not found.","error_key":"validation_error"}').client.lookup("P1"))).kind).toBe("not_found");
    expect((await caught(khaltiAnswering(401, '{"detail":"Invalid token.","status_code":401}').client.lookup("P1"))).kind).toBe("auth");
    const outage = await caught(khaltiAnswering(502, "<html>Bad Gateway</html>").client.lookup("P1"));
    expect(outage.kind).toBe("unavailable");
    expect(outage.httpStatus).toBe(502);
  });

  it("treats a 200 without a pidx on initiate as unavailable, not success", async () => {
    const { client } = khaltiAnswering(200, "{}");
    const e = await caught(
      client.initiate({ returnUrl: "https://a.np/", websiteUrl: "https://a.np/", amountPaisa: 1000, purchaseOrderId: "a", purchaseOrderName: "b" }),
    );
    expect(e.kind).toBe("unavailable");
  });

  it("reports a 400 without field errors (e.g. the pre-KYC cap) as invalid_request with Khalti's text", async () => {
    const { client } = khaltiAnswering(400, '{"detail":"Amount must be less than 200.","error_key":"validation_error"}');
    const e = await caught(
      client.initiate({ returnUrl: "https://a.np/", websiteUrl: "https://a.np/", amountPaisa: 50000, purchaseOrderId: "a", purchaseOrderName: "b" }),
    );
    expect(e.kind).toBe("invalid_request");
    expect(e.message).toContain("Amount must be less than 200.");
  });
});

describe("Khalti callback query", () => {
  it("reads the documented success callback", () => {
    const q = new URL(
      "https://shop.example.np/khalti/callback?pidx=Xk2s9QmPbT4vLr7WcN3dEa&transaction_id=Hq7Rt2ZpLw9VbN4kMs6XcD&tidx=Hq7Rt2ZpLw9VbN4kMs6XcD&txnId=Hq7Rt2ZpLw9VbN4kMs6XcD&amount=259900&total_amount=259900&mobile=98XXXXX001&status=Completed&purchase_order_id=ord_8f3a2c10-a1&purchase_order_name=Order+%238f3a2c10",
    ).searchParams;
    expect(parseKhaltiCallback(q)).toEqual({
      pidx: "Xk2s9QmPbT4vLr7WcN3dEa",
      status: "Completed",
      transactionId: "Hq7Rt2ZpLw9VbN4kMs6XcD",
      amountPaisa: 259900,
      purchaseOrderId: "ord_8f3a2c10-a1",
      mobile: "98XXXXX001",
      message: null,
    });
  });

  it("tolerates a callback with no status (older failure form) and one with no pidx", () => {
    expect(parseKhaltiCallback({ pidx: "P1", message: "Payment failed" })).toMatchObject({
      pidx: "P1",
      status: null,
      message: "Payment failed",
      transactionId: null,
    });
    expect(parseKhaltiCallback({ message: "x" })).toBeNull();
  });
});

describe("Khalti statuses in the shop's words (khaltiVerdict)", () => {
  const found = (status: KhaltiLookupResult["status"], totalAmount = 265_000): KhaltiLookupResult => ({ pidx: "p1", totalAmount, status, transactionId: status === "Completed" ? "T1" : null, fee: 0, refunded: false });

  it("is paid only when Completed for the attempt's amount", () => {
    expect(khaltiVerdict(found("Completed"), 265_000)).toEqual({ kind: "paid", providerStatus: "Completed", transactionId: "T1" });
    expect(khaltiVerdict(found("Completed", 100), 265_000)).toEqual({ kind: "failed", providerStatus: "Completed", reason: "amount_mismatch" });
  });

  it("leaves Pending and Initiated undecided, and fails a cancel, an expiry and a refund with their reasons", () => {
    expect(khaltiVerdict(found("Pending"), 265_000).kind).toBe("pending");
    expect(khaltiVerdict(found("Initiated"), 265_000).kind).toBe("pending");
    expect(khaltiVerdict(found("User canceled"), 265_000)).toMatchObject({ kind: "failed", reason: "canceled" });
    expect(khaltiVerdict(found("Expired"), 265_000)).toMatchObject({ kind: "failed", reason: "expired" });
    expect(khaltiVerdict(found("Refunded"), 265_000)).toMatchObject({ kind: "failed", reason: "refunded" });
    expect(khaltiVerdict(found("Partially Refunded"), 265_000)).toMatchObject({ kind: "failed", reason: "refunded" });
  });

  it("names the wallet in its errors as the rest of the shop does", async () => {
    const client = createKhaltiClient({ secretKey: "k", baseUrl: "https://khalti.test/api/v2/", fetch: async () => new Response("<html>down</html>", { status: 502 }) });
    await expect(client.lookup("p1")).rejects.toMatchObject({ provider: "KHALTI", kind: "unavailable" });
  });
});

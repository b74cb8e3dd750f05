import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createKhaltiClient, parseKhaltiCallback, type KhaltiClient, type KhaltiInitiateInput } from "../khalti.client.js";
import { ProviderError, isProviderUnavailable } from "../errors.js";
import { actOnKhalti, browserGet, payOnKhalti, startProviderSimulator, submit, TEST_KHALTI_KEY, type RunningSimulator } from "./testing.js";

let sim: RunningSimulator;
let khalti: KhaltiClient;

const order = (over: Partial<KhaltiInitiateInput> = {}): KhaltiInitiateInput => ({
  returnUrl: "https://shop.example.np/khalti/callback",
  websiteUrl: "https://shop.example.np/",
  amountPaisa: 259900,
  purchaseOrderId: "ord_8f3a2c10-a1",
  purchaseOrderName: "Order #8f3a2c10",
  amountBreakdown: [
    { label: "Items", amount: 249900 },
    { label: "Shipping", amount: 10000 },
  ],
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

beforeAll(async () => {
  sim = await startProviderSimulator();
  khalti = createKhaltiClient({ baseUrl: sim.payments.khalti!.baseUrl, secretKey: TEST_KHALTI_KEY });
});
afterAll(() => sim.close());
beforeEach(() => sim.setScenario("normal"));

describe("Khalti initiate", () => {
  it("returns a 22-character pidx, a hosted payment URL and a Nepal-time expiry of 60 minutes", async () => {
    const before = Date.now();
    const started = await khalti.initiate(order());
    expect(started.pidx).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(started.paymentUrl).toBe(`${sim.url}/khalti/?pidx=${started.pidx}`);
    expect(started.expiresIn).toBe(3600);
    expect(started.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+05:45$/);
    const expiry = Date.parse(started.expiresAt);
    expect(expiry - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(expiry - before).toBeLessThan(3600_000 + 5000);
  });

  it.each([
    ["a blank return_url", { returnUrl: "" }, { return_url: ["This field may not be blank."] }],
    ["a return_url that is not a URL", { returnUrl: "shop/callback" }, { return_url: ["Enter a valid URL."] }],
    ["a blank website_url", { websiteUrl: "  " }, { website_url: ["This field may not be blank."] }],
    ["an amount below Rs 10", { amountPaisa: 999, amountBreakdown: undefined }, { amount: ["Amount should be greater than Rs. 10, that is 1000 paisa."] }],
    ["an amount with decimals", { amountPaisa: 1000.5, amountBreakdown: undefined }, { amount: ["A valid integer is required."] }],
    ["a blank purchase_order_id", { purchaseOrderId: "" }, { purchase_order_id: ["This field may not be blank."] }],
    ["a blank purchase_order_name", { purchaseOrderName: "" }, { purchase_order_name: ["This field may not be blank."] }],
    ["a breakdown that does not add up", { amountPaisa: 260000 }, { amount: ["Amount Breakdown mismatch."] }],
  ])("refuses %s with Khalti's exact field message", async (_what, change, fieldErrors) => {
    const error = await refusal(khalti.initiate(order(change)));
    expect(error.kind).toBe("invalid_request");
    expect(error.httpStatus).toBe(400);
    expect(error.fieldErrors).toEqual(fieldErrors);
  });

  it("reports every bad field at once, in Khalti's order", async () => {
    const res = await fetch(`${sim.url}/khalti/api/v2/epayment/initiate/`, {
      method: "POST",
      headers: { Authorization: `key ${TEST_KHALTI_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ return_url: "", amount: "1000", purchase_order_name: "x" }),
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      return_url: ["This field may not be blank."],
      website_url: ["This field is required."],
      purchase_order_id: ["This field is required."],
      error_key: "validation_error",
    });
    expect(Object.keys(JSON.parse(text))).toEqual(["return_url", "website_url", "purchase_order_id", "error_key"]);
  });

  it("accepts the amount as a string of digits, as the docs' own examples send it", async () => {
    const res = await fetch(`${sim.url}/khalti/api/v2/epayment/initiate/`, {
      method: "POST",
      headers: { Authorization: `Key ${TEST_KHALTI_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        return_url: "http://localhost:3000/khalti/callback",
        website_url: "http://localhost:3000/",
        amount: "1000",
        purchase_order_id: "a",
        purchase_order_name: "b",
      }),
    });
    expect(res.status).toBe(200);
  });

  it("refuses a wrong key with 'Invalid token.' and a missing Key prefix with 'not provided'", async () => {
    const wrong = createKhaltiClient({ baseUrl: sim.payments.khalti!.baseUrl, secretKey: "not-our-key" });
    const e1 = await refusal(wrong.initiate(order()));
    expect(e1.kind).toBe("auth");
    expect(e1.httpStatus).toBe(401);
    expect(e1.message).toContain("Invalid token.");

    const res = await fetch(`${sim.url}/khalti/api/v2/epayment/initiate/`, {
      method: "POST",
      headers: { Authorization: TEST_KHALTI_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Authentication credentials were not provided.", status_code: 401 });
  });
});

describe("Khalti hosted page, callback and lookup", () => {
  it("pays with a test ID, MPIN and OTP, returns to return_url with the documented parameters, and lookup says Completed", async () => {
    const started = await khalti.initiate(order());
    const page = await browserGet(started.paymentUrl);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Test payment simulator — no real money");
    expect(page.html).toContain("#5C2D91");
    expect(page.html).toContain("Rs. 2,599");

    const back = await payOnKhalti(started.paymentUrl, { mobile: "9800000004", mpin: "1111", otp: "987654" });
    expect(back.status).toBe(302);
    const callback = new URL(back.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe("https://shop.example.np/khalti/callback");
    expect([...callback.searchParams.keys()]).toEqual([
      "pidx",
      "transaction_id",
      "tidx",
      "txnId",
      "amount",
      "total_amount",
      "mobile",
      "status",
      "purchase_order_id",
      "purchase_order_name",
    ]);
    expect(back.location).toContain("status=Completed");
    expect(back.location).toContain("purchase_order_name=Order+%238f3a2c10");
    const params = parseKhaltiCallback(callback.searchParams)!;
    expect(params).toMatchObject({ pidx: started.pidx, status: "Completed", amountPaisa: 259900, mobile: "98XXXXX004", purchaseOrderId: "ord_8f3a2c10-a1" });
    expect(params.transactionId).toMatch(/^[A-Za-z0-9]{22}$/);

    const looked = await khalti.lookup(started.pidx);
    expect(looked).toEqual({ pidx: started.pidx, totalAmount: 259900, status: "Completed", transactionId: params.transactionId, fee: 0, refunded: false });
  });

  it("keeps the payment open after a wrong MPIN or OTP", async () => {
    const started = await khalti.initiate(order());
    const page = await browserGet(started.paymentUrl);
    const badLogin = await submit(page, { action: "login" }, { mobile: "9800000001", mpin: "0000" });
    expect(badLogin.status).toBe(401);
    expect(badLogin.html).toContain("Invalid Khalti ID or MPIN.");
    const notTestId = await submit(page, { action: "login" }, { mobile: "9811111111", mpin: "1111" });
    expect(notTestId.status).toBe(401);
    const otpPage = await submit(page, { action: "login" }, { mobile: "9800000001", mpin: "1111" });
    const badOtp = await submit(otpPage, { action: "otp" }, { otp: "123456" });
    expect(badOtp.status).toBe(401);
    expect(badOtp.html).toContain("Incorrect OTP.");
    expect((await khalti.lookup(started.pidx)).status).toBe("Initiated");
  });

  it("cancels: the callback says 'User canceled' with no transaction id or mobile, and lookup's HTTP 400 body is read", async () => {
    const started = await khalti.initiate(order());
    const back = await actOnKhalti(started.paymentUrl, "cancel");
    expect(back.status).toBe(302);
    expect(back.location).toContain("transaction_id=&tidx=&amount=259900&total_amount=259900&mobile=&status=User+canceled");
    expect(back.location).not.toContain("txnId");
    expect(parseKhaltiCallback(new URL(back.location!).searchParams)?.status).toBe("User canceled");

    const raw = await fetch(`${sim.url}/khalti/api/v2/epayment/lookup/`, {
      method: "POST",
      headers: { Authorization: `Key ${TEST_KHALTI_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ pidx: started.pidx }),
    });
    expect(raw.status).toBe(400);
    expect(await khalti.lookup(started.pidx)).toEqual({
      pidx: started.pidx,
      totalAmount: 259900,
      status: "User canceled",
      transactionId: null,
      fee: 0,
      refunded: false,
    });
  });

  it("a paid or cancelled payment cannot be paid again on the hosted page", async () => {
    const started = await khalti.initiate(order());
    await actOnKhalti(started.paymentUrl, "cancel");
    const again = await browserGet(started.paymentUrl);
    expect(again.status).toBe(409);
    expect(again.html).toContain("User canceled");
  });

  it("expires after its lifetime: lookup answers Expired with HTTP 400 and the page refuses payment", async () => {
    const started = await khalti.initiate(order());
    await sim.advanceClock(3601);
    try {
      expect((await khalti.lookup(started.pidx)).status).toBe("Expired");
      const page = await browserGet(started.paymentUrl);
      expect(page.status).toBe(410);
      expect(page.html).toContain("expired");
    } finally {
      await sim.advanceClock(-3601);
    }
  });

  it("expires on demand from the hosted page's scenario button", async () => {
    const started = await khalti.initiate(order());
    const page = await actOnKhalti(started.paymentUrl, "expire");
    expect(page.status).toBe(410);
    expect((await khalti.lookup(started.pidx)).status).toBe("Expired");
  });

  it("leaves a payment Pending: the callback and lookup say Pending with no transaction id", async () => {
    const started = await khalti.initiate(order());
    const back = await actOnKhalti(started.paymentUrl, "pending");
    expect(parseKhaltiCallback(new URL(back.location!).searchParams)?.status).toBe("Pending");
    expect(await khalti.lookup(started.pidx)).toMatchObject({ status: "Pending", transactionId: null, totalAmount: 259900 });
  });

  it("in the pending scenario a normal login-and-pay ends Pending", async () => {
    await sim.setScenario("pending", "khalti");
    const started = await khalti.initiate(order());
    await payOnKhalti(started.paymentUrl);
    expect((await khalti.lookup(started.pidx)).status).toBe("Pending");
  });

  it("in the cancel scenario a normal pay ends as User canceled", async () => {
    await sim.setScenario("cancel", "khalti");
    const started = await khalti.initiate(order());
    const back = await payOnKhalti(started.paymentUrl);
    expect(back.location).toContain("status=User+canceled");
    expect((await khalti.lookup(started.pidx)).status).toBe("User canceled");
  });

  it("in the wrong-amount scenario the callback and lookup report a different amount than initiated", async () => {
    await sim.setScenario("wrong-amount", "khalti", -50000);
    const started = await khalti.initiate(order());
    const back = await payOnKhalti(started.paymentUrl);
    expect(parseKhaltiCallback(new URL(back.location!).searchParams)?.amountPaisa).toBe(209900);
    expect(await khalti.lookup(started.pidx)).toMatchObject({ status: "Completed", totalAmount: 209900 });
  });

  it("admin hook sets Refunded and Partially Refunded (refunded true)", async () => {
    const started = await khalti.initiate(order());
    await payOnKhalti(started.paymentUrl);
    await sim.setPayment(started.pidx, { status: "Refunded" });
    expect(await khalti.lookup(started.pidx)).toMatchObject({ status: "Refunded", refunded: true });
    await sim.setPayment(started.pidx, { status: "Partially Refunded" });
    expect(await khalti.lookup(started.pidx)).toMatchObject({ status: "Partially Refunded", refunded: true });
  });

  it("an unknown pidx is a not_found error (HTTP 404), not a failed payment", async () => {
    const error = await refusal(khalti.lookup("NoSuchPidx0000000000000"));
    expect(error.kind).toBe("not_found");
    expect(error.httpStatus).toBe(404);
  });
});

describe("Khalti outage", () => {
  it("HTTP 503 from Khalti is an 'unavailable' error on initiate and lookup", async () => {
    const started = await khalti.initiate(order());
    await sim.setScenario("outage", "khalti");
    const e1 = await refusal(khalti.initiate(order()));
    expect(isProviderUnavailable(e1)).toBe(true);
    expect(e1.httpStatus).toBe(503);
    const e2 = await refusal(khalti.lookup(started.pidx));
    expect(e2.kind).toBe("unavailable");
    await sim.setScenario("normal", "khalti");
    expect((await khalti.lookup(started.pidx)).status).toBe("Initiated");
  });

  it("a dropped connection is an 'unavailable' error", async () => {
    await sim.setScenario("network-error", "khalti");
    const error = await refusal(khalti.initiate(order()));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("could not be reached");
  });

  it("a provider that does not answer in time is an 'unavailable' error", async () => {
    const slow = createKhaltiClient({
      baseUrl: sim.payments.khalti!.baseUrl,
      secretKey: TEST_KHALTI_KEY,
      timeoutMs: 50,
      // A provider that answers after 5 s. The timer is cleared when the client gives up: a fetch started later with
      // the aborted signal would reject where nobody listens, in whichever test file the worker runs next.
      fetch: (input, init) =>
        new Promise((resolve, reject) => {
          const late = setTimeout(() => resolve(fetch(input, init)), 5000);
          init?.signal?.addEventListener("abort", () => {
            clearTimeout(late);
            reject(init.signal?.reason);
          });
        }),
    });
    const error = await refusal(slow.lookup("anything"));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("within 50 ms");
  });
});

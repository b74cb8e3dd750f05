import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEsewaClient, makeTransactionUuid, type EsewaClient } from "../esewa.client.js";
import { actOnEsewa, browserGet, browserPost, payOnEsewa, postEsewaForm, startProviderSimulator, submit, type RunningSimulator } from "./testing.js";

let sim: RunningSimulator;
let esewa: EsewaClient;

const SUCCESS = "https://shop.example.np/payment/esewa/success";
const FAILURE = "https://shop.example.np/payment/esewa/failed";

function form(amountPaisa = 140000, deliveryChargePaisa = 10000, transactionUuid = makeTransactionUuid("ord1001")) {
  return esewa.buildPaymentForm({ amountPaisa, deliveryChargePaisa, transactionUuid, successUrl: SUCCESS, failureUrl: `${FAILURE}/${transactionUuid}` });
}

/** The `data` value exactly as it appears in the Location header (not percent-decoded). */
function rawData(location: string): string {
  const m = /[?&]data=([^&]*)/.exec(location);
  if (!m?.[1]) throw new Error(`no data in ${location}`);
  return m[1];
}

beforeAll(async () => {
  sim = await startProviderSimulator();
  esewa = createEsewaClient(sim.payments.esewa!);
});
afterAll(() => sim.close());
beforeEach(() => sim.setScenario("normal"));

describe("eSewa form POST", () => {
  it("accepts a correctly signed form with a 302 to the simulated login page", async () => {
    const f = form();
    const res = await browserPost(f.url, f.url, f.fields);
    expect(res.status).toBe(302);
    expect(res.location).toMatch(new RegExp(`^${sim.url}/esewa/login\\?sid=`));
    const login = await browserGet(res.location!);
    expect(login.html).toContain("Test payment simulator — no real money");
    expect(login.html).toContain("#60BB46");
    expect(login.html).toContain("Rs. 1,500");
  });

  it("answers an unknown product code with eSewa's 400 JSON", async () => {
    const other = createEsewaClient({ ...sim.payments.esewa!, productCode: "NOTOURS" });
    const f = other.buildPaymentForm({ amountPaisa: 10000, transactionUuid: makeTransactionUuid("x"), successUrl: SUCCESS, failureUrl: FAILURE });
    const res = await browserPost(f.url, f.url, f.fields);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.html)).toEqual({ error_message: "Unable to fetch merchant key. Please try again later.", code: 0 });
  });

  it.each([
    ["an empty field", (f: Record<string, string>) => ({ ...f, tax_amount: "" }), "Missing or empty field(s): tax_amount"],
    ["a uuid with an underscore", (f: Record<string, string>) => ({ ...f, transaction_uuid: "ord_1001" }), "only letters, digits and hyphens"],
    ["a total that is not the sum", (f: Record<string, string>) => ({ ...f, amount: "1300" }), "total_amount must equal"],
    [
      "signed_field_names without the mandatory three first",
      (f: Record<string, string>) => ({ ...f, signed_field_names: "transaction_uuid,total_amount,product_code" }),
      "signed_field_names must start with",
    ],
    [
      "a tampered total (signature no longer matches)",
      (f: Record<string, string>) => ({ ...f, amount: "400", total_amount: "500" }),
      "Invalid payload signature",
    ],
    ["a total written 1500.00 while 1500 was signed", (f: Record<string, string>) => ({ ...f, total_amount: "1500.00" }), "Invalid payload signature"],
  ])("refuses %s and names the problem", async (_what, change, message) => {
    const f = form();
    const res = await browserPost(f.url, f.url, change(f.fields));
    expect(res.status).toBe(400);
    expect(res.html).toContain(message);
  });

  it("refuses a reused transaction_uuid", async () => {
    const f = form();
    expect((await browserPost(f.url, f.url, f.fields)).status).toBe(302);
    const again = await browserPost(f.url, f.url, f.fields);
    expect(again.status).toBe(409);
    expect(again.html).toContain("already used");
  });
});

describe("eSewa payment, redirects and status", () => {
  it("pays with a test ID, password and token; the success data verifies, shows '1,500.0' and the status check says COMPLETE", async () => {
    const f = form();
    const login = await postEsewaForm(f);
    const back = await payOnEsewa(login, { esewaId: "9806800003", password: "Nepal@123", token: "123456" });
    expect(back.status).toBe(302);
    expect(back.location!.startsWith(`${SUCCESS}?data=`)).toBe(true);

    const data = rawData(back.location!);
    const decoded = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    expect(decoded.total_amount).toBe("1,500.0");
    expect(decoded.signed_field_names).toBe("transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names");
    expect(decoded.transaction_code).toMatch(/^[0-9A-Z]{7}$/);

    const verified = esewa.verifyCallback(data);
    expect(verified).toMatchObject({ ok: true, totalAmountPaisa: 150000, transactionUuid: f.fields.transaction_uuid, status: "COMPLETE" });

    const status = await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 });
    expect(status).toEqual({
      outage: false,
      status: "COMPLETE",
      refId: decoded.transaction_code,
      totalAmountPaisa: 150000,
      transactionUuid: f.fields.transaction_uuid,
    });
  });

  it("rejects success data whose amount was changed by the browser", async () => {
    const login = await postEsewaForm(form());
    const back = await payOnEsewa(login);
    const decoded = JSON.parse(Buffer.from(rawData(back.location!), "base64").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...decoded, total_amount: "15.0" })).toString("base64");
    expect(esewa.verifyCallback(forged)).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("writes amounts below Rs 1000 without a comma and keeps paisa ('110.5')", async () => {
    const login = await postEsewaForm(form(11050, 0));
    const back = await payOnEsewa(login);
    const decoded = JSON.parse(Buffer.from(rawData(back.location!), "base64").toString("utf8"));
    expect(decoded.total_amount).toBe("110.5");
    expect(esewa.verifyCallback(rawData(back.location!))).toMatchObject({ ok: true, totalAmountPaisa: 11050 });
  });

  it("cancel sends the browser to failure_url with no parameters; status says CANCELED", async () => {
    const f = form();
    const back = await actOnEsewa(await postEsewaForm(f), "cancel");
    expect(back.status).toBe(302);
    expect(back.location).toBe(f.fields.failure_url);
    const status = await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 });
    expect(status).toMatchObject({ outage: false, status: "CANCELED", refId: null });
  });

  it("an unfinished payment is PENDING, and NOT_FOUND once the session expired", async () => {
    const f = form();
    await postEsewaForm(f);
    const uuid = f.fields.transaction_uuid!;
    expect(await esewa.checkStatus({ transactionUuid: uuid, totalAmountPaisa: 150000 })).toMatchObject({ status: "PENDING", refId: null });
    await sim.advanceClock(3601);
    try {
      expect(await esewa.checkStatus({ transactionUuid: uuid, totalAmountPaisa: 150000 })).toMatchObject({ status: "NOT_FOUND", refId: null });
    } finally {
      await sim.advanceClock(-3601);
    }
  });

  it("the expire button ends the session: NOT_FOUND", async () => {
    const f = form();
    const page = await actOnEsewa(await postEsewaForm(f), "expire");
    expect(page.status).toBe(410);
    expect(await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 })).toMatchObject({ status: "NOT_FOUND" });
  });

  it("a payment left pending goes to failure_url and stays PENDING", async () => {
    await sim.setScenario("pending", "esewa");
    const f = form();
    const back = await payOnEsewa(await postEsewaForm(f));
    expect(back.location).toBe(f.fields.failure_url);
    expect(await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 })).toMatchObject({ status: "PENDING" });
  });

  it("the wrong-amount scenario signs and reports a different amount than the form asked for", async () => {
    await sim.setScenario("wrong-amount", "esewa", -100000);
    const f = form();
    const back = await payOnEsewa(await postEsewaForm(f));
    expect(esewa.verifyCallback(rawData(back.location!))).toMatchObject({ ok: true, totalAmountPaisa: 50000 });
    expect(await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 })).toMatchObject({
      status: "COMPLETE",
      totalAmountPaisa: 50000,
    });
  });

  it("answers NOT_FOUND for an unknown uuid or an amount that differs from the form", async () => {
    const f = form();
    await payOnEsewa(await postEsewaForm(f));
    expect(await esewa.checkStatus({ transactionUuid: "never-issued-1", totalAmountPaisa: 150000 })).toMatchObject({ status: "NOT_FOUND" });
    expect(await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 140000 })).toMatchObject({ status: "NOT_FOUND" });
  });

  it("admin hook sets refund and ambiguous states", async () => {
    const f = form();
    await payOnEsewa(await postEsewaForm(f));
    const uuid = f.fields.transaction_uuid!;
    for (const state of ["FULL_REFUND", "PARTIAL_REFUND", "AMBIGUOUS"] as const) {
      await sim.setPayment(uuid, { status: state });
      expect(await esewa.checkStatus({ transactionUuid: uuid, totalAmountPaisa: 150000 })).toMatchObject({ status: state });
    }
  });

  it("the status answer carries total_amount as a JSON number with its '.0'", async () => {
    const f = form();
    await payOnEsewa(await postEsewaForm(f));
    const url = new URL(sim.payments.esewa!.statusUrl);
    url.search = new URLSearchParams({ product_code: "EPAYTEST", total_amount: "1500", transaction_uuid: f.fields.transaction_uuid! }).toString();
    expect(await (await fetch(url)).text()).toContain('"total_amount":1500.0,');
  });

  it("a wrong password or token keeps the payment open", async () => {
    const f = form();
    const login = await postEsewaForm(f);
    const bad = await submit(login, { action: "login" }, { esewa_id: "9806800001", password: "nepal@123" });
    expect(bad.status).toBe(401);
    expect(bad.html).toContain("Invalid eSewa ID or password.");
    const tokenPage = await submit(login, { action: "login" }, { esewa_id: "9806800001", password: "Nepal@123" });
    const badToken = await submit(tokenPage, { action: "token" }, { token: "654321" });
    expect(badToken.status).toBe(401);
    expect(await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 })).toMatchObject({ status: "PENDING" });
  });
});

describe("eSewa outage", () => {
  it("the outage body is reported as an outage, never as a status", async () => {
    const f = form();
    await payOnEsewa(await postEsewaForm(f));
    await sim.setScenario("outage", "esewa");
    expect(await esewa.checkStatus({ transactionUuid: f.fields.transaction_uuid!, totalAmountPaisa: 150000 })).toEqual({
      outage: true,
      message: "eSewa: Service is currently unavailable",
      httpStatus: 200,
    });
  });

  it("a dropped connection is an outage", async () => {
    await sim.setScenario("network-error", "esewa");
    expect(await esewa.checkStatus({ transactionUuid: "x-1", totalAmountPaisa: 150000 })).toMatchObject({
      outage: true,
      message: "eSewa could not be reached",
    });
  });
});

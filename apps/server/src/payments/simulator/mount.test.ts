import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../env.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { createPaymentClients } from "../index.js";
import { parseKhaltiCallback } from "../khalti.client.js";
import { payOnEsewa, payOnKhalti, postEsewaForm } from "./testing.js";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

describe("simulator mounted in the shop (simulator on)", () => {
  let t: TestContext;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: publicUrl, LOG_LEVEL: "silent" });
    t = await createTestApp({ publicUrl, payments: config.payments });
    await t.app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("is on by default in tests and points both clients at /_simulator on the shop's origin", () => {
    expect(t.config.payments).toMatchObject({
      simulator: true,
      simulatorBaseUrl: `${publicUrl}/_simulator`,
      khalti: { baseUrl: `${publicUrl}/_simulator/khalti/api/v2/` },
      esewa: {
        productCode: "EPAYTEST",
        formUrl: `${publicUrl}/_simulator/esewa/api/epay/main/v2/form`,
        statusUrl: `${publicUrl}/_simulator/esewa/api/epay/transaction/status/`,
      },
    });
  });

  it("Khalti over HTTP through the shop's own origin: hosted page at ${PUBLIC_URL}/_simulator/khalti/?pidx=…, paid, looked up", async () => {
    const { khalti } = createPaymentClients(t.config.payments);
    const started = await khalti!.initiate({
      returnUrl: `${publicUrl}/khalti/callback`,
      websiteUrl: `${publicUrl}/`,
      amountPaisa: 350000,
      purchaseOrderId: "ord-1-a1",
      purchaseOrderName: "Order #1",
    });
    expect(started.paymentUrl).toBe(`${publicUrl}/_simulator/khalti/?pidx=${started.pidx}`);
    const back = await payOnKhalti(started.paymentUrl);
    expect(back.location!.startsWith(`${publicUrl}/khalti/callback?pidx=${started.pidx}&`)).toBe(true);
    expect(parseKhaltiCallback(new URL(back.location!).searchParams)?.status).toBe("Completed");
    expect(await khalti!.lookup(started.pidx)).toMatchObject({ status: "Completed", totalAmount: 350000 });
  });

  it("eSewa over HTTP through the shop's own origin: form, login, signed success data, status COMPLETE", async () => {
    const { esewa } = createPaymentClients(t.config.payments);
    const form = esewa!.buildPaymentForm({
      amountPaisa: 350000,
      transactionUuid: "ord-1-a1-x",
      successUrl: `${publicUrl}/payment/esewa/success`,
      failureUrl: `${publicUrl}/payment/esewa/failed/ord-1-a1-x`,
    });
    const back = await payOnEsewa(await postEsewaForm(form));
    const data = /[?&]data=([^&]+)/.exec(back.location!)![1]!;
    expect(esewa!.verifyCallback(data)).toMatchObject({ ok: true, totalAmountPaisa: 350000 });
    expect(await esewa!.checkStatus({ transactionUuid: "ord-1-a1-x", totalAmountPaisa: 350000 })).toMatchObject({ outage: false, status: "COMPLETE" });
  });

  it("/test/esewa shows the test credentials", async () => {
    const res = await t.app.inject("/test/esewa");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    for (const text of ["9806800001", "Nepal@123", "123456", "9800000000", "1111", "987654", "Test payment simulator — no real money"])
      expect(res.body).toContain(text);
  });

  it("the shop's API error envelope is untouched by the simulator", async () => {
    const res = await t.app.inject("/api/nothing/here");
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});

describe("simulator off", () => {
  let t: TestContext;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", PAYMENT_SIMULATOR: "off", KHALTI_SECRET_KEY: "live_secret_key_x", LOG_LEVEL: "silent" });
    t = await createTestApp({ payments: config.payments });
  });
  afterAll(() => t.close());

  it("/test/esewa and the simulated providers do not exist", async () => {
    expect((await t.app.inject("/test/esewa")).statusCode).toBe(404);
    const res = await t.app.inject({ method: "POST", url: "/_simulator/khalti/api/v2/epayment/initiate/", payload: {} });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject("/_simulator/khalti/?pidx=x")).statusCode).toBe(404);
  });

  it("uses the real sandbox host outside production", () => {
    expect(t.config.payments.khalti).toEqual({ baseUrl: "https://dev.khalti.com/api/v2/", secretKey: "live_secret_key_x" });
    expect(t.config.payments.esewa).toBeNull();
  });
});

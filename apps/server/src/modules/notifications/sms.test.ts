import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fitOneSms, isGsm7, nepaliMobile, smsLength } from "./sms-text.js";
import { createSparrowClient, SmsRejected, SmsUnavailable } from "./sparrow.client.js";
import { startSmsSimulator, TEST_SMS_TOKEN, type RunningSmsSimulator } from "./testing.js";

describe("SMS text rules", () => {
  it("counts GSM-7 in 160-character SMS and anything else as Unicode in 70", () => {
    expect(smsLength("Khelkud: order KK-20261124-4F7Q9X shipped.")).toMatchObject({ unicode: false, parts: 1 });
    expect(smsLength("x".repeat(160))).toMatchObject({ unicode: false, units: 160, parts: 1 });
    expect(smsLength("x".repeat(161))).toMatchObject({ parts: 2 });
    // An extended character (€, [, ]) takes two septets.
    expect(smsLength("€").units).toBe(2);
    expect(isGsm7("तपाईंको अर्डर पठाइयो")).toBe(false);
    expect(smsLength("तपाईंको अर्डर पठाइयो")).toMatchObject({ unicode: true, parts: 1 });
    expect(smsLength("अ".repeat(71))).toMatchObject({ unicode: true, parts: 2 });
  });

  it("cuts a long text to one SMS and says so", () => {
    const cut = fitOneSms("word ".repeat(60));
    expect(smsLength(cut).units).toBeLessThanOrEqual(160);
    expect(cut.endsWith("...")).toBe(true);
    expect(fitOneSms("short")).toBe("short");
  });

  it("sends only to Nepali mobiles, as the 10 digits the gateway takes", () => {
    expect(nepaliMobile("+9779841234567")).toBe("9841234567");
    expect(nepaliMobile("009779761234567")).toBe("9761234567");
    expect(nepaliMobile("98-4123-4567")).toBe("9841234567");
    for (const none of [null, undefined, "", "+97714412345", "01-4412345", "+9779512345678", "98412345", "not a number"]) expect(nepaliMobile(none)).toBeNull();
  });
});

describe("Sparrow SMS client against the simulator", () => {
  let sim: RunningSmsSimulator;
  let silent: http.Server;
  let silentUrl = "";
  beforeAll(async () => {
    sim = await startSmsSimulator();
    // A gateway that accepts the connection and never answers.
    silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/v2/sms/`;
  });
  afterAll(async () => {
    await sim.close();
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  it("sends form fields and returns the gateway's reference; the simulator keeps the SMS", async () => {
    const client = createSparrowClient(sim.config.sms!);
    const { reference } = await client.send("9841000009", "Khelkud: test message");
    expect(reference).toMatch(/^\d{13}-[a-f0-9]{8}$/);
    expect((await sim.store.list()).find((s) => s.id === reference)).toMatchObject({ to: "9841000009", from: "Khelkud", text: "Khelkud: test message" });
  });

  it("a refused number or text is final; a wrong token, an outage or silence is temporary", async () => {
    const client = createSparrowClient(sim.config.sms!);
    await expect(client.send("9600000000", "Hi")).rejects.toBeInstanceOf(SmsRejected);
    await expect(client.send("9841000009", "")).rejects.toBeInstanceOf(SmsRejected);
    await expect(createSparrowClient({ ...sim.config.sms!, token: "wrong" }).send("9841000009", "Hi")).rejects.toThrow(SmsUnavailable);
    await expect(createSparrowClient({ ...sim.config.sms!, token: "wrong" }).send("9841000009", "Hi")).rejects.toThrow(/1002/);
    await sim.setScenario("outage");
    await expect(client.send("9841000009", "Hi")).rejects.toBeInstanceOf(SmsUnavailable);
    await sim.setScenario("normal");
    await expect(createSparrowClient({ url: silentUrl, token: TEST_SMS_TOKEN, from: "Khelkud" }, { timeoutMs: 300 }).send("9841000009", "Hi")).rejects.toThrow(/no answer in 300 ms/);
  });

  it("the simulator answers the credit call with the token only", async () => {
    expect((await fetch(`${sim.url}/v2/credit/?token=${TEST_SMS_TOKEN}`)).status).toBe(200);
    expect((await fetch(`${sim.url}/v2/credit/?token=nope`)).status).toBe(403);
    const junk = await fetch(`${sim.url}/v2/sms/`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(junk.status).toBe(400);
  });
});

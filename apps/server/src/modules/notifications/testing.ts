import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NotificationsConfig } from "../../env.js";
import { createSmsSimulator, createSmsStore, type SmsScenario, type SmsStore } from "./sms-simulator.js";

export const TEST_SMS_TOKEN = "test_token_sms";

export interface RunningSmsSimulator {
  url: string;
  store: SmsStore;
  /** The shop's notifications configuration pointing at this simulator (the worker is driven by the test: pollMs 0). */
  config: NotificationsConfig;
  setScenario(scenario: SmsScenario, delayMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The Sparrow SMS simulator on a port of its own, outside the shop (tests: outages, a shop that is killed). */
export async function startSmsSimulator(opts: { port?: number; outboxDir?: string } = {}): Promise<RunningSmsSimulator> {
  const outboxDir = opts.outboxDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "khelkud-sms-"));
  const app = await createSmsSimulator({ token: TEST_SMS_TOKEN, outboxDir });
  await app.listen({ port: opts.port ?? 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("SMS simulator did not get a TCP port");
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    store: createSmsStore(outboxDir),
    config: { sms: { url: `${url}/v2/sms/`, token: TEST_SMS_TOKEN, from: "Khelkud" }, smsSimulator: false, smsOutboxDir: outboxDir, pollMs: 0, maxAttempts: 4, leaseMs: 60_000 },
    async setScenario(scenario, delayMs = 0) {
      const res = await fetch(`${url}/__admin/scenario`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario, delayMs }) });
      if (!res.ok) throw new Error(`SMS simulator scenario: HTTP ${res.status}`);
    },
    async close() {
      await app.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

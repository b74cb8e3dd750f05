/**
 * Sparrow SMS, the Nepali SMS gateway the shop sends order texts through (docs/sms-protocol.md, docs/decisions/091).
 * One HTTP call per SMS: POST {url} with the form fields token, from, to, text. The gateway answers JSON with a
 * `response_code`: 200 when the SMS is queued for delivery, a 1xxx code otherwise.
 */
export interface SmsGatewayConfig {
  url: string;
  token: string;
  from: string;
}

/** The gateway refused this SMS for a reason a retry cannot fix (a number that is not a mobile, an empty text). */
export class SmsRejected extends Error {}
/** The gateway could not be reached or refused for now (outage, timeout, token, credit): retry later. */
export class SmsUnavailable extends Error {}

/** Codes that refuse this one message for good; every other refusal is retried (docs/sms-protocol.md). */
const PERMANENT_CODES = new Set([1007, 1008, 1011]);

export function createSparrowClient(config: SmsGatewayConfig, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}) {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    /** Sends one SMS to a 10-digit Nepali mobile number; resolves with the gateway's reference, or throws SmsRejected / SmsUnavailable. */
    async send(to: string, text: string): Promise<{ reference: string }> {
      let res: Response;
      try {
        res = await doFetch(config.url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({ token: config.token, from: config.from, to, text }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SmsUnavailable(`SMS gateway unreachable: ${(err as Error).name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : (err as Error).message}`);
      }
      const raw = await res.text().catch(() => "");
      let body: { response_code?: unknown; response?: unknown; message_id?: unknown } = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        // Not JSON: an outage page of a proxy in front of the gateway.
      }
      const code = typeof body.response_code === "number" ? body.response_code : Number(body.response_code);
      const said = typeof body.response === "string" ? body.response.slice(0, 200) : `HTTP ${res.status}`;
      if (res.ok && code === 200) return { reference: body.message_id != null ? String(body.message_id) : `sparrow-${Date.now()}` };
      if (PERMANENT_CODES.has(code)) throw new SmsRejected(`SMS gateway refused the message (${code}): ${said}`);
      throw new SmsUnavailable(`SMS gateway refused for now (${Number.isFinite(code) ? code : res.status}): ${said}`);
    },
  };
}

export type SparrowClient = ReturnType<typeof createSparrowClient>;

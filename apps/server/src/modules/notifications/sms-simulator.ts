import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { smsLength } from "./sms-text.js";

/**
 * A local Sparrow SMS gateway (docs/sms-protocol.md, docs/decisions/091): the same request and answers as the real
 * gateway, for development and tests. Nothing is sent to a phone; every SMS received is kept as a JSON file in
 * `outboxDir` and listed at /dev/sms. Mounted by the shop at /_simulator/sparrow when SMS_SIMULATOR is on (never in
 * production), or on its own port by tests (createSmsSimulator).
 *
 *   POST /v2/sms/            token, from, to, text (form or JSON) → { count, response_code: 200, response, message_id }
 *   GET  /v2/credit/?token=  → { credits_available, credits_consumed, response_code: 200 }
 *   POST /__admin/scenario   { "scenario": "normal" | "outage" | "slow", "delayMs"?: number } (tests)
 */
export interface ReceivedSms {
  id: string;
  to: string;
  from: string;
  text: string;
  unicode: boolean;
  parts: number;
  receivedAt: string;
}

const ID_RE = /^[0-9]{13}-[a-f0-9]{8}$/;
/** A well-formed mobile number the simulator treats as unassigned (refused with 1007, as the real gateway does for one). */
export const SIMULATOR_UNASSIGNED_NUMBER = "9600000000";

export function createSmsStore(outboxDir: string) {
  return {
    async add(sms: Omit<ReceivedSms, "id" | "receivedAt">): Promise<ReceivedSms> {
      await fs.promises.mkdir(outboxDir, { recursive: true });
      const entry: ReceivedSms = { id: `${Date.now()}-${randomBytes(4).toString("hex")}`, receivedAt: new Date().toISOString(), ...sms };
      // Written whole, then renamed: a reader never sees half an SMS.
      const tmp = path.join(outboxDir, `.${entry.id}.tmp`);
      await fs.promises.writeFile(tmp, JSON.stringify(entry));
      await fs.promises.rename(tmp, path.join(outboxDir, `${entry.id}.json`));
      return entry;
    },
    /** Newest first. */
    async list(): Promise<ReceivedSms[]> {
      let names: string[];
      try {
        names = await fs.promises.readdir(outboxDir);
      } catch {
        // No folder yet: nothing received.
        return [];
      }
      const ids = names.filter((n) => n.endsWith(".json")).map((n) => n.slice(0, -5)).filter((id) => ID_RE.test(id)).sort().reverse();
      const entries = await Promise.all(
        ids.map((id) =>
          fs.promises
            .readFile(path.join(outboxDir, `${id}.json`), "utf8")
            .then((t) => JSON.parse(t) as ReceivedSms)
            .catch(() => null),
        ),
      );
      return entries.filter((e): e is ReceivedSms => e !== null);
    },
  };
}
export type SmsStore = ReturnType<typeof createSmsStore>;

export type SmsScenario = "normal" | "outage" | "slow";

export interface SmsSimulatorOptions {
  token: string;
  outboxDir: string;
}

/** Sparrow's answer for a refused request: HTTP 403 with a 1xxx code (docs/sms-protocol.md). */
const refuse = (code: number, response: string) => ({ status: 403, body: { response_code: code, response } });

export const smsSimulator: FastifyPluginAsync<SmsSimulatorOptions> = async (app, options) => {
  const store = createSmsStore(options.outboxDir);
  let scenario: SmsScenario = "normal";
  let delayMs = 0;
  let consumed = 0;

  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }
  app.setErrorHandler((error: { statusCode?: unknown }, _req, reply) => {
    const code = error.statusCode;
    const status = typeof code === "number" && code >= 400 && code < 500 ? code : 500;
    return reply.status(status).send({ response_code: status === 500 ? 5000 : 1000, response: status === 500 ? "Gateway error" : "Bad request" });
  });

  const field = (body: unknown, name: string): string => {
    const v = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
    return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
  };

  app.post("/v2/sms/", { schema: { hide: true } }, async (req, reply) => {
    if (scenario === "outage") return reply.status(503).type("text/html").send("<html><body>503 Service Unavailable</body></html>");
    const body = req.body ?? Object.fromEntries(new URLSearchParams(req.url.split("?")[1] ?? ""));
    const [token, from, to, text] = ["token", "from", "to", "text"].map((n) => field(body, n)) as [string, string, string, string];
    let refused: { status: number; body: object } | null = null;
    if (token !== options.token) refused = refuse(1002, "Invalid Token");
    else if (!from.trim()) refused = refuse(1008, "Invalid Sender");
    else if (!text.trim() || text.includes("\u0000")) refused = refuse(1011, "Invalid Text");
    const numbers = to.split(",").map((n) => n.trim());
    if (!refused && (numbers.length === 0 || numbers.some((n) => !/^9[678]\d{8}$/.test(n) || n === SIMULATOR_UNASSIGNED_NUMBER))) refused = refuse(1007, "Invalid Receiver");
    if (refused) return reply.status(refused.status).send(refused.body);
    if (scenario === "slow" && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const { unicode, parts } = smsLength(text);
    let last: ReceivedSms | null = null;
    for (const n of numbers) last = await store.add({ to: n, from, text, unicode, parts });
    consumed += numbers.length * parts;
    return { count: numbers.length, response_code: 200, response: `${numbers.length} mesages has been queued for delivery`, message_id: last!.id };
  });

  app.get("/v2/credit/", { schema: { hide: true } }, async (req, reply) => {
    const token = (req.query as Record<string, unknown>).token;
    if (token !== options.token) return reply.status(403).send({ response_code: 1002, response: "Invalid Token" });
    return { credits_available: 10_000 - consumed, credits_consumed: consumed, last_balance_added: 10_000, response_code: 200 };
  });

  app.post("/__admin/scenario", { schema: { hide: true } }, async (req, reply) => {
    const s = field(req.body, "scenario");
    if (s !== "normal" && s !== "outage" && s !== "slow") return reply.status(400).send({ error: "scenario must be normal, outage or slow" });
    scenario = s;
    delayMs = Math.min(Math.max(Number(field(req.body, "delayMs")) || 0, 0), 60_000);
    return { scenario, delayMs };
  });
};

/** A standalone simulator on its own port (tests: an outage or a kill of the shop must not take the gateway with it). */
export async function createSmsSimulator(options: SmsSimulatorOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(smsSimulator, options);
  return app;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** /dev/sms: every SMS the simulator received, newest first (registered only with the simulator; this machine only). */
export function registerDevSms(app: FastifyInstance, store: SmsStore): void {
  app.get("/dev/sms", { schema: { hide: true } }, async (_req, reply) => {
    const entries = await store.list();
    const rows = entries
      .map((e) => `<tr><td class="meta">${esc(new Date(e.receivedAt).toLocaleString("en-GB"))}</td><td>${esc(e.to)}</td><td>${esc(e.from)}</td><td class="sms">${esc(e.text)}</td><td class="meta">${e.unicode ? "Unicode" : "GSM-7"}, ${e.parts} SMS</td></tr>`)
      .join("");
    const body = entries.length
      ? `<h1>SMS received</h1><table><thead><tr><th>Received</th><th>To</th><th>From</th><th>Text</th><th>Encoding</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<h1>SMS received</h1><p>No SMS yet.</p>";
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>SMS received</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}header{background:#003893;color:#fff;padding:12px 16px}main{max-width:900px;margin:0 auto;padding:16px}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}.meta{color:#475569;font-size:14px}.sms{white-space:pre-wrap}</style></head>
<body><header><strong>SMS gateway simulator</strong> · texts the shop would have sent (no SPARROW_SMS_TOKEN set)</header><main>${body}</main></body></html>`,
      );
  });
  app.get("/dev/sms.json", { schema: { hide: true } }, async (_req, reply) => reply.header("Cache-Control", "no-store").send({ sms: await store.list() }));
}

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../env.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
}

/**
 * The development outbox (DECISIONS 16): every message is written as a standard .eml file into
 * `<DATA_DIR>/outbox/`, readable with any mail client. A real transport can replace `send` later.
 */
export function createMailService(config: Pick<Config, "dataDir"> & { mailFrom?: string }) {
  const outbox = path.join(config.dataDir, "outbox");
  const from = config.mailFrom ?? "Khelkud <no-reply@khelkud.com.np>";

  async function send(message: MailMessage): Promise<{ id: string; file: string }> {
    const id = `${Date.now()}-${randomUUID()}`;
    await fs.promises.mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${id}.eml`);
    await fs.promises.writeFile(file, toEml(message, from, id));
    return { id, file };
  }

  return { send, outbox };
}

export type MailService = ReturnType<typeof createMailService>;

/** A header value may not carry line breaks (header injection). */
function headerValue(v: string): string {
  return v.replace(/[\r\n]+/g, " ").trim();
}

function encodeWord(v: string): string {
  const clean = headerValue(v);
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, "utf8").toString("base64")}?=`;
}

function base64Body(text: string): string {
  return (Buffer.from(text, "utf8").toString("base64").match(/.{1,76}/g) ?? []).join("\r\n");
}

function toEml(m: MailMessage, from: string, id: string): string {
  const headers = [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(m.to)}`,
    ...(m.replyTo ? [`Reply-To: ${headerValue(m.replyTo)}`] : []),
    `Subject: ${encodeWord(m.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}@khelkud.local>`,
    "MIME-Version: 1.0",
    ...Object.entries(m.headers ?? {}).map(([k, v]) => `${k.replace(/[^A-Za-z0-9-]/g, "")}: ${headerValue(v)}`),
  ];
  const part = (type: string, body: string) => [`Content-Type: ${type}; charset=utf-8`, "Content-Transfer-Encoding: base64", "", base64Body(body)].join("\r\n");
  if (!m.html) return [...headers, part("text/plain", m.text), ""].join("\r\n");
  const boundary = `kk-${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    part("text/plain", m.text),
    `--${boundary}`,
    part("text/html", m.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

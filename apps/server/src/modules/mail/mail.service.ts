import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../env.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
  /**
   * The message's own Message-ID (`<…@…>`), the same on every attempt to send one notification: the development outbox
   * keeps the first copy only, and mail clients show two copies with one Message-ID as one message (docs/decisions/090).
   */
  messageId?: string;
}

export interface OutboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
}

const ID_RE = /^[0-9]{13}-[a-f0-9]{8}$/;

/**
 * The one way the shop sends e-mail (password reset, contact replies, newsletter, order mails).
 * With SMTP_URL: nodemailer over SMTP. Without: the same message is rendered as a real MIME file (.eml)
 * in the development outbox, next to a small JSON summary that /dev/mail lists.
 */
export function createMailService(config: Pick<Config, "smtpUrl" | "mailFrom" | "outboxDir">) {
  const smtp = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const mime = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  /** The outbox id already written for this Message-ID, or null after claiming it for `id` (exclusive create). */
  async function claimMessageId(messageId: string, id: string): Promise<string | null> {
    const marker = path.join(config.outboxDir, `msgid-${createHash("sha256").update(messageId).digest("hex").slice(0, 32)}.id`);
    try {
      await fs.promises.writeFile(marker, id, { flag: "wx" });
      return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      return (await fs.promises.readFile(marker, "utf8")) || id;
    }
  }

  async function writeToOutbox(msg: MailMessage, raw: Buffer): Promise<string> {
    await fs.promises.mkdir(config.outboxDir, { recursive: true });
    let id = `${Date.now()}-${randomBytes(4).toString("hex")}`;
    if (msg.messageId) {
      // Claimed before writing: a second attempt finds the claim and completes the same entry instead of adding one.
      const earlier = await claimMessageId(msg.messageId, id);
      if (earlier && ID_RE.test(earlier)) {
        if (fs.existsSync(path.join(config.outboxDir, `${earlier}.json`))) return earlier;
        id = earlier;
      }
    }
    const entry: OutboxEntry = { id, to: msg.to, from: config.mailFrom, subject: msg.subject, text: msg.text, html: msg.html ?? null, sentAt: new Date().toISOString() };
    await fs.promises.writeFile(path.join(config.outboxDir, `${id}.eml`), raw);
    await fs.promises.writeFile(path.join(config.outboxDir, `${id}.json`), JSON.stringify(entry));
    return id;
  }

  return {
    transport: smtp ? ("smtp" as const) : ("outbox" as const),

    async send(msg: MailMessage): Promise<{ id: string }> {
      const mail = { from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html, replyTo: msg.replyTo, headers: msg.headers, messageId: msg.messageId };
      if (smtp) {
        const info = await smtp.sendMail(mail);
        return { id: String(info.messageId) };
      }
      const info = await mime.sendMail(mail);
      return { id: await writeToOutbox(msg, info.message as Buffer) };
    },

    outbox: {
      /** Newest first. */
      async list(): Promise<OutboxEntry[]> {
        let names: string[];
        try {
          names = await fs.promises.readdir(config.outboxDir);
        } catch {
          // No outbox folder yet: nothing has been sent.
          return [];
        }
        const ids = names.filter((n) => n.endsWith(".json")).map((n) => n.slice(0, -5)).filter((id) => ID_RE.test(id)).sort().reverse();
        const entries = await Promise.all(ids.map((id) => this.get(id)));
        return entries.filter((e): e is OutboxEntry => e !== null);
      },
      async get(id: string): Promise<OutboxEntry | null> {
        if (!ID_RE.test(id)) return null;
        try {
          return JSON.parse(await fs.promises.readFile(path.join(config.outboxDir, `${id}.json`), "utf8")) as OutboxEntry;
        } catch {
          // Unknown id or a half-written file: treat as absent.
          return null;
        }
      },
      async raw(id: string): Promise<Buffer | null> {
        if (!ID_RE.test(id)) return null;
        return fs.promises.readFile(path.join(config.outboxDir, `${id}.eml`)).catch(() => null);
      },
    },

    async close(): Promise<void> {
      smtp?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { CONTENT_MSG } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { newsletterSubscribers } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { escapeHtml } from "../../lib/html.js";
import type { MailMessage, MailService } from "../mail/mail.service.js";
import type { SettingsService } from "../settings/settings.service.js";

type Subscriber = typeof newsletterSubscribers.$inferSelect;

const newToken = () => randomBytes(24).toString("base64url");

/**
 * Newsletter sign-ups (docs/product-rules.md §12): an address is stored once; every mail sent to a subscriber
 * carries a working unsubscribe link (also as a List-Unsubscribe header).
 */
export function createNewsletterService(db: Db, mail: MailService, settings: SettingsService, publicUrl: string) {
  const unsubscribeUrl = (token: string) => `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

  /** Wraps any newsletter mail with the subscriber's unsubscribe link. */
  function newsletterMail(sub: Pick<Subscriber, "email" | "unsubscribeToken">, content: { subject: string; text: string; html: string }): MailMessage {
    const link = unsubscribeUrl(sub.unsubscribeToken);
    return {
      to: sub.email,
      subject: content.subject,
      text: `${content.text}\n\n—\nYou receive this because you subscribed at Khelkud. Unsubscribe: ${link}`,
      html: `${content.html}<hr><p style="font-size:12px;color:#64748b">You receive this because you subscribed at Khelkud. <a href="${escapeHtml(link)}">Unsubscribe</a></p>`,
      headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }

  async function sendWelcome(sub: Subscriber): Promise<void> {
    const shop = await settings.get();
    await mail.send(
      newsletterMail(sub, {
        subject: `You are subscribed to the ${shop.shopName} newsletter`,
        text: `Namaste!\n\nThanks for subscribing to ${shop.shopName}. You will hear about new jerseys, restocks and offers, at most a few times a month.`,
        html: `<p>Namaste!</p><p>Thanks for subscribing to ${escapeHtml(shop.shopName)}. You will hear about new jerseys, restocks and offers, at most a few times a month.</p>`,
      }),
    );
  }

  /** Stores the address once. A second subscribe is a conflict; a former subscriber is welcomed back. */
  async function subscribe(rawEmail: string): Promise<{ message: string }> {
    const email = rawEmail.trim().toLowerCase();
    const [created] = await db.insert(newsletterSubscribers).values({ email, unsubscribeToken: newToken() }).onConflictDoNothing().returning();
    if (created) {
      await sendWelcome(created);
      return { message: CONTENT_MSG.newsletterSubscribed };
    }
    const [back] = await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: null, subscribedAt: new Date(), unsubscribeToken: newToken() })
      .where(and(sql`lower(${newsletterSubscribers.email}) = ${email}`, sql`${newsletterSubscribers.unsubscribedAt} IS NOT NULL`))
      .returning();
    if (!back) throw conflict(CONTENT_MSG.newsletterAlready);
    await sendWelcome(back);
    return { message: CONTENT_MSG.newsletterSubscribed };
  }

  async function findByToken(token: string): Promise<Subscriber | undefined> {
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
    return row;
  }

  /** Idempotent: a second visit to the link still answers that the address is unsubscribed. */
  async function unsubscribe(token: string): Promise<{ email: string; message: string }> {
    const row = await findByToken(token);
    if (!row) throw notFound(CONTENT_MSG.unsubscribeInvalid);
    if (!row.unsubscribedAt) {
      await db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(and(eq(newsletterSubscribers.id, row.id), isNull(newsletterSubscribers.unsubscribedAt)));
    }
    return { email: row.email, message: CONTENT_MSG.newsletterUnsubscribed };
  }

  /** Sends one newsletter to every active subscriber (for the admin panel). */
  async function sendToAll(content: { subject: string; text: string; html: string }): Promise<number> {
    const subs = await db.select().from(newsletterSubscribers).where(isNull(newsletterSubscribers.unsubscribedAt));
    for (const sub of subs) await mail.send(newsletterMail(sub, content));
    return subs.length;
  }

  return { subscribe, unsubscribe, findByToken, newsletterMail, sendToAll, unsubscribeUrl };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;

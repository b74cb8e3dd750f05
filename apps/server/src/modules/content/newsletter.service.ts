import { randomBytes } from "node:crypto";
import { CONTENT_MSG, type Locale } from "@khelkud/contracts";
import { mailTexts } from "../mail/texts.js";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import { escapeHtml } from "../../lib/html.js";
import type { MailMessage, MailService } from "../mail/mail.service.js";
import type { SettingsService } from "../settings/settings.service.js";
import * as repo from "./newsletter.repository.js";

type Subscriber = repo.Subscriber;

const newToken = () => randomBytes(24).toString("base64url");

/**
 * Newsletter sign-ups (docs/product-rules.md §12): an address is stored once; every mail sent to a subscriber
 * carries a working unsubscribe link (also as a List-Unsubscribe header).
 */
export function createNewsletterService(db: Db, mail: MailService, settings: SettingsService, publicUrl: string) {
  const unsubscribeUrl = (token: string) => `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

  /** Wraps any newsletter mail with the subscriber's unsubscribe link. */
  function newsletterMail(sub: Pick<Subscriber, "email" | "unsubscribeToken">, content: { subject: string; text: string; html: string }, locale: Locale = "en"): MailMessage {
    const link = unsubscribeUrl(sub.unsubscribeToken);
    const t = mailTexts(locale);
    return {
      to: sub.email,
      subject: content.subject,
      text: `${content.text}\n\n—\n${t.newsletterWhy} ${t.unsubscribe}: ${link}`,
      html: `${content.html}<hr><p style="font-size:12px;color:#64748b">${escapeHtml(t.newsletterWhy)} <a href="${escapeHtml(link)}">${escapeHtml(t.unsubscribe)}</a></p>`,
      headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }

  /** The welcome, in the language of the page the address was given on (docs/decisions/087). */
  async function sendWelcome(sub: Subscriber, locale: Locale): Promise<void> {
    const shop = await settings.get();
    const t = mailTexts(locale);
    await mail.send(
      newsletterMail(
        sub,
        {
          subject: t.newsletterSubject(shop.shopName),
          text: `${t.newsletterWelcomeHello}\n\n${t.newsletterWelcome(shop.shopName)}`,
          html: `<p>${escapeHtml(t.newsletterWelcomeHello)}</p><p>${escapeHtml(t.newsletterWelcome(shop.shopName))}</p>`,
        },
        locale,
      ),
    );
  }

  /** Stores the address once. A second subscribe is a conflict; a former subscriber is welcomed back. */
  async function subscribe(rawEmail: string, locale: Locale = "en"): Promise<{ message: string }> {
    const email = rawEmail.trim().toLowerCase();
    const created = await repo.insertSubscriber(db, email, newToken());
    if (created) {
      await sendWelcome(created, locale);
      return { message: CONTENT_MSG.newsletterSubscribed };
    }
    const back = await repo.resubscribe(db, email, newToken());
    if (!back) throw conflict(CONTENT_MSG.newsletterAlready);
    await sendWelcome(back, locale);
    return { message: CONTENT_MSG.newsletterSubscribed };
  }

  function findByToken(token: string): Promise<Subscriber | undefined> {
    return repo.findByToken(db, token);
  }

  /** Idempotent: a second visit to the link still answers that the address is unsubscribed. */
  async function unsubscribe(token: string): Promise<{ email: string; message: string }> {
    const row = await findByToken(token);
    if (!row) throw notFound(CONTENT_MSG.unsubscribeInvalid);
    if (!row.unsubscribedAt) {
      await repo.markUnsubscribed(db, row.id);
    }
    return { email: row.email, message: CONTENT_MSG.newsletterUnsubscribed };
  }

  /** Sends one newsletter to every active subscriber (for the admin panel). */
  async function sendToAll(content: { subject: string; text: string; html: string }): Promise<number> {
    const subs = await repo.findAllActive(db);
    for (const sub of subs) await mail.send(newsletterMail(sub, content));
    return subs.length;
  }

  /** Whether an address is on the list now (the profile's "News and offers by e-mail" switch shows this). */
  async function isSubscribed(email: string): Promise<boolean> {
    return (await repo.findActiveByEmail(db, email)) !== undefined;
  }

  /**
   * The profile's switch: on subscribes the account's address (welcome mail with its unsubscribe link, as the footer
   * form does), off unsubscribes it; either is a no-op when the address is already there.
   */
  /** The profile's switch; turning it on welcomes the address in `locale`, the language of the page it was turned on. */
  async function setSubscribed(email: string, on: boolean, locale: Locale = "en"): Promise<void> {
    const current = await repo.findActiveByEmail(db, email);
    if (on && !current) await subscribe(email, locale);
    if (!on && current) await repo.markUnsubscribed(db, current.id);
  }

  return { subscribe, unsubscribe, findByToken, newsletterMail, sendToAll, unsubscribeUrl, isSubscribed, setSubscribed };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;

import { CONTACT_SUBJECTS_NE, CONTENT_MSG, shopAddress, type ContactInput, type Locale, type StoreSettings } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { escapeHtml } from "../../lib/html.js";
import type { MailMessage, MailService } from "../mail/mail.service.js";
import { mailTexts } from "../mail/texts.js";
import type { SettingsService } from "../settings/settings.service.js";
import * as repo from "./contact.repository.js";

/**
 * The sender's confirmation, in the language of the page the form was sent from, with the store's address in that
 * language (docs/decisions/131). The shop's own copy stays English: it is read in the admin's inbox.
 */
function confirmationMail(input: ContactInput, shop: StoreSettings, locale: Locale): MailMessage {
  const t = mailTexts(locale);
  const esc = escapeHtml;
  const address = shopAddress(shop, locale);
  const subject = locale === "ne" ? CONTACT_SUBJECTS_NE[input.subject] : input.subject;
  const reply = `${t.contactReplyBefore(subject)}${t.contactReplyWithin}${t.contactReplyAfter}`;
  return {
    to: input.email,
    subject: t.contactSubject(shop.shopName),
    text: `${t.greeting(input.firstName)}\n\n${t.contactThanks(shop.shopName)} ${reply}\n\n${t.contactYourMessage}:\n${input.message}\n\n${shop.shopName}\n${shop.phone} · ${shop.email}\n${address}`,
    html: `<html lang="${locale}"><body><p>${esc(t.greeting(input.firstName))}</p><p>${esc(t.contactThanks(shop.shopName))} ${esc(t.contactReplyBefore(subject))}<strong>${esc(t.contactReplyWithin)}</strong>${esc(t.contactReplyAfter)}</p><blockquote style="white-space:pre-wrap">${esc(input.message)}</blockquote><p>${esc(shop.shopName)}<br>${esc(shop.phone)} · ${esc(shop.email)}<br>${esc(address)}</p></body></html>`,
  };
}

/**
 * The contact form (docs/product-rules.md §12): the message is stored for the admin inbox first, then the shop is
 * told by e-mail and the sender gets a confirmation promising a reply within 24 hours.
 */
export function createContactService(db: Db, mail: MailService, settings: SettingsService) {
  async function submit(input: ContactInput, meta: { ip?: string; locale?: Locale } = {}): Promise<{ id: string; mailError: unknown }> {
    const phone = input.phone?.trim() || null;
    const id = await repo.insertMessage(db, { firstName: input.firstName, lastName: input.lastName, email: input.email, phone, subject: input.subject, message: input.message, ip: meta.ip?.slice(0, 64) });
    const shop = await settings.get();
    const name = `${input.firstName} ${input.lastName}`;
    const details = [`From: ${name} <${input.email}>`, `Phone: ${phone ?? "not given"}`, `Subject: ${input.subject}`, "", input.message].join("\n");
    // The message is already safe in the inbox; a mail failure is reported to the caller for the log, not to the sender.
    let mailError: unknown = null;
    try {
      await Promise.all([
        mail.send({
          to: shop.email,
          replyTo: input.email,
          subject: `[Contact] ${input.subject} from ${name}`,
          text: details,
          html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(details)}</pre>`,
        }),
        mail.send(confirmationMail(input, shop, meta.locale ?? "en")),
      ]);
    } catch (error) {
      mailError = error;
    }
    return { id, mailError };
  }

  return { submit, confirmation: CONTENT_MSG.contactSent };
}
export type ContactService = ReturnType<typeof createContactService>;

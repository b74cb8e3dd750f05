import { CONTENT_MSG, type ContactInput } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { escapeHtml } from "../../lib/html.js";
import type { MailService } from "../mail/mail.service.js";
import type { SettingsService } from "../settings/settings.service.js";
import * as repo from "./contact.repository.js";

/**
 * The contact form (docs/product-rules.md §12): the message is stored for the admin inbox first, then the shop is
 * told by e-mail and the sender gets a confirmation promising a reply within 24 hours.
 */
export function createContactService(db: Db, mail: MailService, settings: SettingsService) {
  async function submit(input: ContactInput, meta: { ip?: string } = {}): Promise<{ id: string; mailError: unknown }> {
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
        mail.send({
          to: input.email,
          subject: `We received your message – ${shop.shopName}`,
          text: `Namaste ${input.firstName},\n\nThank you for contacting ${shop.shopName}. We have received your message about "${input.subject}" and will reply by e-mail within 24 hours.\n\nYour message:\n${input.message}\n\n${shop.shopName}\n${shop.phone} · ${shop.email}\n${shop.address}`,
          html: `<p>Namaste ${escapeHtml(input.firstName)},</p><p>Thank you for contacting ${escapeHtml(shop.shopName)}. We have received your message about “${escapeHtml(input.subject)}” and will reply by e-mail <strong>within 24 hours</strong>.</p><blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote><p>${escapeHtml(shop.shopName)}<br>${escapeHtml(shop.phone)} · ${escapeHtml(shop.email)}<br>${escapeHtml(shop.address)}</p>`,
        }),
      ]);
    } catch (error) {
      mailError = error;
    }
    return { id, mailError };
  }

  return { submit, confirmation: CONTENT_MSG.contactSent };
}
export type ContactService = ReturnType<typeof createContactService>;

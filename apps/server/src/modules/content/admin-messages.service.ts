import { ADMIN_MSG, nepalTimestamp } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { toCsv } from "../../lib/csv.js";
import { notFound } from "../../lib/errors.js";
import { offsetOf, pagination } from "../../lib/paging.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import * as messages from "./contact.repository.js";
import * as subscribers from "./newsletter.repository.js";

/** Contact-form messages and newsletter subscribers as the admin panel sees them (docs/product-rules.md §12). */
export function createAdminMessagesService(db: Db) {
  return {
    async listMessages(q: { page: number; limit: number; unread?: "true" | "false" }) {
      const unread = q.unread === undefined ? undefined : q.unread === "true";
      const [rows, total, unreadCount] = await Promise.all([
        messages.findMessages(db, { unread, limit: q.limit, offset: offsetOf(q.page, q.limit) }),
        messages.countMessages(db, unread),
        messages.countMessages(db, true),
      ]);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          name: `${m.firstName} ${m.lastName}`.trim(),
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          read: m.readAt !== null,
          createdAt: m.createdAt.toISOString(),
        })),
        pagination: pagination(q.page, q.limit, total),
        unreadCount,
      };
    },

    async setRead(actor: Actor, id: string, read: boolean) {
      await db.transaction(async (tx) => {
        const m = await messages.lockMessage(tx, id);
        if (!m) throw notFound(ADMIN_MSG.messageNotFound);
        await messages.setReadAt(tx, id, read ? (m.readAt ?? new Date()) : null);
        await recordAudit(tx, actor, { action: "message.read", entityType: "contact_message", entityId: id, before: { read: m.readAt !== null }, after: { read } });
      });
      return { id, read };
    },

    async listSubscribers(q: { page: number; limit: number }) {
      const [rows, total] = await Promise.all([subscribers.findActive(db, { limit: q.limit, offset: offsetOf(q.page, q.limit) }), subscribers.countActive(db)]);
      return { subscribers: rows.map((s) => ({ id: s.id, email: s.email, subscribedAt: s.subscribedAt.toISOString() })), pagination: pagination(q.page, q.limit, total) };
    },

    async subscribersCsv(): Promise<string> {
      const rows = await subscribers.findActive(db, { limit: 100_000 });
      return toCsv(["Email", "Subscribed At (Nepal time)"], rows.map((s) => [s.email, nepalTimestamp(s.subscribedAt)]));
    },
  };
}
export type AdminMessagesService = ReturnType<typeof createAdminMessagesService>;

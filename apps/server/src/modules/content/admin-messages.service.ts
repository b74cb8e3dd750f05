import { count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { ADMIN_MSG } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { contactMessages, newsletterSubscribers } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { pagination, toCsv } from "./admin-lib.js";
import { recordAudit, type Actor } from "./audit.js";

/** Contact-form messages and newsletter subscribers (docs/product-rules.md §12). */
export function createAdminMessagesService(db: Db) {
  return {
    async listMessages(q: { page: number; limit: number; unread?: "true" | "false" }) {
      const where = q.unread === "true" ? isNull(contactMessages.readAt) : q.unread === "false" ? isNotNull(contactMessages.readAt) : undefined;
      const [rows, [total], [unread]] = await Promise.all([
        db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(q.limit).offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(contactMessages).where(where),
        db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
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
        pagination: pagination(q.page, q.limit, total?.n ?? 0),
        unreadCount: unread?.n ?? 0,
      };
    },

    async setRead(actor: Actor, id: string, read: boolean) {
      await db.transaction(async (tx) => {
        const [m] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
        if (!m) throw notFound(ADMIN_MSG.messageNotFound);
        await tx.update(contactMessages).set({ readAt: read ? (m.readAt ?? new Date()) : null }).where(eq(contactMessages.id, id));
        await recordAudit(tx, actor, { action: "message.read", entityType: "contact_message", entityId: id, before: { read: m.readAt !== null }, after: { read } });
      });
      return { id, read };
    },

    async listSubscribers(q: { page: number; limit: number }) {
      const active = isNull(newsletterSubscribers.unsubscribedAt);
      const [rows, [total]] = await Promise.all([
        db.select().from(newsletterSubscribers).where(active).orderBy(desc(newsletterSubscribers.subscribedAt)).limit(q.limit).offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(newsletterSubscribers).where(active),
      ]);
      return { subscribers: rows.map((s) => ({ id: s.id, email: s.email, subscribedAt: s.subscribedAt.toISOString() })), pagination: pagination(q.page, q.limit, total?.n ?? 0) };
    },

    async subscribersCsv(): Promise<string> {
      const rows = await db.select().from(newsletterSubscribers).where(isNull(newsletterSubscribers.unsubscribedAt)).orderBy(desc(newsletterSubscribers.subscribedAt)).limit(100_000);
      return toCsv(["Email", "Subscribed At"], rows.map((s) => [s.email, s.subscribedAt]));
    },
  };
}
export type AdminMessagesService = ReturnType<typeof createAdminMessagesService>;

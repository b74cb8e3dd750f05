import { and, count, desc, eq, ilike, isNotNull, isNull, or } from "drizzle-orm";
import { ADMIN_MSG } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { blogPosts, categories, contactMessages, newsletterSubscribers } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { escapeLike, pagination, toCsv } from "./admin-lib.js";
import { recordAudit, type Actor } from "./audit.js";

/** Contact-form messages, newsletter subscribers and the read-only blog list the admin sees (docs/product-rules.md §12). */
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

    async listBlogs(q: { page: number; limit: number; q?: string; categoryId?: string }) {
      const text = q.q?.trim();
      const pattern = text ? `%${escapeLike(text)}%` : undefined;
      const where = and(pattern ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern)) : undefined, q.categoryId ? eq(blogPosts.categoryId, q.categoryId) : undefined);
      const [rows, [total], [overall]] = await Promise.all([
        db
          .select({ post: blogPosts, categoryName: categories.name })
          .from(blogPosts)
          .leftJoin(categories, eq(categories.id, blogPosts.categoryId))
          .where(where)
          .orderBy(desc(blogPosts.createdAt))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(blogPosts).where(where),
        db.select({ n: count() }).from(blogPosts),
      ]);
      return {
        blogs: rows.map(({ post: p, categoryName }) => ({
          id: p.id,
          title: p.title,
          slug: p.slug,
          excerpt: p.excerpt || p.content.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 150),
          featured: p.featured,
          status: p.status,
          category: categoryName ?? null,
          createdAt: p.createdAt.toISOString(),
        })),
        pagination: pagination(q.page, q.limit, total?.n ?? 0),
        overallTotal: overall?.n ?? 0,
      };
    },
  };
}
export type AdminMessagesService = ReturnType<typeof createAdminMessagesService>;

import { randomBytes } from "node:crypto";
import { ADMIN_MSG, localDigits, type AdminUser, type AdminUsersQuery, type Role, type UserInputSchema } from "@khelkud/contracts";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { conflictOnUnique } from "../../lib/db-errors.js";
import { conflict, notFound } from "../../lib/errors.js";
import { pagination } from "../../lib/paging.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import { mailTexts } from "../mail/texts.js";
import * as repo from "./accounts.repository.js";
import { hashToken, type SessionsService } from "./sessions.service.js";

type Input = z.output<typeof UserInputSchema>;

/** How long the "set your password" link of a new account stays valid. */
const INVITE_HOURS = 72;

function toAdminUser(u: UserRow, orders: number): AdminUser {
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, role: u.role, status: u.status, orderCount: orders, createdAt: u.createdAt.toISOString() };
}

/** What the audit log keeps of a user: never the password hash. */
function auditView(u: UserRow) {
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, role: u.role, status: u.status };
}

/** Sends the "set your own password" e-mail when a mail service is wired in; the token row exists either way. */
export type InviteSender = (user: { name: string; email: string }, token: string) => Promise<void>;

/**
 * The invitation e-mail: the link is the accounts module's /reset-password page, which consumes the same token. In
 * English, then in Nepali with the Nepali page's link: a new account has no language yet, and the admin's is not the
 * invitee's (docs/decisions/131).
 */
export function inviteMessage(publicUrl: string, user: { name: string; email: string }, token: string) {
  const query = `reset-password?token=${encodeURIComponent(token)}`;
  const [en, ne] = [mailTexts("en"), mailTexts("ne")];
  return {
    to: user.email,
    subject: `${en.inviteSubject} · ${ne.inviteSubject}`,
    text: `${en.inviteBody(user.name, String(INVITE_HOURS), `${publicUrl}/${query}`)}\n\n————\n\n${ne.inviteBody(user.name, localDigits(INVITE_HOURS, "ne"), `${publicUrl}/ne/${query}`)}`,
  };
}

export function createAdminUsersService(db: Db, sessions: SessionsService, sendInvite?: InviteSender) {
  async function lockUser(tx: Tx, id: string): Promise<UserRow> {
    const row = await repo.lockUser(tx, id);
    if (!row) throw notFound(ADMIN_MSG.userNotFound);
    return row;
  }

  /**
   * docs/product-rules.md §9: the shop always keeps an active administrator, and nobody removes their own access by accident.
   * `next` is the target's role and status after the change, or "delete".
   */
  async function assertAccessKept(tx: Tx, actor: Actor, target: UserRow, next: { role: Role; status: string } | "delete") {
    const losesAdmin = target.role === "ADMIN" && target.status === "ACTIVE" && (next === "delete" || next.role !== "ADMIN" || next.status !== "ACTIVE");
    if (losesAdmin) {
      // Lock every active admin row so two concurrent demotions cannot both pass.
      const admins = await repo.lockActiveAdmins(tx);
      if (admins.length <= 1) throw conflict(ADMIN_MSG.lastAdmin);
    }
    if (target.id === actor.id) {
      if (next === "delete") throw conflict(ADMIN_MSG.selfDelete);
      if (next.role !== "ADMIN") throw conflict(ADMIN_MSG.selfDemote);
      if (next.status !== "ACTIVE") throw conflict(ADMIN_MSG.selfDeactivate);
    }
  }

  const emailGuard = <T>(work: () => Promise<T>) => conflictOnUnique(ADMIN_MSG.emailTaken, work);

  async function withCount(u: UserRow): Promise<AdminUser> {
    return toAdminUser(u, await repo.countOrdersOf(db, u.id));
  }

  return {
    async list(q: AdminUsersQuery) {
      const [rows, counts] = await Promise.all([repo.findUsersPage(db, q), repo.countUsers(db, q)]);
      return { users: rows.map((r) => toAdminUser(r.user, r.orderCount)), pagination: pagination(q.page, q.limit, counts.matching), overallTotal: counts.all };
    },

    /** A new account has no password: the person sets their own through a single-use link (no fixed password, ever). */
    async create(actor: Actor, input: Input): Promise<AdminUser> {
      const token = randomBytes(32).toString("base64url");
      const user = await emailGuard(() =>
        db.transaction(async (tx) => {
          if (await repo.emailTaken(tx, input.email)) throw conflict(ADMIN_MSG.emailTaken);
          const row = await repo.insertUser(tx, { ...input, passwordHash: null });
          await repo.insertResetToken(tx, { userId: row.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_HOURS * 3_600_000) });
          await recordAudit(tx, actor, { action: "user.create", entityType: "user", entityId: row.id, after: auditView(row) });
          return row;
        }),
      );
      if (sendInvite) await sendInvite(user, token);
      return withCount(user);
    },

    async update(actor: Actor, id: string, { was, ...input }: Input): Promise<AdminUser> {
      const user = await emailGuard(() =>
        db.transaction(async (tx) => {
          const before = await lockUser(tx, id);
          // A form opened before another administrator's change does not put the account back as it was (docs/decisions/191).
          if (was && Object.entries(was).some(([key, value]) => (before[key as keyof typeof was] ?? null) !== (value ?? null))) throw conflict(ADMIN_MSG.changedMeanwhile);
          await assertAccessKept(tx, actor, before, { role: input.role, status: input.status });
          if (await repo.emailTaken(tx, input.email, id)) throw conflict(ADMIN_MSG.emailTaken);
          const row = await repo.updateUserAsAdmin(tx, id, input);
          await recordAudit(tx, actor, { action: "user.update", entityType: "user", entityId: id, before: auditView(before), after: auditView(row) });
          return row;
        }),
      );
      sessions.forgetUser(user.id);
      if (user.status !== "ACTIVE") await sessions.revokeAllForUser(user.id);
      return withCount(user);
    },

    async setRole(actor: Actor, id: string, role: Role): Promise<AdminUser> {
      const user = await db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        await assertAccessKept(tx, actor, before, { role, status: before.status });
        const row = await repo.updateUserAsAdmin(tx, id, { role });
        await recordAudit(tx, actor, { action: "user.role", entityType: "user", entityId: id, before: { role: before.role }, after: { role } });
        return row;
      });
      sessions.forgetUser(user.id);
      return withCount(user);
    },

    /** A user with orders is deactivated (their orders and payments stay); others are deleted. Either way their sessions end. */
    async remove(actor: Actor, id: string): Promise<{ deactivated: boolean }> {
      const result = await db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        await assertAccessKept(tx, actor, before, "delete");
        if (await repo.hasOrders(tx, id)) {
          await repo.updateUserAsAdmin(tx, id, { status: "INACTIVE" });
          await recordAudit(tx, actor, { action: "user.deactivate", entityType: "user", entityId: id, before: auditView(before), after: { status: "INACTIVE" } });
          return { deactivated: true };
        }
        await repo.deleteUser(tx, id);
        await recordAudit(tx, actor, { action: "user.delete", entityType: "user", entityId: id, before: auditView(before) });
        return { deactivated: false };
      });
      await sessions.revokeAllForUser(id);
      return result;
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

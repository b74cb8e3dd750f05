import { createHash, randomBytes } from "node:crypto";
import { REMEMBER_ME_DAYS, SESSION_HOURS, type PublicUser } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import * as repo from "./sessions.repository.js";
import { mediaUrl } from "../catalog/catalog.service.js";

export type AuthFailure = "missing" | "invalid" | "expired";

/** Which sessions just ended: one, or all of a user's (but one). The live channel closes their sockets. */
export type SessionsRevoked = { sessionId: string } | { userId: string; exceptSessionId?: string };

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    status: u.status,
    avatar: u.avatarKey ? mediaUrl(u.avatarKey) : null,
    address: { street: u.addressStreet, landmark: u.addressLandmark, city: u.addressCity, district: u.addressDistrict, state: u.addressState, postalCode: u.addressPostalCode, country: u.addressCountry },
    locale: u.locale ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * Server-side sessions: the token is random, only its hash is stored, so logout, password change and
 * deactivation end a session at once (docs/product-rules.md §9).
 */
export function createSessionsService(db: Db, { pageMemoMs = 0, pageMemoMax = 10_000 }: { pageMemoMs?: number; pageMemoMax?: number } = {}) {
  /**
   * Sessions as the shared storefront pages saw them a moment ago (`resolveForPage`, docs/decisions/111), by token
   * hash. Only those pages read it, never the API; every change this process makes to a session or its user drops
   * the entries it touches at once.
   */
  const pageMemo = new Map<string, { user: UserRow; expiresAt: number; until: number }>();
  const forgetUser = (userId: string) => {
    for (const [id, entry] of pageMemo) if (entry.user.id === userId) pageMemo.delete(id);
  };
  const revokedListeners = new Set<(revoked: SessionsRevoked) => void>();
  const revoked = (r: SessionsRevoked) => {
    if ("sessionId" in r) pageMemo.delete(r.sessionId);
    else forgetUser(r.userId);
    for (const listener of revokedListeners) listener(r);
  };
  async function lookup(token: string | undefined): Promise<{ user: UserRow; sessionId: string; expiresAt: number } | { failure: AuthFailure }> {
    if (!token) return { failure: "missing" };
    if (token.length > 200) return { failure: "invalid" };
    const id = hashToken(token);
    const row = await repo.findSessionWithUser(db, id);
    if (!row) return { failure: "invalid" };
    if (row.session.expiresAt.getTime() <= Date.now()) {
      await repo.deleteSession(db, id);
      return { failure: "expired" };
    }
    if (row.user.status !== "ACTIVE") {
      await repo.deleteSessionsOf(db, row.user.id);
      revoked({ userId: row.user.id });
      return { failure: "invalid" };
    }
    return { user: row.user, sessionId: id, expiresAt: row.session.expiresAt.getTime() };
  }
  return {
    /** Registers a listener told after sessions are deleted; returns the function that removes it. */
    onRevoked(listener: (revoked: SessionsRevoked) => void): () => void {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },

    async create(userId: string, opts: { persistent: boolean; userAgent?: string; ip?: string }) {
      const token = randomBytes(32).toString("base64url");
      const ttl = opts.persistent ? REMEMBER_ME_DAYS * 24 * 3_600_000 : SESSION_HOURS * 3_600_000;
      const expiresAt = new Date(Date.now() + ttl);
      await repo.insertSession(db, { id: hashToken(token), userId, persistent: opts.persistent, expiresAt, userAgent: opts.userAgent?.slice(0, 300), ip: opts.ip });
      return { token, expiresAt, persistent: opts.persistent };
    },

    /** The signed-in user for a token, or why there is none. Inactive users have no valid session. */
    async resolve(token: string | undefined): Promise<{ user: UserRow; sessionId: string } | { failure: AuthFailure }> {
      const result = await lookup(token);
      return "failure" in result ? result : { user: result.user, sessionId: result.sessionId };
    },

    /**
     * `resolve` for a shared storefront page (docs/decisions/110, 111): a valid session seen in the last
     * `pageMemoMs` is taken as it was, without a query. Logout, password changes, deactivation and profile changes
     * made by this process drop it at once; another instance's take effect here within `pageMemoMs`. A session's
     * own expiry is still checked on every use.
     */
    async resolveForPage(token: string | undefined): Promise<{ user: UserRow; sessionId: string } | { failure: AuthFailure }> {
      if (pageMemoMs <= 0 || !token || token.length > 200) return this.resolve(token);
      const id = hashToken(token);
      const now = Date.now();
      const hit = pageMemo.get(id);
      if (hit && hit.until > now && hit.expiresAt > now) return { user: hit.user, sessionId: id };
      const result = await lookup(token);
      if ("failure" in result) {
        pageMemo.delete(id);
        return result;
      }
      pageMemo.delete(id);
      // Oldest first out: many sessions cannot grow it without bound.
      while (pageMemo.size >= pageMemoMax) pageMemo.delete(pageMemo.keys().next().value!);
      pageMemo.set(id, { user: result.user, expiresAt: result.expiresAt, until: now + pageMemoMs });
      return { user: result.user, sessionId: id };
    },

    /** Drops what `resolveForPage` remembers of a user: called after every change to the user's row. */
    forgetUser,

    async revoke(token: string): Promise<void> {
      await repo.deleteSession(db, hashToken(token));
      revoked({ sessionId: hashToken(token) });
    },

    /** Ends every session of a user, optionally keeping the one in use. */
    async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
      await repo.deleteSessionsOf(db, userId, exceptSessionId);
      revoked({ userId, exceptSessionId });
    },

    async purgeExpired(): Promise<void> {
      await repo.deleteExpiredSessions(db, new Date());
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

import { and, count, desc, eq, gt, ilike, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { AdminUsersQuery } from "@khelkud/contracts";
import { newId } from "../../db/ids.js";
import type { DbOrTx } from "../../db/client.js";
import { orders, passwordResetTokens, reviews, users, type UserRow } from "../../db/schema/index.js";
import { offsetOf } from "../../lib/paging.js";
import { addressHolds, rawRows } from "../../db/common-queries.js";
import { containsPattern } from "../../lib/sql-text.js";

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

/** The stored password hash of an address (null without an account or a password): the sign-in limit's generation. */
export async function findPasswordHashByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(byEmail(email)).limit(1);
  return row?.passwordHash ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function emailTakenByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(byEmail(email), ne(users.id, userId))).limit(1);
  return Boolean(row);
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Only the fields a customer may change about themselves; role and status are not parameters here. */
export type OwnProfileChanges = Partial<Pick<UserRow, "name" | "email" | "phone" | "addressStreet" | "addressCity" | "addressState" | "addressDistrict" | "addressLandmark" | "addressPostalCode" | "addressCountry" | "avatarKey" | "passwordHash">>;

export async function updateOwnProfile(db: DbOrTx, userId: string, changes: OwnProfileChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row!;
}

/** The account's language (docs/decisions/086). */
export async function setUserLocale(db: DbOrTx, userId: string, locale: "en" | "ne"): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function avatarKeyInUse(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.avatarKey, key)).limit(1);
  return Boolean(row);
}

export async function countsForUser(db: DbOrTx, userId: string): Promise<{ orders: number; reviews: number }> {
  const [[o], [r]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
    db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId)),
  ]);
  return { orders: Number(o?.n ?? 0), reviews: Number(r?.n ?? 0) };
}

/** A reset link that can still set a password: its token is known, belongs to an account, unused and not expired. */
function usableResetToken(tokenHash: string) {
  return and(eq(passwordResetTokens.tokenHash, tokenHash), isNotNull(passwordResetTokens.userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));
}

/** Whether a reset link could still be used, without using it (the reset page asks before showing its form). */
export async function resetTokenUsable(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usableResetToken(tokenHash)).limit(1);
  return row !== undefined;
}

/** Marks a valid token used in one statement, so two concurrent resets cannot both use it. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(usableResetToken(tokenHash)).returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/**
 * Forgot-password in one statement that does the same work whether or not the address has an active account: look the
 * account up, retire its unused links, store the new link — without an account the link row is stored with no user
 * (it can never be used) — and drop such rows a day after they expired. Returns the account, or undefined.
 */
export async function issueResetToken(db: DbOrTx, email: string, tokenHash: string, expiresAt: Date): Promise<{ id: string; name: string; email: string; locale: "en" | "ne" | null } | undefined> {
  const result = (await db.execute(sql`
    with target as (
      select id, name, email, locale from users where lower(email) = ${email.toLowerCase()} and status = 'ACTIVE' limit 1
    ), retired as (
      update password_reset_tokens set used_at = now() where user_id = (select id from target) and used_at is null returning id
    ), purged as (
      delete from password_reset_tokens where user_id is null and expires_at < now() - interval '1 day' returning id
    ), issued as (
      insert into password_reset_tokens (id, user_id, token_hash, expires_at)
      values (${newId()}, (select id from target), ${tokenHash}, ${expiresAt.toISOString()}::timestamptz)
      returning user_id
    )
    select target.id, target.name, target.email, target.locale from issued join target on target.id = issued.user_id`)) as unknown as
    | { rows: { id: string; name: string; email: string; locale: "en" | "ne" | null }[] }
    | { id: string; name: string; email: string; locale: "en" | "ne" | null }[];
  const rows = Array.isArray(result) ? result : result.rows;
  const row = rows[0];
  return row ? { id: row.id, name: row.name, email: row.email, locale: row.locale } : undefined;
}

// The administrator's user screens (docs/product-rules.md §9, §14).

const orderCount = sql<number>`(SELECT count(*)::int FROM "orders" o WHERE o."user_id" = "users"."id")`;

function adminWhere(q: Pick<AdminUsersQuery, "q" | "role" | "status">): SQL | undefined {
  const pattern = containsPattern(q.q);
  // An address part with its "@" is found through its own index (docs/decisions/148).
  const email = pattern ? (addressHolds(sql`${users.email}`, q.q!.trim()) ?? ilike(users.email, pattern)) : undefined;
  return and(pattern ? or(ilike(users.name, pattern), email) : undefined, q.role ? eq(users.role, q.role) : undefined, q.status ? eq(users.status, q.status) : undefined);
}

/** One page of users, newest first, each with how many orders they placed. */
export async function findUsersPage(db: DbOrTx, q: AdminUsersQuery) {
  return db
    .select({ user: users, orderCount })
    .from(users)
    .where(adminWhere(q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
}

/**
 * How many users match the admin list's filters, and how many there are in all. Without a search both come from the
 * counts kept per role and status (migration 0028, docs/decisions/162): at most four rows, however many users. A search
 * counts the users it finds.
 */
export async function countUsers(db: DbOrTx, q: Pick<AdminUsersQuery, "q" | "role" | "status">): Promise<{ matching: number; all: number }> {
  const kept = await rawRows<{ role: string; status: string; users: string | number }>(db, sql`SELECT role, status, users FROM user_counts`);
  const all = kept.reduce((n, r) => n + Number(r.users), 0);
  if (containsPattern(q.q)) {
    const [row] = await db.select({ n: count() }).from(users).where(adminWhere(q));
    return { matching: row?.n ?? 0, all };
  }
  const matching = kept.filter((r) => (!q.role || r.role === q.role) && (!q.status || r.status === q.status)).reduce((n, r) => n + Number(r.users), 0);
  return { matching, all };
}

export async function countOrdersOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

export async function hasOrders(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
  return Boolean(row);
}

export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

/** Locks every active administrator's row (so two concurrent demotions cannot both pass) and returns their ids. */
export async function lockActiveAdmins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), eq(users.status, "ACTIVE")))
    .for("update");
  return rows.map((r) => r.id);
}

/** Whether another account has the address, compared case-insensitively. */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The fields an administrator changes; the password hash is never one of them. */
export type AdminUserChanges = Partial<Pick<UserRow, "name" | "email" | "phone" | "role" | "status">>;

export async function updateUserAsAdmin(db: DbOrTx, id: string, changes: AdminUserChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function insertResetToken(db: DbOrTx, values: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

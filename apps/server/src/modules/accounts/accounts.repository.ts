import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orders, passwordResetTokens, reviews, users, type UserRow } from "../../db/schema/index.js";

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
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

export async function insertResetToken(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** Earlier links stop working when a new one is requested. */
export async function retireResetTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Marks a valid token used in one statement, so two concurrent resets cannot both use it. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { escapeLike } from "../lib/sql-text.js";
import type { DbOrTx } from "./client.js";
import { blogPosts, categories, products } from "./schema/index.js";

/**
 * Questions several repositories ask of their own tables in the same words, written once (issue 22). Each module's
 * repository re-exports what it needs, so services still reach tables only through their own repository
 * (docs/decisions/085).
 */

/** Tables whose rows have a unique `slug` that an administrator chooses. */
const SLUGGED = { products, blogPosts } as const;

/** True when another row of `table` than `exceptId` already uses `slug`. */
export async function slugTakenByOther(db: DbOrTx, table: keyof typeof SLUGGED, slug: string, exceptId?: string): Promise<boolean> {
  const t = SLUGGED[table];
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.slug, slug), exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * Why a product or post cannot be filed under category `id` (docs/decisions/181): "missing" when it is no category of
 * that kind (a product may not be filed under a blog category, nor the reverse), "inactive" when it is inactive and not
 * the row's category already (`currentId`: a row left in a category before it became inactive can still be edited),
 * else undefined. The category's row is read FOR SHARE: a deactivation locks it FOR UPDATE before it counts the rows in
 * it, so the two wait for each other and a row cannot be filed while the category is being made inactive.
 */
export async function categoryRefusal(db: DbOrTx, id: string, type: "PRODUCT" | "BLOG", currentId?: string): Promise<"missing" | "inactive" | undefined> {
  const [row] = await db.select({ status: categories.status }).from(categories).where(and(eq(categories.id, id), eq(categories.type, type))).limit(1).for("share");
  if (!row) return "missing";
  return row.status === "INACTIVE" && id !== currentId ? "inactive" : undefined;
}

/** One "@" among printable ASCII without spaces, as in an e-mail address: a whole address or a part of one. */
const ADDRESS_PART = /^[\x21-\x3f\x41-\x7e]*@[\x21-\x3f\x41-\x7e]*$/;

/**
 * "The address holds the text", for text with one "@", through an index of the address's local part lower-cased and
 * read backwards (`text_pattern_ops`; migration 0023, docs/decisions/148). An address has one "@" too, so it holds such
 * a text exactly when the part before the "@" ends its local part and the part after it starts its domain: one range of
 * that index, where a trigram index reads the long lists of trigrams every address shares ("@gm", "ail", ".co").
 * Undefined for any other text. `address` must be written as the index's expression is.
 */
export function addressHolds(address: SQL, text: string): SQL | undefined {
  if (!ADDRESS_PART.test(text)) return undefined;
  const [local = "", domain = ""] = text.toLowerCase().split("@");
  const localBackwards = `${escapeLike([...local].reverse().join(""))}%`;
  return sql`(reverse(split_part(lower(${address}), '@', 1)) LIKE ${localBackwards} AND split_part(lower(${address}), '@', 2) LIKE ${`${escapeLike(domain)}%`} AND ${address} LIKE '%@%')`;
}

/** The rows of a raw statement, on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rawRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Folds the order totals the triggers keep (docs/decisions/119, migrations 0013 and 0016) and moves the best-sellers
 * window to the Nepal hour 30 days ago. Run before reading `keptOrderTotals`, so the deltas stay few: the dashboard and
 * the admin order list's total (docs/decisions/164) both do.
 */
export async function refreshOrderTotals(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT khelkud_order_totals_refresh()`);
}

/** Orders by status, payment state and method, folded or not yet folded: a subquery whose sums equal counting the orders. */
export const keptOrderTotals = sql`(SELECT status, payment_status, payment_method, orders, amount FROM order_totals UNION ALL SELECT status, payment_status, payment_method, orders, amount FROM order_totals_deltas)`;

import { and, eq, ne } from "drizzle-orm";
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

/** True when `id` is a category of that kind (a product may not be filed under a blog category, nor the reverse). */
export async function categoryOfTypeExists(db: DbOrTx, id: string, type: "PRODUCT" | "BLOG"): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.id, id), eq(categories.type, type))).limit(1);
  return Boolean(row);
}

import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { CategoryType } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { categories, type CategoryRow } from "../../db/schema/index.js";
import { activeProductsIn, hiddenProductsIn } from "./admin-products.repository.js";

export type CategoryColumns = Omit<typeof categories.$inferInsert, "id" | "createdAt" | "updatedAt">;

// Written out: Drizzle renders bare column names inside a raw subquery. The products: the active ones from the
// catalogue's kept counts and the hidden ones counted (docs/decisions/162), not every product of the category.
const productCount = sql<number>`(${activeProductsIn(sql`"categories"."id"`)} + ${hiddenProductsIn(sql`"categories"."id"`)})::int`;
const postCount = sql<number>`(SELECT count(*)::int FROM "blog_posts" b WHERE b."category_id" = "categories"."id")`;

/** How many products and posts use the category. */
export async function usage(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ products: productCount, posts: postCount }).from(categories).where(eq(categories.id, id));
  return (row?.products ?? 0) + (row?.posts ?? 0);
}

/** Every category, with how many products and posts use each. */
export async function findAllWithUsage(db: DbOrTx) {
  return db
    .select({ category: categories, productCount, postCount })
    .from(categories)
    .orderBy(asc(categories.type), asc(categories.sortOrder), asc(categories.name));
}

export async function slugTaken(db: DbOrTx, type: CategoryType, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.type, type), eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function lockCategory(db: DbOrTx, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).for("update");
  return row;
}

export async function insertCategory(db: DbOrTx, values: CategoryColumns): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row!;
}

export async function updateCategory(db: DbOrTx, id: string, values: CategoryColumns): Promise<CategoryRow> {
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
  return row!;
}

export async function deleteCategory(db: DbOrTx, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

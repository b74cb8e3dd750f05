import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { blogPosts, categories, products } from "../../db/schema/index.js";

/** The sitemap's pages file: active product categories and published blog posts. */
export async function findSitemapPages(db: DbOrTx) {
  const [categoryRows, postRows] = await Promise.all([
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .where(and(eq(categories.type, "PRODUCT"), eq(categories.status, "ACTIVE")))
      .orderBy(asc(categories.sortOrder), asc(categories.slug)),
    db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.status, "PUBLISHED")).orderBy(asc(blogPosts.slug)),
  ]);
  return { categories: categoryRows, posts: postRows };
}

/**
 * The active products whose slug hashes into `[from, to)` (`to` null: to the end of the range), with their dates, in
 * slug order: a range of the index of migration 0031 alone (docs/decisions/166).
 */
export async function findSitemapProducts(db: DbOrTx, from: number, to: number | null) {
  const hash = sql`hashtext(${products.slug})`;
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.status, "ACTIVE"), sql`${hash} >= ${from}`, to === null ? undefined : sql`${hash} < ${to}`))
    .orderBy(asc(products.slug));
}

import { and, asc, eq } from "drizzle-orm";
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

/** Active products' slugs and dates in slug order, `limit` from `offset` (the index of migration 0025 alone). */
export async function findSitemapProducts(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "ACTIVE"))
    .orderBy(asc(products.slug))
    .limit(limit)
    .offset(offset);
}

import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { blogPosts, categories, products } from "../../db/schema/index.js";

export async function findSitemapEntries(db: DbOrTx) {
  const [productRows, categoryRows, postRows] = await Promise.all([
    db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(eq(products.status, "ACTIVE")).orderBy(asc(products.slug)),
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .where(and(eq(categories.type, "PRODUCT"), eq(categories.status, "ACTIVE")))
      .orderBy(asc(categories.sortOrder), asc(categories.slug)),
    db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.status, "PUBLISHED")).orderBy(asc(blogPosts.slug)),
  ]);
  return { products: productRows, categories: categoryRows, posts: postRows };
}

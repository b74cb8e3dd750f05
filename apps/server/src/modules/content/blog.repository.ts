import { and, count, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { blogPosts, blogSlugHistory, categories } from "../../db/schema/index.js";
import { containsPattern } from "../../lib/sql-text.js";

export interface BlogFilter {
  q?: string;
  categoryId?: string;
  excludeId?: string;
}

/** Published and already public: the only rows any public call can reach. */
function publishedWhere(f: BlogFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(blogPosts.status, "PUBLISHED")];
  if (f.categoryId) conds.push(eq(blogPosts.categoryId, f.categoryId));
  if (f.excludeId) conds.push(ne(blogPosts.id, f.excludeId));
  const pattern = containsPattern(f.q);
  if (pattern) {
    conds.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.authorName, pattern)));
  }
  return and(...conds);
}

const categoryRef = { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe };

export async function findPublished(db: DbOrTx, filter: BlogFilter, limit: number, offset: number) {
  return db
    .select({ post: blogPosts, category: categoryRef })
    .from(blogPosts)
    .leftJoin(categories, eq(categories.id, blogPosts.categoryId))
    .where(publishedWhere(filter))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit)
    .offset(offset);
}

export async function countPublished(db: DbOrTx, filter: BlogFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(publishedWhere(filter));
  return row?.n ?? 0;
}

export async function findPublishedBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ post: blogPosts, category: categoryRef })
    .from(blogPosts)
    .leftJoin(categories, eq(categories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "PUBLISHED")))
    .limit(1);
  return row;
}

/** A blog category by slug or id (blog and product categories may share a slug). */
export async function findBlogCategory(db: DbOrTx, slugOrId: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.type, "BLOG"), or(eq(categories.slug, slugOrId), eq(categories.id, slugOrId))))
    .limit(1);
  return row;
}

/** The current slug of the published post that once used `oldSlug`, if any (drafts and archived posts give none). */
export async function findPublishedSlugByOldSlug(db: DbOrTx, oldSlug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogSlugHistory)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugHistory.postId))
    .where(and(eq(blogSlugHistory.slug, oldSlug), eq(blogPosts.status, "PUBLISHED")))
    .limit(1);
  return row?.slug;
}

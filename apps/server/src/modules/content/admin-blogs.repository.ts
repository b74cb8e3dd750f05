import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AdminBlogsQuery } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import * as common from "../../db/common-queries.js";
import { blogPosts, blogSlugHistory, categories } from "../../db/schema/index.js";
import { offsetOf } from "../../lib/paging.js";
import { containsPattern } from "../../lib/sql-text.js";

export type PostRow = typeof blogPosts.$inferSelect;
export type PostColumns = Omit<typeof blogPosts.$inferInsert, "id" | "createdAt" | "updatedAt">;

function where(q: Pick<AdminBlogsQuery, "q" | "categoryId" | "status">): SQL | undefined {
  const pattern = containsPattern(q.q);
  return and(
    pattern ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern)) : undefined,
    q.categoryId ? eq(blogPosts.categoryId, q.categoryId) : undefined,
    q.status ? eq(blogPosts.status, q.status) : undefined,
  );
}

const categoryRef = { id: categories.id, name: categories.name };

export async function findPosts(db: DbOrTx, q: AdminBlogsQuery) {
  return db
    .select({ post: blogPosts, category: categoryRef })
    .from(blogPosts)
    .leftJoin(categories, eq(categories.id, blogPosts.categoryId))
    .where(where(q))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
}

export async function countPosts(db: DbOrTx, q: Pick<AdminBlogsQuery, "q" | "categoryId" | "status">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(where(q));
  return row?.n ?? 0;
}

export async function findPostRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ post: blogPosts, category: categoryRef })
    .from(blogPosts)
    .leftJoin(categories, eq(categories.id, blogPosts.categoryId))
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row;
}

export async function lockPost(db: DbOrTx, id: string) {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
  return row;
}

export const slugTakenByOther = (db: DbOrTx, slug: string, exceptId?: string) => common.slugTakenByOther(db, "blogPosts", slug, exceptId);

export const blogCategoryRefusal = (db: DbOrTx, id: string, currentId?: string) => common.categoryRefusal(db, id, "BLOG", currentId);

export async function previousSlugs(db: DbOrTx, postId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: blogSlugHistory.slug })
    .from(blogSlugHistory)
    .where(eq(blogSlugHistory.postId, postId))
    .orderBy(asc(blogSlugHistory.createdAt), asc(blogSlugHistory.slug));
  return rows.map((r) => r.slug);
}

/**
 * Gives `slug` to `postId`: an earlier-slug row with that address leaves the history (whoever had it: the live post
 * wins the address), and the post's old slug, when it changes, starts redirecting here.
 */
export async function moveSlug(db: DbOrTx, postId: string, from: string | null, to: string): Promise<void> {
  await db.delete(blogSlugHistory).where(eq(blogSlugHistory.slug, to));
  if (from && from !== to) {
    await db
      .insert(blogSlugHistory)
      .values({ slug: from, postId })
      .onConflictDoUpdate({ target: blogSlugHistory.slug, set: { postId, createdAt: new Date() } });
  }
}

export async function insertPost(db: DbOrTx, values: PostColumns): Promise<PostRow> {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return row!;
}

export async function updatePost(db: DbOrTx, id: string, values: Partial<PostColumns>): Promise<PostRow> {
  const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
  return row!;
}

export async function deletePost(db: DbOrTx, id: string): Promise<void> {
  await db.delete(blogPosts).where(eq(blogPosts.id, id));
}

import { BLOG_EXCERPT_FALLBACK, CONTENT_MSG, type BlogList, type BlogPost, type BlogPostSummary, type ListBlogsQuery, ListBlogsQuerySchema } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { offsetOf, pagination } from "../../lib/paging.js";
import type { blogPosts } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { createMicroCache } from "../../lib/micro-cache.js";
import * as repo from "./blog.repository.js";
import { sanitizeRichHtml } from "./sanitize-html.js";
import { visibleText } from "./visible-text.js";
import { mediaUrl } from "../catalog/catalog.service.js";

type BlogPostRow = typeof blogPosts.$inferSelect;
type CategoryRef = { id: string; name: string; slug: string; nameNe: string | null } | null;

/** Seeded banners and admin uploads are shown in a 1200 × 630 frame (the Open Graph shape). */
const BANNER = { width: 1200, height: 630 };
export const RELATED_LIMIT = 3;

function toSummary(p: BlogPostRow, category: CategoryRef): BlogPostSummary {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    // A post without an excerpt shows the start of its content (docs/product-rules.md §12), in each language.
    excerpt: p.excerpt || visibleText(p.content).slice(0, BLOG_EXCERPT_FALLBACK),
    titleNe: p.titleNe,
    excerptNe: p.excerptNe || (p.contentNe ? visibleText(p.contentNe).slice(0, BLOG_EXCERPT_FALLBACK) || null : null),
    author: { name: p.authorName || "Admin" },
    categoryId: p.categoryId,
    category: category && category.id ? category : null,
    featuredImage: p.featuredImageKey ? { url: mediaUrl(p.featuredImageKey), ...BANNER, alt: p.title } : null,
    featured: p.featured,
    publishedAt: (p.publishedAt ?? p.createdAt).toISOString(),
    createdAt: p.createdAt.toISOString(),
  };
}

function toPost(p: BlogPostRow, category: CategoryRef): BlogPost {
  return {
    ...toSummary(p, category),
    // Stored HTML is sanitised when saved; sanitising again on the way out protects against rows written any other way.
    content: sanitizeRichHtml(p.content),
    contentNe: p.contentNe === null ? null : sanitizeRichHtml(p.contentNe),
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    keywords: p.keywords,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function createBlogService(db: Db, { cacheMs = 0 }: { cacheMs?: number } = {}) {
  // Published lists (the home page's latest posts, /blogs) kept as long as catalogue reads are (CATALOG_CACHE_MS);
  // every administrator write drops them, and nothing else changes what is published.
  const listCache = createMicroCache(cacheMs, 50);
  async function listPublished(input: ListBlogsQuery = {}): Promise<BlogList> {
    const query = ListBlogsQuerySchema.parse(input);
    return listCache.get(JSON.stringify(query), () => readPublished(query));
  }

  async function readPublished(query: ReturnType<typeof ListBlogsQuerySchema.parse>): Promise<BlogList> {
    const { page, limit } = query;
    let categoryId: string | undefined;
    const categoryRef = query.categoryId || query.category;
    if (categoryRef) {
      const category = await repo.findBlogCategory(db, categoryRef);
      if (!category) return { blogs: [], pagination: pagination(page, limit, 0) };
      categoryId = category.id;
    }
    const filter: repo.BlogFilter = { q: query.q, categoryId, excludeId: query.exclude };
    const [rows, total] = await Promise.all([repo.findPublished(db, filter, limit, offsetOf(page, limit)), repo.countPublished(db, filter)]);
    return { blogs: rows.map((r) => toSummary(r.post, r.category)), pagination: pagination(page, limit, total) };
  }

  async function getPublishedBySlug(slug: string): Promise<BlogPost> {
    const row = await repo.findPublishedBySlug(db, slug);
    if (!row) throw notFound(CONTENT_MSG.blogNotFound);
    return toPost(row.post, row.category);
  }

  /** Up to three other published posts of the same category, newest first. */
  async function related(post: Pick<BlogPost, "id" | "categoryId">, limit = RELATED_LIMIT): Promise<BlogPostSummary[]> {
    if (!post.categoryId) return [];
    const rows = await repo.findPublished(db, { categoryId: post.categoryId, excludeId: post.id }, Math.min(limit, RELATED_LIMIT), 0);
    return rows.map((r) => toSummary(r.post, r.category));
  }

  /**
   * A published post by its slug, or — for an earlier slug of a published post — the slug it moved to (pages and the
   * API answer a permanent redirect, so old links and search results keep working). Anything else: 404.
   */
  async function resolveSlug(slug: string): Promise<{ post: BlogPost; movedTo?: undefined } | { post?: undefined; movedTo: string }> {
    // Page paths reach here unvalidated: a value no slug can have (NUL, control characters, overlong) names no post.
    if (slug.length > 200 || /\p{Cc}/u.test(slug)) throw notFound(CONTENT_MSG.blogNotFound);
    const row = await repo.findPublishedBySlug(db, slug);
    if (row) return { post: toPost(row.post, row.category) };
    const movedTo = await repo.findPublishedSlugByOldSlug(db, slug);
    if (movedTo) return { movedTo };
    throw notFound(CONTENT_MSG.blogNotFound);
  }

  async function countAllPublished(): Promise<number> {
    return repo.countPublished(db, {});
  }

  return { listPublished, getPublishedBySlug, resolveSlug, related, countAllPublished, invalidate: () => listCache.clear() };
}

export type BlogService = ReturnType<typeof createBlogService>;

import {
  ADMIN_MSG,
  BLOG_EXCERPT_FALLBACK,
  slugify,
  type AdminBlog,
  type AdminBlogCard,
  type AdminBlogsQuery,
  type BlogImageUpload,
  type BlogInputParsed,
} from "@khelkud/contracts";
import type { Db, DbOrTx } from "../../db/client.js";
import { conflictOnUnique } from "../../lib/db-errors.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { reencodeImage, type UploadedFile } from "../../lib/images.js";
import { pagination } from "../../lib/paging.js";
import type { Storage } from "../../plugins/storage.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import { unusedMediaKeys } from "../catalog/admin-products.service.js";
import { sanitizeRichHtml } from "./sanitize-html.js";
import { visibleText } from "./visible-text.js";
import * as repo from "./admin-blogs.repository.js";
import { mediaUrl } from "../catalog/catalog.service.js";

/** Where the two kinds of blog pictures go: the featured banner (a key the post stores) and pictures inside the text. */
export type BlogImagePurpose = "featured" | "content";
const FOLDER: Record<BlogImagePurpose, string> = { featured: "blog", content: "blog-content" };
/** The banner is shown in a 1200 × 630 frame (the Open Graph shape), so it is cut to that frame once, on upload. */
const FRAME = {
  featured: { width: 1200, height: 630, fit: "cover", position: "attention" },
  content: { width: 1600, height: 1600, fit: "inside", withoutEnlargement: true },
} as const;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findPostRow>>>;


function toAdminBlog(r: Row, previous: string[]): AdminBlog {
  const p = r.post;
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    content: sanitizeRichHtml(p.content),
    titleNe: p.titleNe,
    excerptNe: p.excerptNe,
    contentNe: p.contentNe === null ? null : sanitizeRichHtml(p.contentNe),
    categoryId: p.categoryId,
    category: r.category?.id ? r.category : null,
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    keywords: p.keywords,
    metaTags: p.metaTags,
    featured: p.featured,
    status: p.status,
    featuredImage: p.featuredImageKey ? { key: p.featuredImageKey, url: mediaUrl(p.featuredImageKey) } : null,
    previousSlugs: previous,
    publishedAt: p.publishedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function toCard(r: { post: repo.PostRow; category: { id: string; name: string } | null }): AdminBlogCard {
  const p = r.post;
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt || visibleText(p.content).slice(0, BLOG_EXCERPT_FALLBACK),
    featured: p.featured,
    status: p.status,
    category: r.category?.name ?? null,
    featuredImage: p.featuredImageKey ? mediaUrl(p.featuredImageKey) : null,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Blog posts as the admin panel writes them. Content is sanitised (allow-list) before it is stored; publishing is a
 * status on the server (only PUBLISHED posts reach any public call); a changed slug keeps the old address as a
 * permanent redirect (docs/decisions/061).
 */
export function createAdminBlogsService(db: Db, storage: Storage) {
  async function get(id: string): Promise<AdminBlog> {
    const row = await repo.findPostRow(db, id);
    if (!row) throw notFound(ADMIN_MSG.blogNotFound);
    return toAdminBlog(row, await repo.previousSlugs(db, id));
  }

  /** Checks and normalises the form; returns the columns to write. */
  async function columns(tx: DbOrTx, input: BlogInputParsed, before?: repo.PostRow) {
    const slug = slugify(input.slug || input.title) || slugify(input.keywords.join(" "));
    if (!slug) throw invalid(ADMIN_MSG.slugEmpty, [{ field: "slug", message: ADMIN_MSG.slugEmpty }]);
    if (await repo.slugTakenByOther(tx, slug, before?.id)) throw conflict(ADMIN_MSG.blogSlugTaken);
    const refused = await repo.blogCategoryRefusal(tx, input.categoryId, before?.categoryId ?? undefined);
    if (refused === "missing") throw invalid(ADMIN_MSG.blogCategoryMissing, [{ field: "categoryId", message: ADMIN_MSG.blogCategoryMissing }]);
    if (refused === "inactive") throw invalid(ADMIN_MSG.categoryInactive, [{ field: "categoryId", message: ADMIN_MSG.categoryInactive }]);
    const content = sanitizeRichHtml(input.content);
    if (!visibleText(content) && !/<img\s/i.test(content))
      throw invalid(ADMIN_MSG.blogContentRequired, [{ field: "content", message: ADMIN_MSG.blogContentRequired }]);
    const image = input.featuredImage;
    if (image && image !== before?.featuredImageKey && !storage.exists(image))
      throw invalid(ADMIN_MSG.blogImageMissing, [{ field: "featuredImage", message: ADMIN_MSG.blogImageMissing }]);
    const publishing = input.status === "PUBLISHED";
    return {
      title: input.title,
      slug,
      categoryId: input.categoryId,
      excerpt: input.excerpt,
      content,
      titleNe: input.titleNe,
      excerptNe: input.excerptNe,
      contentNe: input.contentNe ? sanitizeRichHtml(input.contentNe) || null : null,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      keywords: input.keywords,
      metaTags: input.metaTags,
      featured: input.featured,
      status: input.status,
      featuredImageKey: image,
      // The first publication dates the post; unpublishing and publishing again keeps that date.
      publishedAt: before?.publishedAt ?? (publishing ? new Date() : null),
    };
  }

  const withSlugRace = <T>(work: () => Promise<T>) => conflictOnUnique(ADMIN_MSG.blogSlugTaken, work);

  async function removeUnused(keys: (string | null | undefined)[]) {
    for (const key of await unusedMediaKeys(
      db,
      keys.filter((k): k is string => Boolean(k)),
    ))
      await storage.remove(key);
  }

  return {
    get,

    async list(q: AdminBlogsQuery) {
      const [rows, total, overallTotal] = await Promise.all([repo.findPosts(db, q), repo.countPosts(db, q), repo.countPosts(db, {})]);
      return { blogs: rows.map(toCard), pagination: pagination(q.page, q.limit, total), overallTotal };
    },

    async create(actor: Actor, input: BlogInputParsed): Promise<AdminBlog> {
      const id = await withSlugRace(() =>
        db.transaction(async (tx) => {
          const values = await columns(tx, input);
          const row = await repo.insertPost(tx, { ...values, authorId: actor.id });
          await repo.moveSlug(tx, row.id, null, row.slug);
          await recordAudit(tx, actor, { action: "blog.create", entityType: "blog_post", entityId: row.id, after: row });
          return row.id;
        }),
      );
      return get(id);
    },

    async update(actor: Actor, id: string, input: BlogInputParsed): Promise<AdminBlog> {
      const replaced = await withSlugRace(() =>
        db.transaction(async (tx) => {
          const before = await repo.lockPost(tx, id);
          if (!before) throw notFound(ADMIN_MSG.blogNotFound);
          const values = await columns(tx, input, before);
          const after = await repo.updatePost(tx, id, values);
          await repo.moveSlug(tx, id, before.slug, values.slug);
          await recordAudit(tx, actor, { action: "blog.update", entityType: "blog_post", entityId: id, before, after });
          return before.featuredImageKey !== values.featuredImageKey ? before.featuredImageKey : null;
        }),
      );
      await removeUnused([replaced]);
      return get(id);
    },

    /** Deletes the post, its redirects (cascade) and its featured image file when nothing else uses it. */
    async remove(actor: Actor, id: string): Promise<{ id: string }> {
      const key = await db.transaction(async (tx) => {
        const before = await repo.lockPost(tx, id);
        if (!before) throw notFound(ADMIN_MSG.blogNotFound);
        await repo.deletePost(tx, id);
        await recordAudit(tx, actor, { action: "blog.delete", entityType: "blog_post", entityId: id, before });
        return before.featuredImageKey;
      });
      await removeUnused([key]);
      return { id };
    },

    /**
     * One picture from the editor, checked by content (sharp must decode it) and re-encoded: the featured banner cut
     * to 1200 × 630, a picture inside the text at most 1600 px. Returns its key and URL; nothing points at it until a
     * post is saved with it.
     */
    async uploadImage(files: UploadedFile[], purpose: BlogImagePurpose): Promise<BlogImageUpload> {
      if (files.length !== 1) throw invalid(ADMIN_MSG.blogImageOne, [{ field: "file", message: ADMIN_MSG.blogImageOne }]);
      const img = await reencodeImage(files[0]!.data, FRAME[purpose]);
      const key = await storage.put(FOLDER[purpose], img.data, "webp");
      return { key, url: mediaUrl(key), width: img.width, height: img.height };
    },
  };
}
export type AdminBlogsService = ReturnType<typeof createAdminBlogsService>;

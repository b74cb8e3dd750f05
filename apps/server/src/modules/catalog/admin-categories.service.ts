import { and, asc, eq, ne, sql } from "drizzle-orm";
import { ADMIN_MSG, MSG, categoryInUse, slugify, type CategoryInput, type CategoryType } from "@khelkud/contracts";
import type { z } from "zod";
import type { CategoryInputSchema } from "@khelkud/contracts";
import type { Db, DbOrTx } from "../../db/client.js";
import { categories } from "../../db/schema/index.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { toCategoryDto } from "../catalog/catalog.service.js";
import { isUniqueViolation } from "./admin-lib.js";
import { recordAudit, type Actor } from "./audit.js";

type Input = z.output<typeof CategoryInputSchema>;
export type { CategoryInput };

// Written out: Drizzle renders bare column names inside a raw subquery.
const productCount = sql<number>`(SELECT count(*)::int FROM "products" p WHERE p."category_id" = "categories"."id")`;
const postCount = sql<number>`(SELECT count(*)::int FROM "blog_posts" b WHERE b."category_id" = "categories"."id")`;

async function usage(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ products: productCount, posts: postCount }).from(categories).where(eq(categories.id, id));
  return (row?.products ?? 0) + (row?.posts ?? 0);
}

export function createAdminCategoriesService(db: Db) {
  async function checkSlug(tx: DbOrTx, name: string, type: CategoryType, exceptId?: string): Promise<string> {
    const slug = slugify(name);
    if (!slug) throw invalid(ADMIN_MSG.slugEmpty, [{ field: "name", message: ADMIN_MSG.slugEmpty }]);
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.type, type), eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined))
      .limit(1);
    if (taken) throw conflict(ADMIN_MSG.categorySlugTaken);
    return slug;
  }

  async function guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ADMIN_MSG.categorySlugTaken);
      throw err;
    }
  }

  return {
    /** Every category of every status, with how many products and posts use it, and the count per tab. */
    async list(type?: CategoryType) {
      const rows = await db
        .select({ category: categories, productCount, postCount })
        .from(categories)
        .orderBy(asc(categories.type), asc(categories.sortOrder), asc(categories.name));
      const all = rows.map((r) => ({ ...toCategoryDto(r.category), productCount: r.productCount, postCount: r.postCount }));
      return {
        categories: type ? all.filter((c) => c.type === type) : all,
        counts: { PRODUCT: all.filter((c) => c.type === "PRODUCT").length, BLOG: all.filter((c) => c.type === "BLOG").length },
      };
    },

    async create(actor: Actor, input: Input) {
      return guard(() =>
        db.transaction(async (tx) => {
          const slug = await checkSlug(tx, input.name, input.type);
          const [row] = await tx.insert(categories).values({ ...input, slug }).returning();
          await recordAudit(tx, actor, { action: "category.create", entityType: "category", entityId: row!.id, after: row });
          return toCategoryDto(row!);
        }),
      );
    },

    async update(actor: Actor, id: string, input: Input) {
      return guard(() =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
          if (!before) throw notFound(MSG.categoryNotFound);
          if (before.type !== input.type) {
            const n = await usage(tx, id);
            if (n > 0) throw conflict(categoryInUse(n, before.type));
          }
          const slug = await checkSlug(tx, input.name, input.type, id);
          const [row] = await tx.update(categories).set({ ...input, slug }).where(eq(categories.id, id)).returning();
          await recordAudit(tx, actor, { action: "category.update", entityType: "category", entityId: id, before, after: row });
          return toCategoryDto(row!);
        }),
      );
    },

    /** Refused while products or posts still use the category (they must be moved first). */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
        if (!before) throw notFound(MSG.categoryNotFound);
        const n = await usage(tx, id);
        if (n > 0) throw conflict(categoryInUse(n, before.type));
        await tx.delete(categories).where(eq(categories.id, id));
        await recordAudit(tx, actor, { action: "category.delete", entityType: "category", entityId: id, before });
      });
    },
  };
}
export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;

import { ADMIN_MSG, MSG, categoryInUse, slugify, type CategoryInput, type CategoryInputSchema, type CategoryType } from "@khelkud/contracts";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { conflictOnUnique } from "../../lib/db-errors.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import { toCategoryDto } from "./catalog.service.js";
import * as repo from "./admin-categories.repository.js";

type Input = z.output<typeof CategoryInputSchema>;
export type { CategoryInput };

export function createAdminCategoriesService(db: Db) {
  async function checkSlug(tx: DbOrTx, name: string, type: CategoryType, exceptId?: string): Promise<string> {
    const slug = slugify(name);
    if (!slug) throw invalid(ADMIN_MSG.slugEmpty, [{ field: "name", message: ADMIN_MSG.slugEmpty }]);
    if (await repo.slugTaken(tx, type, slug, exceptId)) throw conflict(ADMIN_MSG.categorySlugTaken);
    return slug;
  }

  const guard = <T>(work: () => Promise<T>) => conflictOnUnique(ADMIN_MSG.categorySlugTaken, work);

  return {
    /** Every category of every status, with how many products and posts use it, and the count per tab. */
    async list(type?: CategoryType) {
      const rows = await repo.findAllWithUsage(db);
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
          const row = await repo.insertCategory(tx, { ...input, slug });
          await recordAudit(tx, actor, { action: "category.create", entityType: "category", entityId: row.id, after: row });
          return toCategoryDto(row);
        }),
      );
    },

    async update(actor: Actor, id: string, input: Input) {
      return guard(() =>
        db.transaction(async (tx) => {
          const before = await repo.lockCategory(tx, id);
          if (!before) throw notFound(MSG.categoryNotFound);
          // A category in use keeps its type and stays active (docs/decisions/181): an inactive category drops out of
          // the shop's filters and footer while its products stay on sale, so they are moved first, as for deleting.
          const change = before.type !== input.type ? "retype" : before.status === "ACTIVE" && input.status === "INACTIVE" ? "deactivate" : undefined;
          if (change) {
            const n = await repo.usage(tx, id);
            if (n > 0) throw conflict(categoryInUse(n, before.type, change));
          }
          const slug = await checkSlug(tx, input.name, input.type, id);
          const row = await repo.updateCategory(tx, id, { ...input, slug });
          await recordAudit(tx, actor, { action: "category.update", entityType: "category", entityId: id, before, after: row });
          return toCategoryDto(row);
        }),
      );
    },

    /** Refused while products or posts still use the category (they must be moved first). */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.lockCategory(tx, id);
        if (!before) throw notFound(MSG.categoryNotFound);
        const n = await repo.usage(tx, id);
        if (n > 0) throw conflict(categoryInUse(n, before.type, "delete"));
        await repo.deleteCategory(tx, id);
        await recordAudit(tx, actor, { action: "category.delete", entityType: "category", entityId: id, before });
      });
    },
  };
}
export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;

import { ADMIN_MSG, MAX_PRODUCT_IMAGES, MSG, slugify, type Player, type AdminProductsQuery, type ImageArrangementSchema, type Product, type ProductInputParsed } from "@khelkud/contracts";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import type { ProductRow } from "../../db/schema/index.js";
import { newId } from "../../db/ids.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { conflictOnUnique } from "../../lib/db-errors.js";
import { groupBy } from "../../lib/group-by.js";
import { reencodeImage, type UploadedFile } from "../../lib/images.js";
import { pagination } from "../../lib/paging.js";
import type { Storage } from "../../plugins/storage.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import { findImagesFor, findSizesFor } from "./catalog.repository.js";
import { toProductDto } from "./catalog.service.js";
import * as repo from "./admin-products.repository.js";

type Arrangement = z.output<typeof ImageArrangementSchema>;
type Row = { product: ProductRow; category: { id: string; name: string; slug: string; nameNe: string | null } | null };

/** What the audit log keeps of a product: its fields plus stock per size (images are logged by their own actions). */
async function snapshot(db: DbOrTx, id: string) {
  const p = await repo.findProduct(db, id);
  if (!p) return null;
  return { ...p, sizes: await repo.sizesOf(db, id) };
}

/** Storage keys among `keys` that no product image or blog post uses any more (safe to remove from disk). */
export function unusedMediaKeys(db: DbOrTx, keys: string[]): Promise<string[]> {
  return repo.unusedKeys(db, keys);
}

/** The team's players as the form sent them; a new player gets an id the shop's carts and orders can name. */
function playersWithIds(players: NonNullable<ProductInputParsed["printing"]>["players"]): Player[] {
  const seen = new Set<string>();
  return players.map((p) => {
    let id = p.id && !seen.has(p.id) ? p.id : newId().slice(-10);
    while (seen.has(id)) id = newId().slice(-10);
    seen.add(id);
    return { id, name: p.name, number: p.number };
  });
}

export function createAdminProductsService(db: Db, storage: Storage) {
  async function hydrate(rows: Row[]): Promise<Product[]> {
    const ids = rows.map((r) => r.product.id);
    const [sizes, images] = await Promise.all([findSizesFor(db, ids), findImagesFor(db, ids)]);
    const sizesBy = groupBy(sizes, (s) => s.productId);
    const imagesBy = groupBy(images, (i) => i.productId);
    return rows.map((r) => toProductDto(r.product, r.category?.id ? r.category : null, sizesBy.get(r.product.id) ?? [], imagesBy.get(r.product.id) ?? []));
  }

  async function get(id: string): Promise<Product> {
    const row = await repo.findProductRow(db, id);
    if (!row) throw notFound(MSG.productNotFound);
    return (await hydrate([row]))[0]!;
  }

  async function checkInput(tx: DbOrTx, input: ProductInputParsed, exceptId?: string, currentCategoryId?: string): Promise<string> {
    const slug = slugify(input.slug || input.name);
    if (!slug) throw invalid(ADMIN_MSG.slugEmpty, [{ field: "slug", message: ADMIN_MSG.slugEmpty }]);
    if (await repo.slugTakenByOther(tx, slug, exceptId)) throw conflict(ADMIN_MSG.slugTaken);
    const refused = await repo.productCategoryRefusal(tx, input.categoryId, currentCategoryId);
    if (refused === "missing") throw invalid(ADMIN_MSG.categoryMissing, [{ field: "categoryId", message: ADMIN_MSG.categoryMissing }]);
    if (refused === "inactive") throw invalid(ADMIN_MSG.categoryInactive, [{ field: "categoryId", message: ADMIN_MSG.categoryInactive }]);
    if (input.specificationsNe) {
      // A Nepali value is shown beside the English row of the same name (docs/decisions/132): one without that row
      // would be stored and never shown. The English table is the one sent, else the one kept.
      const english = input.specifications ?? (exceptId ? (await repo.findProductRow(tx, exceptId))?.product.specifications : undefined) ?? {};
      if (Object.keys(input.specificationsNe).some((name) => !Object.hasOwn(english, name))) {
        throw invalid(ADMIN_MSG.specificationNeWithoutEnglish, [{ field: "specificationsNe", message: ADMIN_MSG.specificationNeWithoutEnglish }]);
      }
    }
    return slug;
  }

  /**
   * An edit that sends a new English specification table and no Nepali one keeps the Nepali values of the rows that
   * are still there and drops those of rows the English table no longer has, which would be stored and never shown
   * (docs/decisions/132).
   */
  async function withoutOrphanNepaliSpecifications(tx: DbOrTx, id: string, input: ProductInputParsed): Promise<ProductInputParsed> {
    if (!input.specifications || input.specificationsNe) return input;
    const english = input.specifications;
    const kept = (await repo.findProductRow(tx, id))?.product.specificationsNe ?? {};
    const still = Object.fromEntries(Object.entries(kept).filter(([name]) => Object.hasOwn(english, name)));
    return Object.keys(still).length === Object.keys(kept).length ? input : { ...input, specificationsNe: still };
  }

  function columns(input: ProductInputParsed, slug: string) {
    return {
      name: input.name,
      slug,
      categoryId: input.categoryId,
      description: input.description,
      nameNe: input.nameNe,
      descriptionNe: input.descriptionNe,
      price: input.price,
      salePrice: input.salePrice,
      colors: input.colors,
      // A list the form does not send is kept as it is, like printing below.
      ...(input.features ? { features: input.features } : {}),
      ...(input.featuresNe ? { featuresNe: input.featuresNe } : {}),
      ...(input.specifications ? { specifications: input.specifications } : {}),
      ...(input.specificationsNe ? { specificationsNe: input.specificationsNe } : {}),
      brand: input.brand,
      team: input.team,
      ...(input.teamNe !== undefined ? { teamNe: input.teamNe } : {}),
      featured: input.featured,
      isNew: input.isNew,
      status: input.status,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      keywords: input.keywords,
      metaTags: input.metaTags,
      // Printing is left as it was when the form sends none (an older client never switches it off by omission).
      ...(input.printing
        ? {
            personalisable: input.printing.personalisable,
            printFee: input.printing.printFee,
            printScripts: input.printing.printScripts,
            players: playersWithIds(input.printing.players),
          }
        : {}),
    };
  }

  const withSlugRace = <T>(work: () => Promise<T>) => conflictOnUnique(ADMIN_MSG.slugTaken, work);

  /**
   * An edit's sizes with their stock as the administrator meant it (docs/decisions/191). A size sent with `stockWas` (the
   * stock the form was opened with) gets the administrator's change applied to its stock as it is now: an order placed
   * while the form was open keeps its units (12 → 9 sold, the form's 12 → 15 received: 12). A size without it, or new,
   * is set as sent. `lockProduct` has locked the sizes' rows already, so an order's reservation waits for this edit or
   * came before it.
   */
  async function stockAsItIsNow(tx: DbOrTx, id: string, sizes: ProductInputParsed["sizes"]): Promise<{ size: string; stock: number }[]> {
    const now = new Map((await repo.sizesOf(tx, id)).map((s) => [s.size, s.stock]));
    return sizes.map((s) => {
      const current = now.get(s.size);
      return { size: s.size, stock: s.stockWas === undefined || current === undefined ? s.stock : Math.max(0, current + s.stock - s.stockWas) };
    });
  }

  return {
    get,

    async list(q: AdminProductsQuery) {
      const [rows, counts] = await Promise.all([repo.findProducts(db, q), repo.countProducts(db, q)]);
      return { products: await hydrate(rows), pagination: pagination(q.page, q.limit, counts.matching), overallTotal: counts.all };
    },

    async create(actor: Actor, input: ProductInputParsed): Promise<Product> {
      const id = await withSlugRace(() =>
        db.transaction(async (tx) => {
          const slug = await checkInput(tx, input);
          const id = await repo.insertProduct(tx, columns(input, slug));
          await repo.replaceSizes(tx, id, input.sizes);
          await recordAudit(tx, actor, { action: "product.create", entityType: "product", entityId: id, after: await snapshot(tx, id) });
          return id;
        }),
      );
      return get(id);
    },

    /** Edits fields and stock; images are untouched (they have their own calls), so an edit never loses them. */
    async update(actor: Actor, id: string, input: ProductInputParsed): Promise<Product> {
      await withSlugRace(() =>
        db.transaction(async (tx) => {
          if (!(await repo.lockProduct(tx, id))) throw notFound(MSG.productNotFound);
          const before = await snapshot(tx, id);
          const slug = await checkInput(tx, input, id, before?.categoryId ?? undefined);
          await repo.updateProduct(tx, id, columns(await withoutOrphanNepaliSpecifications(tx, id, input), slug));
          await repo.replaceSizes(tx, id, await stockAsItIsNow(tx, id, input.sizes));
          await recordAudit(tx, actor, { action: "product.update", entityType: "product", entityId: id, before, after: await snapshot(tx, id) });
        }),
      );
      return get(id);
    },

    /** Changes `featured` and nothing else (docs/product-rules.md §14, §16: the old toggle wiped sale price, sizes and colours). */
    async setFeatured(actor: Actor, id: string, featured: boolean): Promise<Product> {
      await db.transaction(async (tx) => {
        const before = await repo.lockProduct(tx, id);
        if (!before) throw notFound(MSG.productNotFound);
        await repo.updateProduct(tx, id, { featured });
        await recordAudit(tx, actor, { action: "product.feature", entityType: "product", entityId: id, before: { featured: before.featured }, after: { featured } });
      });
      return get(id);
    },

    /** A product that appears in any order is archived (INACTIVE) so past orders keep their lines; others are deleted. */
    async remove(actor: Actor, id: string): Promise<{ archived: boolean }> {
      const result = await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, id))) throw notFound(MSG.productNotFound);
        const before = await snapshot(tx, id);
        if (await repo.appearsInOrders(tx, id)) {
          await repo.updateProduct(tx, id, { status: "INACTIVE" });
          await recordAudit(tx, actor, { action: "product.archive", entityType: "product", entityId: id, before, after: { status: "INACTIVE" } });
          return { archived: true, keys: [] as string[] };
        }
        const keys = (await repo.imagesOf(tx, id)).map((i) => i.key);
        await repo.deleteProduct(tx, id);
        await recordAudit(tx, actor, { action: "product.delete", entityType: "product", entityId: id, before });
        return { archived: false, keys };
      });
      for (const key of await repo.unusedKeys(db, result.keys)) await storage.remove(key);
      return { archived: result.archived };
    },

    async addImages(actor: Actor, id: string, files: UploadedFile[], altText: string, altTextNe = ""): Promise<Product> {
      if (!files.length) throw invalid(ADMIN_MSG.imagesRequired, [{ field: "files", message: ADMIN_MSG.imagesRequired }]);
      const existing = await repo.imagesOf(db, id);
      if (!(await repo.findProductRow(db, id))) throw notFound(MSG.productNotFound);
      if (existing.length + files.length > MAX_PRODUCT_IMAGES) throw invalid(ADMIN_MSG.tooManyImages);
      const stored: { key: string; width: number; height: number }[] = [];
      for (const f of files) {
        const img = await reencodeImage(f.data);
        stored.push({ key: await storage.put("products", img.data, "webp"), width: img.width, height: img.height });
      }
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, id))) throw notFound(MSG.productNotFound);
        const now = await repo.imagesOf(tx, id);
        if (now.length + stored.length > MAX_PRODUCT_IMAGES) throw invalid(ADMIN_MSG.tooManyImages);
        const hasPrimary = now.some((i) => i.isPrimary);
        const start = now.reduce((m, i) => Math.max(m, i.sortOrder + 1), 0);
        const rows = await repo.insertImages(
          tx,
          stored.map((s, i) => ({ productId: id, key: s.key, width: s.width, height: s.height, altText: altText.slice(0, 200), altTextNe: altTextNe.slice(0, 200), isPrimary: !hasPrimary && i === 0, sortOrder: start + i })),
        );
        await recordAudit(tx, actor, { action: "product.images.add", entityType: "product", entityId: id, after: rows });
      });
      return get(id);
    },

    /** Order, alt text and the one primary image, given as the full list of the product's images. */
    async arrangeImages(actor: Actor, id: string, arrangement: Arrangement): Promise<Product> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, id))) throw notFound(MSG.productNotFound);
        const current = await repo.imagesOf(tx, id);
        const ids = new Set(current.map((i) => i.id));
        const given = arrangement.images.map((i) => i.id);
        if (given.length !== ids.size || given.some((g) => !ids.has(g))) throw invalid(ADMIN_MSG.imagesListEach, [{ field: "images", message: ADMIN_MSG.imagesListEachField }]);
        if (!ids.has(arrangement.primaryId)) throw invalid(ADMIN_MSG.primaryNotOwn, [{ field: "primaryId", message: ADMIN_MSG.primaryNotOwnField }]);
        for (const [i, img] of arrangement.images.entries()) {
          await repo.updateImage(tx, img.id, { sortOrder: i, altText: img.altText, ...(img.altTextNe === undefined ? {} : { altTextNe: img.altTextNe }), isPrimary: img.id === arrangement.primaryId });
        }
        await recordAudit(tx, actor, {
          action: "product.images.arrange",
          entityType: "product",
          entityId: id,
          before: current.map((c) => ({ id: c.id, sortOrder: c.sortOrder, altText: c.altText, altTextNe: c.altTextNe, isPrimary: c.isPrimary })),
          after: arrangement,
        });
      });
      return get(id);
    },

    async deleteImage(actor: Actor, id: string, imageId: string): Promise<Product> {
      const key = await db.transaction(async (tx) => {
        if (!(await repo.lockProduct(tx, id))) throw notFound(MSG.productNotFound);
        const current = await repo.imagesOf(tx, id);
        const target = current.find((i) => i.id === imageId);
        if (!target) throw notFound(ADMIN_MSG.imageNotFound);
        await repo.deleteImage(tx, imageId);
        const next = current.find((i) => i.id !== imageId);
        if (target.isPrimary && next) await repo.updateImage(tx, next.id, { isPrimary: true });
        await recordAudit(tx, actor, { action: "product.images.delete", entityType: "product", entityId: id, before: { id: target.id, key: target.key, altText: target.altText } });
        return target.key;
      });
      for (const k of await repo.unusedKeys(db, [key])) await storage.remove(k);
      return get(id);
    },

    /** The debug page (docs/product-rules.md §14): every product, active or not, with id, slug, price, stock, images and category. */
    async debugList() {
      const rows = await repo.findProducts(db, { page: 1, limit: 5000, sortBy: "createdAt", sortOrder: "desc" });
      return (await hydrate(rows)).map((p) => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        status: p.status,
        price: p.price,
        salePrice: p.salePrice,
        stock: p.stock,
        sizes: p.sizes.map((s) => ({ size: s.size, stock: s.stock })),
        images: p.images.map((i) => i.url),
        category: p.category?.name ?? null,
      }));
    },
  };
}
export type AdminProductsService = ReturnType<typeof createAdminProductsService>;

import { eq } from "drizzle-orm";
import sharp, { type ResizeOptions } from "sharp";
import {
  ADMIN_MSG,
  MAX_PRODUCT_IMAGES,
  MSG,
  slugify,
  type AdminProductsQuery,
  type ImageArrangementSchema,
  type Product,
  type ProductInputParsed,
} from "@khelkud/contracts";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { productImages, products, type ProductRow } from "../../db/schema/index.js";
import { AppError, conflict, invalid, notFound } from "../../lib/errors.js";
import { groupBy } from "../../lib/group-by.js";
import type { Storage } from "../../plugins/storage.js";
import { findImagesFor, findSizesFor } from "../catalog/catalog.repository.js";
import { toProductDto } from "../catalog/catalog.service.js";
import { isUniqueViolation, pagination } from "./admin-lib.js";
import { recordAudit, type Actor } from "./audit.js";
import * as repo from "./products.repository.js";

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

type Arrangement = z.output<typeof ImageArrangementSchema>;
type Row = { product: ProductRow; category: { id: string; name: string; slug: string } | null };

/** What the audit log keeps of a product: its fields plus stock per size (images are logged by their own actions). */
async function snapshot(db: DbOrTx, id: string) {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) return null;
  return { ...p, sizes: await repo.sizesOf(db, id) };
}

/** Product pictures: at most 2000 px on the longer side, never enlarged. */
const PRODUCT_FRAME: ResizeOptions = { width: 2000, height: 2000, fit: "inside", withoutEnlargement: true };

/**
 * Reads and re-encodes an upload: the bytes must be an image sharp can decode (docs/product-rules.md §12), whatever the file is
 * called. The result is WebP in the given frame (product pictures by default; the blog passes its own).
 */
export async function reencodeImage(data: Buffer, frame: ResizeOptions = PRODUCT_FRAME): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const img = sharp(data, { limitInputPixels: 50_000_000, failOn: "error" });
    const meta = await img.metadata();
    if (!meta.format || !["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"].includes(meta.format)) throw new Error("format");
    const { data: out, info } = await img.rotate().resize(frame).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch {
    throw new AppError("unsupported_media", ADMIN_MSG.notAnImage);
  }
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

  async function checkInput(tx: DbOrTx, input: ProductInputParsed, exceptId?: string): Promise<string> {
    const slug = slugify(input.slug || input.name);
    if (!slug) throw invalid(ADMIN_MSG.slugEmpty, [{ field: "slug", message: ADMIN_MSG.slugEmpty }]);
    if (await repo.slugTakenByOther(tx, slug, exceptId)) throw conflict(ADMIN_MSG.slugTaken);
    if (!(await repo.productCategoryExists(tx, input.categoryId))) throw invalid(ADMIN_MSG.categoryMissing, [{ field: "categoryId", message: ADMIN_MSG.categoryMissing }]);
    return slug;
  }

  function columns(input: ProductInputParsed, slug: string) {
    return {
      name: input.name,
      slug,
      categoryId: input.categoryId,
      description: input.description,
      price: input.price,
      salePrice: input.salePrice,
      colors: input.colors,
      brand: input.brand,
      team: input.team,
      featured: input.featured,
      isNew: input.isNew,
      status: input.status,
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      keywords: input.keywords,
      metaTags: input.metaTags,
    };
  }

  async function withSlugRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ADMIN_MSG.slugTaken);
      throw err;
    }
  }

  return {
    get,

    async list(q: AdminProductsQuery) {
      const [rows, total, overallTotal] = await Promise.all([repo.findProducts(db, q), repo.countProducts(db, q), repo.countProducts(db, {})]);
      return { products: await hydrate(rows), pagination: pagination(q.page, q.limit, total), overallTotal };
    },

    async create(actor: Actor, input: ProductInputParsed): Promise<Product> {
      const id = await withSlugRace(() =>
        db.transaction(async (tx) => {
          const slug = await checkInput(tx, input);
          const [row] = await tx.insert(products).values(columns(input, slug)).returning({ id: products.id });
          await repo.replaceSizes(tx, row!.id, input.sizes);
          await recordAudit(tx, actor, { action: "product.create", entityType: "product", entityId: row!.id, after: await snapshot(tx, row!.id) });
          return row!.id;
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
          const slug = await checkInput(tx, input, id);
          await tx.update(products).set(columns(input, slug)).where(eq(products.id, id));
          await repo.replaceSizes(tx, id, input.sizes);
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
        await tx.update(products).set({ featured }).where(eq(products.id, id));
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
          await tx.update(products).set({ status: "INACTIVE" }).where(eq(products.id, id));
          await recordAudit(tx, actor, { action: "product.archive", entityType: "product", entityId: id, before, after: { status: "INACTIVE" } });
          return { archived: true, keys: [] as string[] };
        }
        const keys = (await repo.imagesOf(tx, id)).map((i) => i.key);
        await tx.delete(products).where(eq(products.id, id));
        await recordAudit(tx, actor, { action: "product.delete", entityType: "product", entityId: id, before });
        return { archived: false, keys };
      });
      for (const key of await repo.unusedKeys(db, result.keys)) await storage.remove(key);
      return { archived: result.archived };
    },

    async addImages(actor: Actor, id: string, files: UploadedFile[], altText: string): Promise<Product> {
      if (!files.length) throw invalid("Choose at least one image", [{ field: "files", message: "Choose at least one image" }]);
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
        const rows = await tx
          .insert(productImages)
          .values(stored.map((s, i) => ({ productId: id, key: s.key, width: s.width, height: s.height, altText: altText.slice(0, 200), isPrimary: !hasPrimary && i === 0, sortOrder: start + i })))
          .returning({ id: productImages.id, key: productImages.key });
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
        if (given.length !== ids.size || given.some((g) => !ids.has(g))) throw invalid("List every image of the product exactly once", [{ field: "images", message: "must list every image of the product exactly once" }]);
        if (!ids.has(arrangement.primaryId)) throw invalid("The primary image must be one of the product's images", [{ field: "primaryId", message: "is not an image of this product" }]);
        for (const [i, img] of arrangement.images.entries()) {
          await tx.update(productImages).set({ sortOrder: i, altText: img.altText, isPrimary: img.id === arrangement.primaryId }).where(eq(productImages.id, img.id));
        }
        await recordAudit(tx, actor, {
          action: "product.images.arrange",
          entityType: "product",
          entityId: id,
          before: current.map((c) => ({ id: c.id, sortOrder: c.sortOrder, altText: c.altText, isPrimary: c.isPrimary })),
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
        await tx.delete(productImages).where(eq(productImages.id, imageId));
        const next = current.find((i) => i.id !== imageId);
        if (target.isPrimary && next) await tx.update(productImages).set({ isPrimary: true }).where(eq(productImages.id, next.id));
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

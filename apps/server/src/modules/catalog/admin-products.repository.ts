import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import * as common from "../../db/common-queries.js";
import { blogPosts, categories, orderItems, productImages, products, productSizes, type ProductRow } from "../../db/schema/index.js";
import type { AdminProductsQuery } from "@khelkud/contracts";
import { containsPattern } from "../../lib/sql-text.js";
import { offsetOf } from "../../lib/paging.js";

const stockSql = sql<number>`(SELECT coalesce(sum(ps."stock"), 0)::int FROM "product_sizes" ps WHERE ps."product_id" = "products"."id")`;

function where(q: Pick<AdminProductsQuery, "q" | "categoryId" | "status">): SQL | undefined {
  const pattern = containsPattern(q.q);
  return and(
    pattern ? ilike(products.name, pattern) : undefined,
    q.categoryId ? eq(products.categoryId, q.categoryId) : undefined,
    q.status ? eq(products.status, q.status) : undefined,
  );
}

function orderBy(q: Pick<AdminProductsQuery, "sortBy" | "sortOrder">): SQL[] {
  const dir = q.sortOrder === "asc" ? asc : desc;
  const col = q.sortBy === "name" ? products.name : q.sortBy === "price" ? products.price : q.sortBy === "stock" ? stockSql : products.createdAt;
  return [dir(col), dir(products.id)];
}

export async function findProducts(db: DbOrTx, q: AdminProductsQuery) {
  return db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where(q))
    .orderBy(...orderBy(q))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
}

/** The active products of a category (`category`: its id, a value or a column), or of all, from the catalogue's kept counts (docs/decisions/133). */
export const activeProductsIn = (category?: SQL) =>
  sql<number>`(SELECT coalesce(sum(k."products"), 0) FROM "product_facet_counts" k ${category ? sql`WHERE k."category_id" = ${category}` : sql``})`;
/** The hidden products of a category, or of all, counted from the indexes that lead with the status (docs/decisions/162). */
export const hiddenProductsIn = (category?: SQL) => sql<number>`(SELECT count(*) FROM "products" h WHERE h."status" = 'INACTIVE' ${category ? sql`AND h."category_id" = ${category}` : sql``})`;

/**
 * How many products match the admin list's filters, and how many there are in all, in one statement. Without a search
 * the active ones come from the catalogue's kept counts (migration 0018, docs/decisions/162) and the hidden ones are
 * counted, from the indexes that lead with the status: a shop hides few of its products. A search counts what it finds.
 */
export async function countProducts(db: DbOrTx, q: Pick<AdminProductsQuery, "q" | "categoryId" | "status">): Promise<{ matching: number; all: number }> {
  const searched = containsPattern(q.q) ? sql`(SELECT count(*) FROM ${products} WHERE ${where(q)})` : sql`NULL`;
  // Without a category, the category's numbers are the numbers in all: asked once.
  const ofCategory = q.categoryId
    ? sql`${activeProductsIn(sql`${q.categoryId}`)} AS active, ${hiddenProductsIn(sql`${q.categoryId}`)} AS hidden`
    : sql`"allActive" AS active, "allHidden" AS hidden`;
  const [row] = await common.rawRows<{ searched: string | null; active: string; hidden: string; allActive: string; allHidden: string }>(
    db,
    sql`SELECT ${searched} AS searched, ${ofCategory}, "allActive", "allHidden" FROM (SELECT ${activeProductsIn()} AS "allActive", ${hiddenProductsIn()} AS "allHidden") every`,
  );
  if (!row) return { matching: 0, all: 0 };
  const all = Number(row.allActive) + Number(row.allHidden);
  if (row.searched !== null) return { matching: Number(row.searched), all };
  const matching = q.status === "ACTIVE" ? Number(row.active) : q.status === "INACTIVE" ? Number(row.hidden) : Number(row.active) + Number(row.hidden);
  return { matching, all };
}

export async function findProductRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/**
 * Locks a product for an admin change: its sizes first, in checkout's order (by code point, as `reserve` in orders.service.ts sorts them), then
 * the product. Checkout locks the sizes it takes and then, through order lines' foreign key, shares the product; an
 * admin change that locked the product first and then reached its sizes (an edit replacing them, or a rename or
 * archive through migration 0014's trigger) could wait on a checkout that waits on it: a deadlock (docs/decisions/125).
 */
export async function lockProduct(db: DbOrTx, id: string) {
  await db.select({ size: productSizes.size }).from(productSizes).where(eq(productSizes.productId, id)).orderBy(sql`${productSizes.size} COLLATE "C"`).for("update");
  const [row] = await db.select().from(products).where(eq(products.id, id)).for("update");
  return row;
}

export const slugTakenByOther = (db: DbOrTx, slug: string, exceptId?: string) => common.slugTakenByOther(db, "products", slug, exceptId);

export const productCategoryRefusal = (db: DbOrTx, id: string, currentId?: string) => common.categoryRefusal(db, id, "PRODUCT", currentId);

/** Sets the stock of each given size; sizes no longer listed are removed. */
export async function replaceSizes(db: DbOrTx, productId: string, sizes: { size: string; stock: number }[]) {
  await db.delete(productSizes).where(eq(productSizes.productId, productId));
  if (sizes.length) await db.insert(productSizes).values(sizes.map((s, i) => ({ productId, size: s.size, stock: s.stock, sortOrder: i })));
}

export async function sizesOf(db: DbOrTx, productId: string) {
  return db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, productId)).orderBy(asc(productSizes.sortOrder));
}

export async function imagesOf(db: DbOrTx, productId: string) {
  return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sortOrder), asc(productImages.createdAt));
}

export async function appearsInOrders(db: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, productId)).limit(1);
  return Boolean(row);
}

/** Storage keys among `keys` that no product image or blog post uses any more (safe to remove from disk). */
export async function unusedKeys(db: DbOrTx, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const [imgs, posts] = await Promise.all([
    db.select({ key: productImages.key }).from(productImages).where(inArray(productImages.key, keys)),
    db.select({ key: blogPosts.featuredImageKey }).from(blogPosts).where(inArray(blogPosts.featuredImageKey, keys)),
  ]);
  const used = new Set([...imgs.map((r) => r.key), ...posts.map((r) => r.key)]);
  return keys.filter((k) => !used.has(k));
}

export type ProductColumns = Omit<typeof products.$inferInsert, "id" | "createdAt" | "updatedAt">;

export async function findProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function insertProduct(db: DbOrTx, values: ProductColumns): Promise<string> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(db: DbOrTx, id: string, values: Partial<ProductColumns>): Promise<void> {
  await db.update(products).set(values).where(eq(products.id, id));
}

export async function deleteProduct(db: DbOrTx, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

export async function insertImages(db: DbOrTx, values: (typeof productImages.$inferInsert)[]) {
  return db.insert(productImages).values(values).returning({ id: productImages.id, key: productImages.key });
}

export async function updateImage(db: DbOrTx, imageId: string, values: { sortOrder?: number; altText?: string; altTextNe?: string; isPrimary?: boolean }): Promise<void> {
  await db.update(productImages).set(values).where(eq(productImages.id, imageId));
}

export async function deleteImage(db: DbOrTx, imageId: string): Promise<void> {
  await db.delete(productImages).where(eq(productImages.id, imageId));
}

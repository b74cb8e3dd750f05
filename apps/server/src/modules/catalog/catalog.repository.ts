import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { categories, productImages, productSizes, products } from "../../db/schema/index.js";

/** The price a shopper pays, in SQL (sale price only when lower). */
export const effectivePriceSql = sql<number>`CASE WHEN ${products.salePrice} IS NOT NULL AND ${products.salePrice} < ${products.price} THEN ${products.salePrice} ELSE ${products.price} END`;

export interface ProductFilter {
  categoryId?: string;
  featured?: boolean;
  isNew?: boolean;
  q?: string;
  brands?: string[];
  minPricePaisa?: number;
  maxPricePaisa?: number;
  includeInactive?: boolean;
}

export type ProductOrder = "newest" | "name" | "price-low" | "price-high" | "rating";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function productWhere(f: ProductFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (!f.includeInactive) conds.push(eq(products.status, "ACTIVE"));
  if (f.categoryId) conds.push(eq(products.categoryId, f.categoryId));
  if (f.featured !== undefined) conds.push(eq(products.featured, f.featured));
  if (f.isNew !== undefined) conds.push(eq(products.isNew, f.isNew));
  if (f.brands?.length) conds.push(inArray(sql`lower(${products.brand})`, f.brands.map((b) => b.toLowerCase())));
  if (f.minPricePaisa !== undefined) conds.push(sql`${effectivePriceSql} >= ${f.minPricePaisa}`);
  if (f.maxPricePaisa !== undefined) conds.push(sql`${effectivePriceSql} <= ${f.maxPricePaisa}`);
  const q = f.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conds.push(or(ilike(products.name, pattern), ilike(products.brand, pattern), ilike(products.team, pattern), ilike(products.description, pattern)));
  }
  return and(...conds);
}

function orderBy(order: ProductOrder): SQL[] {
  switch (order) {
    case "name":
      return [asc(products.name), asc(products.id)];
    case "price-low":
      return [asc(effectivePriceSql), asc(products.id)];
    case "price-high":
      return [desc(effectivePriceSql), asc(products.id)];
    case "rating":
      return [sql`${products.ratingAverage} DESC NULLS LAST`, desc(products.reviewCount), asc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
  }
}

export async function findProductRows(db: DbOrTx, filter: ProductFilter, order: ProductOrder, limit: number, offset: number) {
  return db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productWhere(filter))
    .orderBy(...orderBy(order))
    .limit(limit)
    .offset(offset);
}

export async function countProducts(db: DbOrTx, filter: ProductFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(productWhere(filter));
  return row?.n ?? 0;
}

export async function findProductRowBy(db: DbOrTx, by: { id?: string; slug?: string }, includeInactive = false) {
  const key = by.id !== undefined ? eq(products.id, by.id) : eq(products.slug, by.slug ?? "");
  const [row] = await db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(key, includeInactive ? undefined : eq(products.status, "ACTIVE")))
    .limit(1);
  return row;
}

export async function findSizesFor(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db.select().from(productSizes).where(inArray(productSizes.productId, productIds)).orderBy(asc(productSizes.sortOrder));
}

export async function findImagesFor(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db.select().from(productImages).where(inArray(productImages.productId, productIds)).orderBy(asc(productImages.sortOrder), asc(productImages.createdAt));
}

export async function findCategory(db: DbOrTx, type: "PRODUCT" | "BLOG", idOrSlug: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.type, type), or(eq(categories.id, idOrSlug), eq(categories.slug, idOrSlug))))
    .limit(1);
  return row;
}

export async function findCategoriesWithCounts(db: DbOrTx, type: "PRODUCT" | "BLOG" | undefined) {
  // Column references written out: Drizzle renders bare column names inside a raw subquery.
  const productCount = sql<number>`(SELECT count(*)::int FROM "products" p WHERE p."category_id" = "categories"."id" AND p."status" = 'ACTIVE')`;
  return db
    .select({ category: categories, productCount })
    .from(categories)
    .where(and(eq(categories.status, "ACTIVE"), type ? eq(categories.type, type) : undefined))
    .orderBy(asc(categories.type), asc(categories.sortOrder), asc(categories.name));
}

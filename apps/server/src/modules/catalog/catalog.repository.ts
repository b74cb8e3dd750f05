import { and, asc, count, desc, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { categories, productImages, productSizes, products } from "../../db/schema/index.js";
import { escapeLike } from "./search-terms.js";

/** The price a shopper pays, in SQL (sale price only when lower). */
export const effectivePriceSql = sql<number>`CASE WHEN ${products.salePrice} IS NOT NULL AND ${products.salePrice} < ${products.price} THEN ${products.salePrice} ELSE ${products.price} END`;

/** A resolved search: tokens (each with the product categories whose name it matches) and how they combine. */
export interface ProductSearch {
  tokens: { text: string; categoryIds: string[] }[];
  /** "all": every token must match (tried first); "any": at least one (the fallback when "all" finds nothing). */
  mode: "all" | "any";
  phrase: string;
}

export interface ProductFilter {
  categoryId?: string;
  featured?: boolean;
  isNew?: boolean;
  search?: ProductSearch;
  brands?: string[];
  minPricePaisa?: number;
  maxPricePaisa?: number;
  includeInactive?: boolean;
  excludeIds?: string[];
}

export type SortKey = "relevance" | "createdAt" | "price" | "name" | "rating";
export interface ProductOrder {
  key: SortKey;
  dir: "asc" | "desc";
}

// These expressions are the ones indexed in migrations/0002_search.sql; keep them identical.
/** Everything a shopper may search by, lower-cased: name, brand, team, description. */
export const searchDocumentSql = sql`lower(${products.name} || ' ' || ${products.brand} || ' ' || coalesce(${products.team}, '') || ' ' || ${products.description})`;
/** The same text as an English full-text vector (stemming: "shorts" finds "short"). */
export const searchVectorSql = sql`to_tsvector('english'::regconfig, ${products.name} || ' ' || ${products.brand} || ' ' || coalesce(${products.team}, '') || ' ' || ${products.description})`;
/** The short, most telling part: near spellings are matched and ranked against it. */
export const searchTitleSql = sql`lower(${products.name} || ' ' || ${products.brand} || ' ' || coalesce(${products.team}, ''))`;

/** One token matches as a substring of any field, by category name, as a near spelling of a word in the title (pg_trgm word similarity), or as an English word. */
function tokenMatch(token: ProductSearch["tokens"][number]): SQL {
  // Cheapest test first: OR stops at the first arm that holds, and rows are rechecked after the index scans.
  const arms: SQL[] = [sql`${searchDocumentSql} LIKE ${`%${escapeLike(token.text)}%`}`];
  if (token.categoryIds.length) arms.push(inArray(products.categoryId, token.categoryIds));
  // Trigrams of one or two letters match nearly everything; short tokens are matched as substrings only.
  if ([...token.text].length >= 3) arms.push(sql`${token.text} <% ${searchTitleSql}`);
  arms.push(sql`${searchVectorSql} @@ plainto_tsquery('english', ${token.text})`);
  return sql`(${sql.join(arms, sql` OR `)})`;
}

function searchWhere(search: ProductSearch): SQL | undefined {
  if (search.tokens.length === 0) return undefined;
  const parts = search.tokens.map(tokenMatch);
  return search.mode === "all" ? and(...parts) : or(...parts);
}

/**
 * Relevance: the whole phrase in the title, each word in the title, then (when the match set is small enough)
 * near-spelling of the title and full-text rank; in "any" mode, how many words matched counts most.
 */
function relevanceSql(search: ProductSearch, cheap: boolean): SQL {
  const inTitle = (text: string) => sql`(CASE WHEN ${searchTitleSql} LIKE ${`%${escapeLike(text)}%`} THEN 1 ELSE 0 END)`;
  const parts = [sql`2 * ${inTitle(search.phrase)}`, ...search.tokens.map((t) => inTitle(t.text))];
  if (!cheap) {
    const tsquery = sql.join(
      search.tokens.map((t) => sql`plainto_tsquery('english', ${t.text})`),
      sql` || `,
    );
    parts.push(sql`word_similarity(${search.phrase}, ${searchTitleSql})`);
    parts.push(sql`ts_rank(to_tsvector('english'::regconfig, ${products.name} || ' ' || coalesce(${products.team}, '') || ' ' || ${products.brand}), ${tsquery})`);
    if (search.mode === "any") parts.push(...search.tokens.map((t) => sql`(CASE WHEN ${tokenMatch(t)} THEN 3 ELSE 0 END)`));
  }
  return sql`(${sql.join(parts, sql` + `)})`;
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
  if (f.excludeIds?.length) conds.push(notInArray(products.id, f.excludeIds));
  if (f.search) conds.push(searchWhere(f.search));
  return and(...conds);
}

function orderBy(order: ProductOrder, search: ProductSearch | undefined, cheap = false): SQL[] {
  const asc_ = order.dir === "asc";
  switch (order.key) {
    case "relevance":
      if (!search || search.tokens.length === 0) return [desc(products.createdAt), desc(products.id)];
      return [sql`${relevanceSql(search, cheap)} DESC`, desc(products.createdAt), asc(products.id)];
    case "name":
      return [asc_ ? asc(products.name) : desc(products.name), asc(products.id)];
    case "price":
      return [asc_ ? asc(effectivePriceSql) : desc(effectivePriceSql), asc(products.id)];
    case "rating":
      return [sql`${products.ratingAverage} ${asc_ ? sql`ASC` : sql`DESC`} NULLS LAST`, desc(products.reviewCount), asc(products.id)];
    case "createdAt":
      return asc_ ? [asc(products.createdAt), asc(products.id)] : [desc(products.createdAt), desc(products.id)];
  }
}

/**
 * Above this many matches, relevance uses substring tests only: trigram similarity and full-text rank cost
 * tens of microseconds a row, too much to rank a whole catalogue for one broad word.
 */
export const FULL_RANKING_LIMIT = 5000;

export async function findProductRows(db: DbOrTx, filter: ProductFilter, order: ProductOrder, limit: number, offset: number, matches = 0) {
  return db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productWhere(filter))
    .orderBy(...orderBy(order, filter.search, matches > FULL_RANKING_LIMIT))
    .limit(limit)
    .offset(offset);
}

export async function countProducts(db: DbOrTx, filter: ProductFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(productWhere(filter));
  return row?.n ?? 0;
}

/** Brand counts for a filter (the caller leaves out the brand selection itself). */
export async function countByBrand(db: DbOrTx, filter: ProductFilter) {
  return db
    .select({ name: products.brand, count: count() })
    .from(products)
    .where(productWhere(filter))
    .groupBy(products.brand)
    .orderBy(desc(count()), asc(products.brand));
}

/** Category counts for a filter (the caller leaves out the category selection itself). */
export async function countByCategory(db: DbOrTx, filter: ProductFilter) {
  return db.select({ categoryId: products.categoryId, count: count() }).from(products).where(productWhere(filter)).groupBy(products.categoryId);
}

/** Product categories whose name matches a token as a substring or a near spelling. */
export async function findCategoryIdsMatching(db: DbOrTx, token: string): Promise<string[]> {
  const name = sql`lower(${categories.name})`;
  const arms = [sql`${name} LIKE ${`%${escapeLike(token)}%`}`];
  if ([...token].length >= 3) arms.push(sql`${token} <% ${name}`);
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.type, "PRODUCT"), eq(categories.status, "ACTIVE"), sql`(${sql.join(arms, sql` OR `)})`));
  return rows.map((r) => r.id);
}

/** Random picks for "You May Also Like". */
export async function findRandomProductRows(db: DbOrTx, filter: ProductFilter, limit: number) {
  return db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productWhere(filter))
    .orderBy(sql`random()`)
    .limit(limit);
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

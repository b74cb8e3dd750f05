import { and, asc, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { createHash } from "node:crypto";
import { keepsNamedStatements, type DbOrTx } from "../../db/client.js";
import { categories, productImages, productSizes, products } from "../../db/schema/index.js";
import { rawRows } from "../../db/common-queries.js";
import { escapeLike } from "../../lib/sql-text.js";

/** The price a shopper pays, in SQL (sale price only when lower). */
export const effectivePriceSql = sql<number>`CASE WHEN ${products.salePrice} IS NOT NULL AND ${products.salePrice} < ${products.price} THEN ${products.salePrice} ELSE ${products.price} END`;

/**
 * A resolved search (docs/decisions/020-search.md): each query token with the catalogue words it stands for,
 * split by how well they match (exactly, as a prefix, within the typos allowed), and the product categories whose
 * name holds one of them. Every token must match a product: by one of those words anywhere in its text (title or
 * description), or by its category.
 */
export interface SearchToken {
  text: string;
  exact: string[];
  prefix: string[];
  typo: string[];
  categoryIds: string[];
}
export interface ProductSearch {
  tokens: SearchToken[];
  /** The best word for each token, in order: a title holding them side by side ranks first. */
  phrase: string[];
  /** What the shopper typed, for "Did you mean" (which writes a word back in the letters it was typed in); never in SQL. */
  typed?: string;
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

// Generated columns of migrations/0007_search_vocabulary.sql, kept out of the Drizzle schema (no row type carries them).
/** The title's words (name, brand, team), lower-cased and folded: what relevance ranks by. */
export const searchWordsSql = sql`"products"."search_words"`;
/** Every word a product can be found by: the title's and the description's. */
export const searchTextWordsSql = sql`"products"."search_text_words"`;

/**
 * How a value enters a statement. By default as a bound parameter of a statement built for its request; a ranked
 * search binds named placeholders instead (`placeholderBinder`), so that its statement is built once per shape and
 * then run with each request's values (decision 136). A name always stands for the same value within one statement.
 */
export type Bind = (name: string, value: unknown) => SQLWrapper;
const asParam: Bind = (_name, value) => sql.param(value);

/** Words as one bound array parameter: the statement stays short and its text the same whatever the words (less to parse and plan). */
const textArray = (words: string[], bind: Bind = asParam, name = "words") => sql`${bind(name, words)}::text[]`;

/** A product in one of these categories, the ids bound as one array (the statement's text does not depend on how many). */
const inCategories = (ids: string[], bind: Bind, name: string) => sql`${products.categoryId} = ANY(${textArray(ids, bind, name)})`;

/** One token matches by a word it stands for anywhere in the text (the token itself included: a description-only word), or by category. */
function tokenMatch(token: SearchToken, i: number, bind: Bind): SQL {
  const words = [...new Set([token.text, ...token.exact, ...token.prefix, ...token.typo])];
  const arms: SQL[] = [sql`${searchTextWordsSql} && ${textArray(words, bind, `t${i}_words`)}`];
  if (token.categoryIds.length) arms.push(inCategories(token.categoryIds, bind, `t${i}_categories`));
  return arms.length === 1 ? arms[0]! : sql`(${sql.join(arms, sql` OR `)})`;
}

function searchWhere(search: ProductSearch, bind: Bind): SQL | undefined {
  if (search.tokens.length === 0) return undefined;
  return and(...search.tokens.map((t, i) => tokenMatch(t, i, bind)));
}

/**
 * Relevance: per token, a title word matched exactly (8) beats a prefix (6), a typo (4), the category (2) and
 * the text alone (1); the corrected phrase standing whole in the title adds 5. Ties: the shorter title, then the newest.
 */
function relevanceSql(search: ProductSearch, bind: Bind): SQL {
  // Every tier is written even when it has no words (an empty array matches nothing), so the statement's text
  // depends only on the number of words typed and searches share fewer statements (decision 124).
  const parts = search.tokens.map(
    (t, i) => sql`(CASE WHEN ${searchWordsSql} && ${textArray(t.exact, bind, `t${i}_exact`)} THEN 8 WHEN ${searchWordsSql} && ${textArray(t.prefix, bind, `t${i}_prefix`)} THEN 6
      WHEN ${searchWordsSql} && ${textArray(t.typo, bind, `t${i}_typo`)} THEN 4 WHEN ${inCategories(t.categoryIds, bind, `t${i}_categories`)} THEN 2 ELSE 1 END)`,
  );
  if (search.phrase.length > 1) {
    parts.push(sql`(CASE WHEN ' ' || array_to_string(${searchWordsSql}, ' ') || ' ' LIKE ${bind("phrase", `% ${escapeLike(search.phrase.join(" "))} %`)} THEN 5 ELSE 0 END)`);
  }
  return sql`(${sql.join(parts, sql` + `)})`;
}

/**
 * The conditions of a filter. Every condition that changes the statement's text binds a value of its own name, so
 * the names a statement binds, in order, tell its text apart from any other's (`rankedSearch` keeps statements by them).
 */
export function productWhere(f: ProductFilter, bind: Bind = asParam): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (!f.includeInactive) conds.push(sql`${products.status} = ${bind("active", "ACTIVE")}`);
  if (f.categoryId) conds.push(sql`${products.categoryId} = ${bind("category", f.categoryId)}`);
  if (f.featured !== undefined) conds.push(sql`${products.featured} = ${bind("featured", f.featured)}`);
  if (f.isNew !== undefined) conds.push(sql`${products.isNew} = ${bind("isNew", f.isNew)}`);
  // One brand is an equality, so that a category's pages of one brand walk an index of the category, brand and order
  // (docs/decisions/133: PostgreSQL 15 does not keep an index's order under `= ANY` on a column before the order's);
  // several are one array parameter, whatever their number, so a search's statement text varies only between the two.
  if (f.brands?.length === 1) conds.push(sql`lower(${products.brand}) = ${bind("brand", f.brands[0]!.toLowerCase())}`);
  else if (f.brands?.length) conds.push(sql`lower(${products.brand}) = ANY(${textArray(f.brands.map((b) => b.toLowerCase()), bind, "brands")})`);
  if (f.minPricePaisa !== undefined) conds.push(sql`${effectivePriceSql} >= ${bind("minPrice", f.minPricePaisa)}`);
  if (f.maxPricePaisa !== undefined) conds.push(sql`${effectivePriceSql} <= ${bind("maxPrice", f.maxPricePaisa)}`);
  if (f.excludeIds?.length) conds.push(sql`NOT (${products.id} = ANY(${textArray(f.excludeIds, bind, "exclude")}))`);
  if (f.search) conds.push(searchWhere(f.search, bind));
  return and(...conds);
}

function orderBy(order: ProductOrder, search: ProductSearch | undefined, bind: Bind = asParam): SQL[] {
  const asc_ = order.dir === "asc";
  switch (order.key) {
    case "relevance":
      if (!search || search.tokens.length === 0) return [desc(products.createdAt), desc(products.id)];
      return [sql`${relevanceSql(search, bind)} DESC`, sql`cardinality(${searchWordsSql})`, desc(products.createdAt), asc(products.id)];
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

export async function findProductRows(db: DbOrTx, filter: ProductFilter, order: ProductOrder, limit: number, offset: number) {
  return db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe } })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productWhere(filter))
    .orderBy(...orderBy(order, filter.search))
    .limit(limit)
    .offset(offset);
}

/**
 * A search ranks and counts at most this many hits, as the search engines do (Meilisearch's maxTotalHits):
 * ranking every match of a word the whole catalogue holds ("jersey") would read every row, which no index avoids.
 */
export const MAX_SEARCH_HITS = 1000;

/**
 * Products whose title holds, for every word typed, the best words it stands for (the top relevance tier). A title
 * word is also a text word, so this implies every token's match (`tokenMatch`) and replaces it.
 */
function bestTierSql(search: ProductSearch, bind: Bind): SQL | undefined {
  const conds = search.tokens.flatMap((t, i) => {
    const best = t.exact.length + t.prefix.length ? [...t.exact, ...t.prefix] : t.typo;
    return best.length ? [sql`${searchWordsSql} && ${textArray(best, bind, `t${i}_best`)}`] : [];
  });
  return conds.length ? and(...conds) : undefined;
}

type SizeJson = typeof productSizes.$inferSelect;
type ImageJson = Omit<typeof productImages.$inferSelect, "createdAt"> & { createdAt: string };

/** A product's sizes as one JSON array, in their order (a column of a query on products). */
const sizesJsonSql = sql<SizeJson[]>`coalesce((SELECT json_agg(json_build_object('productId', s.product_id, 'size', s.size, 'stock', s.stock, 'sortOrder', s.sort_order) ORDER BY s.sort_order) FROM ${productSizes} s WHERE s.product_id = ${products.id}), '[]'::json)`;
/** A product's images as one JSON array, in their order (a column of a query on products). */
const imagesJsonSql = sql<ImageJson[]>`coalesce((SELECT json_agg(json_build_object('id', i.id, 'productId', i.product_id, 'key', i.key, 'altText', i.alt_text, 'altTextNe', i.alt_text_ne, 'isPrimary', i.is_primary, 'sortOrder', i.sort_order, 'width', i.width, 'height', i.height, 'createdAt', i.created_at) ORDER BY i.sort_order, i.created_at) FROM ${productImages} i WHERE i.product_id = ${products.id}), '[]'::json)`;
const withImageDates = (images: ImageJson[]) => images.map((i) => ({ ...i, createdAt: new Date(i.createdAt) }));

/**
 * A page of a search in relevance order with the number of hits (at most MAX_SEARCH_HITS): the hits' ids ranked, as
 * a subquery `ranked` (id, score, words, created_at, total) to join the page's rows to. The hits are up to
 * MAX_SEARCH_HITS matches of the top tier, then as many matches of the other tiers as the cap leaves, each taken in
 * index order without sorting (so a broad word costs what a narrow one does); they are ranked on narrow rows (id,
 * date, score), and only the page's rows are read.
 * Each matching row is read once: the top tier's scan reads the title index alone, and the other tiers' scan leaves
 * out the top tier's rows instead of reading them again (decision 124).
 * Every value is a named placeholder: `key` (the row shape and the names bound, in order) tells this statement's
 * text apart from any other's, and `values` are this request's (decision 136).
 */
function rankedSearch(filter: ProductFilter, limit: number, offset: number, rowShape: "full" | "summary") {
  const { bind, names, values } = placeholderBinder();
  const search = filter.search!;
  const where = productWhere(filter, bind);
  const best = bestTierSql(search, bind);
  const pick = (cond: SQL | undefined, cap: SQL) =>
    sql`SELECT ${products.id} AS id, ${products.createdAt} AS created_at, ${relevanceSql(search, bind)} AS score, cardinality(${searchWordsSql}) AS words
      FROM ${products} WHERE ${cond} LIMIT ${cap}`;
  const cap = sql`${MAX_SEARCH_HITS}::int`;
  // When the top tier alone fills the cap, the other tiers could only rank below it: their scan gets a limit of 0
  // and reads nothing (decision 097), which halves the work of a broad word ("jersey" at 100,000 products).
  const hits = best
    ? sql`best AS MATERIALIZED (${pick(and(productWhere({ ...filter, search: undefined }, bind), best), cap)}),
      rest AS (${pick(and(where, sql`(${best}) IS NOT TRUE`), sql`(SELECT ${cap} - count(*) FROM best)`)}),
      hits AS (SELECT * FROM best UNION ALL SELECT * FROM rest)`
    : sql`hits AS (${pick(where, cap)})`;
  const ranked = sql`(
    WITH ${hits}
    SELECT id, score, words, created_at, (SELECT count(*) FROM hits)::int AS total FROM hits
    ORDER BY score DESC, words, created_at DESC, id LIMIT ${bind("limit", limit)} OFFSET ${bind("offset", offset)}) AS ranked`;
  return {
    ranked,
    total: sql<number>`ranked.total`.mapWith(Number),
    order: sql`ranked.score DESC, ranked.words, ranked.created_at DESC, ranked.id`,
    key: `${rowShape}|${names.join(",")}`,
    values,
  };
}
const cappedTotal = (rows: { total: number }[]) => (rows[0] ? Math.min(rows[0].total, MAX_SEARCH_HITS) : undefined);

/** A binder of named placeholders that records the names bound, in order, and their values. */
function placeholderBinder() {
  const names: string[] = [];
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    names.push(name);
    values[name] = value;
    return sql.placeholder(name);
  };
  return { bind, names, values };
}

/** A page of a ranked search as full rows with their sizes and images (the storefront's pages make cards, with quick view, of them), in one query. */
export async function findRankedSearchRows(db: DbOrTx, filter: ProductFilter, limit: number, offset: number) {
  const { ranked, total, order, key, values } = rankedSearch(filter, limit, offset, "full");
  const build = () =>
    db
      .select({
        product: products,
        category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe },
        total,
        sizes: sizesJsonSql,
        images: imagesJsonSql,
      })
      .from(products)
      .innerJoin(ranked, sql`ranked.id = ${products.id}`)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(order);
  const rows = await runSearchStatement(db, key, build, values);
  return { rows: rows.map((r) => ({ ...r, images: withImageDates(r.images) })), total: cappedTotal(rows) };
}

/**
 * A page of a ranked search as a list shows it (`summaryColumns`: the stock of all sizes and the main picture, not
 * every size and picture), in one query: the search API's answers and the suggestions (decision 136).
 */
export async function findRankedSearchSummaryRows(db: DbOrTx, filter: ProductFilter, limit: number, offset: number) {
  const search = rankedSearch(filter, limit, offset, "summary");
  const rows = await runSearchStatement(db, search.key, () => rankedSummaryQuery(db, search), search.values);
  return { rows, total: cappedTotal(rows) };
}

/** The summary columns of a ranked search's page, in its order. */
function rankedSummaryQuery(db: DbOrTx, { ranked, total, order }: ReturnType<typeof rankedSearch>) {
  return db
    .select({ ...summaryColumns, total })
    .from(products)
    .innerJoin(ranked, sql`ranked.id = ${products.id}`)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(order);
}

/** A ranked search's key and statement text, for the test that no two texts share a key (`search-keys.test.ts`). */
export function rankedSearchKeyAndText(db: DbOrTx, filter: ProductFilter, limit: number, offset: number) {
  const search = rankedSearch(filter, limit, offset, "summary");
  return { key: search.key, text: rankedSummaryQuery(db, search).toSQL().sql };
}

/**
 * A ranked search's statement is built once per shape — what its text depends on: the row shape, the number of words
 * typed, which of them have a top tier or a category, the filters — and kept, with every value a placeholder, so
 * that a request only fills in its values: building it with Drizzle cost the app more than a product read's whole
 * CPU (decision 136). On PostgreSQL it is also prepared under a name made from a hash of its key, once per
 * connection, and its plan kept: planning was half of the database's time for a narrow search (decision 124). A kept
 * statement with its plan costs the connection about 200 kB, so at most SEARCH_STATEMENTS_MAX shapes are named per
 * process, the first ones seen; the others are kept built but unnamed (planned every time, as before). The built
 * statements themselves (a Drizzle query object each) are kept up to KEPT_STATEMENTS_MAX per database, and all
 * dropped when that is reached, so shapes a client makes up cannot grow the process.
 */
const SEARCH_STATEMENTS_MAX = 32;
const KEPT_STATEMENTS_MAX = 256;
/** Each kept shape's statement name; null: the driver refused the name, so the shape runs unnamed. */
const searchStatementNames = new Map<string, string | null>();
type KeptStatement<T> = { execute(values: Record<string, unknown>): Promise<T> };
const keptSearchStatements = new WeakMap<DbOrTx, Map<string, KeptStatement<unknown>>>();

/** The name a kept search statement is prepared under on PostgreSQL. */
export const searchStatementName = (key: string) => `catalog_search_${createHash("sha1").update(key).digest("hex").slice(0, 20)}`;

/**
 * Runs a ranked search's statement with a request's values: the one kept for its key, built (by `build`) the first
 * time the key is seen. PostgreSQL's driver refuses a name already used on the connection for another text (which
 * the key should make impossible): the query then runs unnamed, and that key is never named again — a refused name
 * costs planning, never a wrong answer.
 */
export async function runSearchStatement<T>(
  db: DbOrTx,
  key: string,
  build: () => { prepare(name: string): KeptStatement<T> },
  values: Record<string, unknown>,
  named = keepsNamedStatements(db),
): Promise<T> {
  const unnamed = () => build().prepare("").execute(values);
  let kept = keptSearchStatements.get(db);
  if (!kept) keptSearchStatements.set(db, (kept = new Map()));
  let statement = kept.get(key) as KeptStatement<T> | undefined;
  if (!statement) {
    let name = searchStatementNames.get(key);
    if (name === undefined && named && searchStatementNames.size < SEARCH_STATEMENTS_MAX) searchStatementNames.set(key, (name = searchStatementName(key)));
    // Unnamed on PGlite (it ignores names), past the named shapes, or when the driver refused the name (null).
    statement = build().prepare(named && name ? name : "");
    if (kept.size >= KEPT_STATEMENTS_MAX) kept.clear();
    kept.set(key, statement);
  }
  try {
    return await statement.execute(values);
  } catch (error) {
    // Drizzle wraps the driver's error (DrizzleQueryError, "Failed query: …"); the driver's own message is its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (!(cause instanceof Error && cause.message.startsWith("Prepared statements must be unique"))) throw error;
    searchStatementNames.set(key, null);
    kept.delete(key);
    return unnamed();
  }
}

/**
 * Matches of a filter, counted up to `cap` (a search never counts further than it ranks). Like a ranked search, its
 * statement is kept per shape with every value a placeholder (`runSearchStatement`): "Did you mean" counts one match
 * of its suggestion for every search that finds nothing.
 */
export async function countProductsUpTo(db: DbOrTx, filter: ProductFilter, cap: number): Promise<number> {
  const { bind, names, values } = placeholderBinder();
  const where = productWhere(filter, bind);
  const limit = bind("cap", cap) as ReturnType<typeof sql.placeholder>;
  const build = () => db.select({ n: count() }).from(db.select({ one: sql`1` }).from(products).where(where).limit(limit).as("hits"));
  // "Did you mean" asks for one match, a sorted search for up to MAX_SEARCH_HITS: their plans differ, so do their keys.
  const [row] = await runSearchStatement(db, `count${cap === 1 ? "1" : "N"}|${names.join(",")}`, build, values);
  return row?.n ?? 0;
}

/**
 * Which kept counts answer a filter's counts, if any. Counting from the products table reads every product the filter
 * matches (25,000 index entries for a category at 100,000 products); the kept counts cost their own rows:
 * - `product_facet_counts` (migration 0018, docs/decisions/133): active products per category and brand, for a filter
 *   of category and brands only — one row per category and brand;
 * - `product_filter_counts` (migration 0020, docs/decisions/138): the same per price as a shopper pays it, featured
 *   and new, for a filter that also has a price range, featured or new — one row per distinct price a category has of
 *   a brand.
 * A search, inactive products and left-out ids are counted from the products.
 */
function keptCountsOf(f: ProductFilter): "product_facet_counts" | "product_filter_counts" | undefined {
  if (f.includeInactive || f.search !== undefined || f.excludeIds?.length) return undefined;
  const finer = f.featured !== undefined || f.isNew !== undefined || f.minPricePaisa !== undefined || f.maxPricePaisa !== undefined;
  return finer ? "product_filter_counts" : "product_facet_counts";
}

export function countsAreKept(f: ProductFilter): boolean {
  return keptCountsOf(f) !== undefined;
}

/** The kept counts' table and rows of a filter that `countsAreKept` answers ('' is the key of products without a category). */
function keptCounts(f: ProductFilter): { table: SQL; where: SQL } {
  const conds: SQL[] = [sql`true`];
  if (f.categoryId) conds.push(sql`category_id = ${f.categoryId}`);
  if (f.brands?.length) conds.push(sql`lower(brand) = ANY(${textArray(f.brands.map((b) => b.toLowerCase()))})`);
  if (f.featured !== undefined) conds.push(sql`featured = ${f.featured}`);
  if (f.isNew !== undefined) conds.push(sql`is_new = ${f.isNew}`);
  if (f.minPricePaisa !== undefined) conds.push(sql`price >= ${f.minPricePaisa}`);
  if (f.maxPricePaisa !== undefined) conds.push(sql`price <= ${f.maxPricePaisa}`);
  return { table: sql`${sql.identifier(keptCountsOf(f) ?? "product_facet_counts")}`, where: sql.join(conds, sql` AND `) };
}

export async function countProducts(db: DbOrTx, filter: ProductFilter): Promise<number> {
  if (countsAreKept(filter)) {
    const { table, where } = keptCounts(filter);
    const [row] = await rawRows<{ n: number }>(db, sql`SELECT coalesce(sum(products), 0)::int AS n FROM ${table} WHERE ${where}`);
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: count() }).from(products).where(productWhere(filter));
  return row?.n ?? 0;
}

/** Brand counts for a filter (the caller leaves out the brand selection itself), most products first, then by name. */
export async function countByBrand(db: DbOrTx, filter: ProductFilter): Promise<{ name: string; count: number }[]> {
  if (countsAreKept(filter)) {
    const { table, where } = keptCounts(filter);
    const rows = await rawRows<{ name: string; count: number }>(
      db,
      sql`SELECT brand AS name, sum(products)::int AS count FROM ${table} WHERE ${where}
        GROUP BY brand HAVING sum(products) > 0 ORDER BY sum(products) DESC, brand ASC`,
    );
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  }
  return db
    .select({ name: products.brand, count: count() })
    .from(products)
    .where(productWhere(filter))
    .groupBy(products.brand)
    .orderBy(desc(count()), asc(products.brand));
}

/** Category counts for a filter (the caller leaves out the category selection itself). */
export async function countByCategory(db: DbOrTx, filter: ProductFilter): Promise<{ categoryId: string | null; count: number }[]> {
  if (countsAreKept(filter)) {
    const { table, where } = keptCounts(filter);
    const rows = await rawRows<{ category_id: string; count: number }>(
      db,
      sql`SELECT category_id, sum(products)::int AS count FROM ${table} WHERE ${where} GROUP BY category_id HAVING sum(products) > 0`,
    );
    return rows.map((r) => ({ categoryId: r.category_id === "" ? null : r.category_id, count: Number(r.count) }));
  }
  return db.select({ categoryId: products.categoryId, count: count() }).from(products).where(productWhere(filter)).groupBy(products.categoryId);
}

/**
 * A vocabulary word near a query token, with how many active products and categories use it, and those categories;
 * how many hold it in their English text (name, brand, team; a category's name), and a Devanagari word of a Nepali
 * name that romanises to it, if any (migration 0035; docs/decisions/180: what "Did you mean" may offer).
 */
export interface VocabularyCandidate {
  token: number;
  word: string;
  products: number;
  categories: number;
  categoryIds: string[];
  english: number;
  devanagari: string | null;
}

/** Which words a token's nearest words are taken from: any, those of the English texts, or those a Nepali name writes. */
export type VocabularyOrigin = "any" | "english" | "devanagari";

/**
 * Candidate words for each token, in one round trip: the word itself, words it begins (`prefix`), and the
 * `near` words closest by trigram distance (whole word) and by word similarity (a beginning of the word, for
 * the last token as typed), of the words `from` says (the word itself whatever it is). The caller keeps those within
 * the typos allowed.
 */
export async function findVocabularyCandidates(
  db: DbOrTx,
  tokens: { text: string; prefix: boolean; near: number; nearPrefix: boolean; from?: VocabularyOrigin }[],
  prefixLimit = 30,
): Promise<VocabularyCandidate[]> {
  const parts: SQL[] = [];
  const categoryIds = sql`CASE WHEN categories > 0 THEN ARRAY(SELECT c.id FROM ${categories} c WHERE c.type = 'PRODUCT' AND c.status = 'ACTIVE' AND khelkud_category_words(c.name, c.name_ne) @> ARRAY[word]) ELSE '{}'::text[] END`;
  const cols = (i: number) => sql`${i}::int AS token, word, products, categories, ${categoryIds} AS category_ids, english, devanagari FROM search_vocabulary`;
  const of = (from: VocabularyOrigin | undefined) =>
    from === "english" ? sql` WHERE english > 0` : from === "devanagari" ? sql` WHERE devanagari IS NOT NULL` : sql``;
  tokens.forEach((t, i) => {
    parts.push(sql`(SELECT ${cols(i)} WHERE word = ${t.text})`);
    if (t.prefix) parts.push(sql`(SELECT ${cols(i)} WHERE word LIKE ${`${escapeLike(t.text)}%`} ORDER BY products + categories DESC, word LIMIT ${prefixLimit})`);
    if (t.near > 0) parts.push(sql`(SELECT ${cols(i)}${of(t.from)} ORDER BY word <-> ${t.text} LIMIT ${t.near})`);
    if (t.near > 0 && t.nearPrefix) parts.push(sql`(SELECT ${cols(i)}${of(t.from)} ORDER BY word <->> ${t.text} LIMIT ${t.near})`);
  });
  if (parts.length === 0) return [];
  const rows = await rawRows<Record<string, unknown>>(db, sql.join(parts, sql` UNION ALL `));
  return rows.map((r) => ({ token: Number(r.token), ...vocabularyWord(r) }));
}

/** A vocabulary word with how many active products and categories use it, and those categories. */
export type VocabularyWord = Omit<VocabularyCandidate, "token">;

function vocabularyWord(r: Record<string, unknown>): VocabularyWord {
  return {
    word: String(r.word),
    products: Number(r.products),
    categories: Number(r.categories),
    categoryIds: r.category_ids as string[],
    english: Number(r.english),
    devanagari: r.devanagari == null ? null : String(r.devanagari),
  };
}

/** The whole vocabulary, up to `limit` words (the caller holds a small one in memory; decision 097). */
export async function findVocabulary(db: DbOrTx, limit: number): Promise<VocabularyWord[]> {
  const categoryIds = sql`CASE WHEN categories > 0 THEN ARRAY(SELECT c.id FROM ${categories} c WHERE c.type = 'PRODUCT' AND c.status = 'ACTIVE' AND khelkud_category_words(c.name, c.name_ne) @> ARRAY[word]) ELSE '{}'::text[] END`;
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`SELECT word, products, categories, ${categoryIds} AS category_ids, english, devanagari FROM search_vocabulary LIMIT ${limit}`,
  );
  return rows.map(vocabularyWord);
}

/** Where "You May Also Like" picks from: the active products of one category, or the active featured ones. */
export type PickPool = { categoryId: string } | { featured: true };

/** The pool's condition, which the partial indexes of migration 0024 answer (status, then category or featured). */
function pickPoolWhere(pool: PickPool, exclude: string[]): SQL {
  const of = "categoryId" in pool ? sql`p.category_id = ${pool.categoryId}` : sql`p.featured`;
  return sql`p.status = 'ACTIVE' AND ${of} AND NOT (p.id = ANY(${textArray(exclude)}))`;
}

/**
 * Random picks for "You May Also Like" without sorting the pool (docs/decisions/156), as full rows with their category,
 * sizes and images, in one statement (docs/decisions/168). Every product holds a random number drawn once (`pick_key`,
 * migration 0024). With `points` (each in [0, 1)), each point takes the pool's first product at or after it in that
 * order, wrapping round to the pool's first: two probes of an index, whatever the pool's size. Two points may meet the
 * same product, so there can be fewer products than points; each comes once, in the order of the first point that met
 * it. Without points, the pool's first products in that order: the rest of a pool the points did not fill. At most
 * `limit` either way.
 */
export async function findPickedRows(db: DbOrTx, pool: PickPool, points: number[] | null, exclude: string[], limit: number) {
  const arm = (from: SQL) => sql`(SELECT p.id, p.pick_key FROM ${products} p WHERE ${pickPoolWhere(pool, exclude)} ${from} ORDER BY p.pick_key LIMIT 1)`;
  const picks = points
    ? sql`SELECT x.id, min(pt.n) AS n FROM unnest(${sql.param(points)}::float8[]) WITH ORDINALITY AS pt(r, n)
        CROSS JOIN LATERAL (SELECT w.id FROM (${arm(sql`AND p.pick_key >= pt.r`)} UNION ALL ${arm(sql``)}) w ORDER BY w.pick_key < pt.r LIMIT 1) x
        GROUP BY x.id ORDER BY min(pt.n) LIMIT ${limit}`
    : sql`SELECT p.id, p.pick_key AS n FROM ${products} p WHERE ${pickPoolWhere(pool, exclude)} ORDER BY p.pick_key LIMIT ${limit}`;
  const rows = await db
    .select({
      product: products,
      category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe },
      sizes: sizesJsonSql,
      images: imagesJsonSql,
    })
    .from(products)
    .innerJoin(sql`(${picks}) AS picked`, sql`picked.id = ${products.id}`)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(sql`picked.n`);
  return rows.map((r) => ({ ...r, images: withImageDates(r.images) }));
}

/**
 * One active product by id or slug with its category, sizes and images, in one query whose statement is built once
 * per database and prepared once per connection (the product-detail API and page read nothing else).
 */
function productDetailStatements(db: DbOrTx) {
  const statement = (column: typeof products.id | typeof products.slug, name: string) =>
    db
      .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe }, sizes: sizesJsonSql, images: imagesJsonSql })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(column, sql.placeholder("key")), eq(products.status, "ACTIVE")))
      .limit(1)
      .prepare(name);
  return { id: statement(products.id, "catalog_product_by_id"), slug: statement(products.slug, "catalog_product_by_slug") };
}
const detailStatements = new WeakMap<DbOrTx, ReturnType<typeof productDetailStatements>>();

export async function findProductDetail(db: DbOrTx, by: "id" | "slug", key: string) {
  let statements = detailStatements.get(db);
  if (!statements) detailStatements.set(db, (statements = productDetailStatements(db)));
  const [row] = await statements[by].execute({ key });
  return row ? { ...row, images: withImageDates(row.images) } : undefined;
}

/** A product's own columns that a list's card shows. */
const cardColumns = {
  id: products.id,
  name: products.name,
  nameNe: products.nameNe,
  slug: products.slug,
  brand: products.brand,
  team: products.team,
  teamNe: products.teamNe,
  price: products.price,
  salePrice: products.salePrice,
  featured: products.featured,
  isNew: products.isNew,
  personalisable: products.personalisable,
  ratingAverage: products.ratingAverage,
  reviewCount: products.reviewCount,
  categoryId: products.categoryId,
};
/** What a product list shows of each product (ProductSummary): the card's columns, the stock of all sizes and the main picture. */
const summaryColumns = {
  ...cardColumns,
  category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe },
  stock: sql<number>`coalesce((SELECT sum(s.stock) FROM ${productSizes} s WHERE s.product_id = ${products.id}), 0)`.mapWith(Number),
  image: sql<{ key: string; altText: string; altTextNe: string; width: number; height: number } | null>`(SELECT json_build_object('key', i.key, 'altText', i.alt_text, 'altTextNe', i.alt_text_ne, 'width', i.width, 'height', i.height) FROM ${productImages} i WHERE i.product_id = ${products.id} ORDER BY i.is_primary DESC, i.sort_order, i.created_at LIMIT 1)`,
};
/**
 * The same with every match of the filter, not only this page's (absent past the last page: count on its own), for
 * filters whose counts are not kept: the window reads every match before the page's first row.
 */
const countedSummaryColumns = { ...summaryColumns, total: sql<number>`"products"."total"`.mapWith(Number) };
/** The same for the unfiltered list: every active product, counted from the kept counts (as `countProducts` counts it) on every row. */
const unfilteredSummaryColumns = { ...summaryColumns, total: sql<number>`(SELECT coalesce(sum(c."products"), 0) FROM "product_facet_counts" c)`.mapWith(Number) };

/**
 * The unfiltered list (every active product, in one of the catalogue's orders: the API's first and most asked
 * pages) as statements built once per database and prepared once per connection, so PostgreSQL plans them once.
 * Each row carries the number of active products from the kept counts, so a page and its total are one round trip
 * (docs/decisions/140).
 */
function summaryStatement(db: DbOrTx, order: ProductOrder) {
  let byOrder = summaryStatements.get(db);
  if (!byOrder) summaryStatements.set(db, (byOrder = new Map()));
  const name = `catalog_list_${order.key}_${order.dir}`;
  let statement = byOrder.get(name);
  if (!statement) {
    const page = pageOf(db, {}, order, sql.placeholder("limit"), sql.placeholder("offset"));
    statement = db.select(unfilteredSummaryColumns).from(page).leftJoin(categories, ofCategory).orderBy(...orderBy(order, undefined)).prepare(name);
    byOrder.set(name, statement);
  }
  return statement;
}
type SummaryStatement = { execute(values: { limit: number; offset: number }): Promise<unknown> };
const summaryStatements = new WeakMap<DbOrTx, Map<string, SummaryStatement>>();
const isUnfiltered = (f: ProductFilter) => Object.values(f).every((v) => v === undefined);

/** The columns of a product that a list's card and its orders read (every order but a search's relevance). */
const pageColumns = { ...cardColumns, createdAt: products.createdAt };
type Bound = number | ReturnType<typeof sql.placeholder>;

/**
 * One page of a product list, read first (docs/decisions/163): this statement walks the order's index to the page's
 * rows and nothing more, and the callers join only those rows to their category and give them their stock and main
 * picture. Read in one statement, PostgreSQL computed both subqueries and the join for every row the offset skipped
 * too (40 for page 3 of 20). It is named `products` and keeps the columns' names, so the card's columns and the order
 * read it as they read the table; the outer order sorts the page's rows again (in memory).
 * `withTotal` is the number of matches counted by the inner statement (`count(*) OVER ()`), for filters whose counts
 * are not kept. A search ranked by relevance has its own statement (`rankedSearch`).
 */
function pageOf(db: DbOrTx, filter: ProductFilter, order: ProductOrder, limit: Bound, offset: Bound, withTotal = false) {
  return db
    .select({ ...pageColumns, ...(withTotal ? { total: sql<number>`count(*) OVER ()`.as("total") } : {}) })
    .from(products)
    .where(productWhere(filter))
    .orderBy(...orderBy(order, filter.search))
    .limit(limit as number)
    .offset(offset as number)
    .as("products");
}
const ofCategory = eq(categories.id, products.categoryId);

/** One page of a product list in the shape a list sends (the number of matches: `countProducts`, from the kept counts when `countsAreKept`). */
export async function findProductSummaryRows(db: DbOrTx, filter: ProductFilter, order: ProductOrder, limit: number, offset: number) {
  return db.select(summaryColumns).from(pageOf(db, filter, order, limit, offset)).leftJoin(categories, ofCategory).orderBy(...orderBy(order, filter.search));
}
export type ProductSummaryRow = Awaited<ReturnType<typeof findProductSummaryRows>>[number];

/** Whether a filter is the unfiltered list, which `findUnfilteredSummaryRows` reads. */
export function isUnfilteredList(filter: ProductFilter, order: ProductOrder): boolean {
  return isUnfiltered(filter) && order.key !== "relevance";
}

/** A page of every active product as a list sends it, each row with the number of active products (`total`; no row past the last page). */
export async function findUnfilteredSummaryRows(db: DbOrTx, order: ProductOrder, limit: number, offset: number) {
  return (await summaryStatement(db, order).execute({ limit, offset })) as (ProductSummaryRow & { total: number })[];
}

/** One page of a product list in the shape a list sends with the number of matches, in one query: for the filters `countsAreKept` does not answer. */
export async function findCountedProductSummaryRows(db: DbOrTx, filter: ProductFilter, order: ProductOrder, limit: number, offset: number) {
  return db.select(countedSummaryColumns).from(pageOf(db, filter, order, limit, offset, true)).leftJoin(categories, ofCategory).orderBy(...orderBy(order, filter.search));
}

export async function findProductRowBy(db: DbOrTx, by: { id?: string; slug?: string }, includeInactive = false) {
  const key = by.id !== undefined ? eq(products.id, by.id) : eq(products.slug, by.slug ?? "");
  const [row] = await db
    .select({ product: products, category: { id: categories.id, name: categories.name, slug: categories.slug, nameNe: categories.nameNe } })
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

/**
 * An active category by id or slug: the one a shopper's filter names. An inactive one is not found, so its address
 * filters nothing, as an unknown one's does, and nothing is listed under a category the filters no longer show
 * (docs/decisions/181).
 */
export async function findCategory(db: DbOrTx, type: "PRODUCT" | "BLOG", idOrSlug: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.type, type), eq(categories.status, "ACTIVE"), or(eq(categories.id, idOrSlug), eq(categories.slug, idOrSlug))))
    .limit(1);
  return row;
}

export async function findCategoriesWithCounts(db: DbOrTx, type: "PRODUCT" | "BLOG" | undefined) {
  // Column references written out: Drizzle renders bare column names inside a raw subquery. The active products come
  // from the counts kept per category and brand (docs/decisions/133), not from counting the category's products.
  const productCount = sql<number>`(SELECT coalesce(sum(c."products"), 0)::int FROM "product_facet_counts" c WHERE c."category_id" = "categories"."id")`;
  return db
    .select({ category: categories, productCount })
    .from(categories)
    .where(and(eq(categories.status, "ACTIVE"), type ? eq(categories.type, type) : undefined))
    .orderBy(asc(categories.type), asc(categories.sortOrder), asc(categories.name));
}

/** Active categories of one type in the shop's order, without counting their products (the catalogue's facets count by their own filter). */
export async function findActiveCategories(db: DbOrTx, type: "PRODUCT" | "BLOG") {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.status, "ACTIVE"), eq(categories.type, type)))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Products on sale now, and how many distinct teams they cover (count(distinct …) skips products without a team). */
export async function countActiveProductsAndTeams(db: DbOrTx): Promise<{ products: number; teams: number }> {
  const [row] = await db
    .select({ products: sql<number>`count(*)::int`, teams: sql<number>`count(distinct lower(${products.team}))::int` })
    .from(products)
    .where(eq(products.status, "ACTIVE"));
  return { products: row?.products ?? 0, teams: row?.teams ?? 0 };
}

/** Products named by a cart or an order, active or not (so "no longer available" can name them). */
export async function findProductsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}

/** The key of each product's main picture: primary first, then by sort order. */
export async function findMainImageKeys(db: DbOrTx, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, key: productImages.key })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(desc(productImages.isPrimary), asc(productImages.sortOrder), asc(productImages.createdAt));
  const byProduct = new Map<string, string>();
  for (const r of rows) if (!byProduct.has(r.productId)) byProduct.set(r.productId, r.key);
  return byProduct;
}

import {
  discountPercent,
  effectivePrice,
  MSG,
  rupeesToPaisa,
  sortSizes,
  type Category,
  RELATED_PRODUCTS,
  type CatalogueFacets,
  type ListProductsQuery,
  type Product,
  type ProductList,
  type ProductSummary,
  type ProductSummaryList,
  type ProductSort,
  type ProductSuggestion,
  type SearchProductsQuery,
} from "@khelkud/contracts";
import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import type { Db, DbOrTx } from "../../db/client.js";
import type { CategoryRow, ProductImageRow, ProductRow } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { groupBy } from "../../lib/group-by.js";
import { createMicroCache } from "../../lib/micro-cache.js";
import { pagination } from "../../lib/paging.js";
import { mulberry32 } from "../../lib/seeded-random.js";
import * as repo from "./catalog.repository.js";
import { allowedEdits, mayBeMisspelt, osaDistance, prefixDistance, searchTokens, typedWords } from "./search-terms.js";

const SORTS: Record<ProductSort, repo.ProductOrder> = {
  newest: { key: "createdAt", dir: "desc" },
  name: { key: "name", dir: "asc" },
  "price-low": { key: "price", dir: "asc" },
  "price-high": { key: "price", dir: "desc" },
  rating: { key: "rating", dir: "desc" },
};

/** The catalogue's sort: the one asked for, else best match for a search, else newest first. */
function catalogueOrder(sort: ProductSort | undefined, search: repo.ProductSearch | undefined): repo.ProductOrder {
  if (sort) return SORTS[sort];
  return search ? { key: "relevance", dir: "desc" } : SORTS.newest;
}

type CategoryRef = { id: string; name: string; slug: string; nameNe: string | null } | null;
type SizeRow = Awaited<ReturnType<typeof repo.findSizesFor>>[number];
/** Which rows a page of products is read as: full products, or what a list sends (repo.findProductSummaryRows). */
type RowShape = "full" | "summary";
type FullRow = { product: ProductRow; category: CategoryRef; sizes?: SizeRow[]; images?: ProductImageRow[] };
type PageRow = FullRow | repo.ProductSummaryRow;

/** Products on sale now and the teams they cover (the home and about pages' figures). */
export function catalogueFigures(db: Db): Promise<{ products: number; teams: number }> {
  return repo.countActiveProductsAndTeams(db);
}

/** How many products are on sale, from the counts kept per category and brand (the sitemap's files, docs/decisions/157). */
export function countActiveProducts(db: DbOrTx): Promise<number> {
  return repo.countProducts(db, {});
}

/** The address of a stored picture (products, blog posts, avatars); `plugins/media.ts` serves it. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/**
 * The products a cart, an order or a wishlist names, active or not (so "no longer available" can name them), with
 * their sizes and stock and the address of their main picture. The one product read of the cart check, checkout's
 * pricing and the wishlist: other modules read products here, never through the catalogue's repository
 * (docs/decisions/085).
 */
export async function productsWithStock(db: DbOrTx, productIds: string[]) {
  const ids = [...new Set(productIds)];
  const [rows, sizes, imageKeys] = await Promise.all([repo.findProductsByIds(db, ids), repo.findSizesFor(db, ids), repo.findMainImageKeys(db, ids)]);
  return {
    productsById: new Map(rows.map((p) => [p.id, p])),
    sizesBy: groupBy(sizes, (s) => s.productId),
    imageUrls: new Map([...imageKeys].map(([id, key]) => [id, mediaUrl(key)])),
  };
}

export function toProductDto(p: ProductRow, category: CategoryRef, sizes: SizeRow[], images: ProductImageRow[]): Product {
  const sizeList = sortSizes(sizes.map((s) => ({ size: s.size, stock: s.stock, available: s.stock > 0 })));
  const stock = sizeList.reduce((sum, s) => sum + s.stock, 0);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    nameNe: p.nameNe,
    descriptionNe: p.descriptionNe,
    brand: p.brand,
    team: p.team,
    teamNe: p.teamNe,
    price: p.price,
    salePrice: p.salePrice,
    finalPrice: effectivePrice(p.price, p.salePrice),
    discountPercent: discountPercent(p.price, p.salePrice),
    stock,
    sizes: sizeList,
    colors: p.colors,
    features: p.features,
    featuresNe: p.featuresNe,
    specifications: p.specifications,
    specificationsNe: p.specificationsNe,
    featured: p.featured,
    isNew: p.isNew,
    status: p.status,
    rating: p.reviewCount > 0 && p.ratingAverage != null ? Math.round(p.ratingAverage * 10) / 10 : null,
    reviewCount: p.reviewCount,
    categoryId: p.categoryId,
    category: category && category.id ? category : null,
    images: images.map((img) => ({
      id: img.id,
      url: mediaUrl(img.key),
      altText: img.altText || p.name,
      altTextNe: img.altTextNe,
      isPrimary: img.isPrimary,
      sortOrder: img.sortOrder,
      width: img.width,
      height: img.height,
    })),
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    keywords: p.keywords,
    metaTags: p.metaTags,
    personalisable: p.personalisable,
    printFee: p.printFee,
    printScripts: p.printScripts,
    players: p.players,
    createdAt: p.createdAt.toISOString(),
  };
}

/** A product as a list sends it (ProductSummary), from a summary row (the list API, a search's answers and suggestions). */
export function toProductSummary(row: repo.ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    nameNe: row.nameNe,
    slug: row.slug,
    brand: row.brand,
    team: row.team,
    teamNe: row.teamNe,
    price: row.price,
    salePrice: row.salePrice,
    finalPrice: effectivePrice(row.price, row.salePrice),
    discountPercent: discountPercent(row.price, row.salePrice),
    stock: row.stock,
    inStock: row.stock > 0,
    rating: row.reviewCount > 0 && row.ratingAverage != null ? Math.round(row.ratingAverage * 10) / 10 : null,
    reviewCount: row.reviewCount,
    featured: row.featured,
    isNew: row.isNew,
    personalisable: row.personalisable,
    categoryId: row.categoryId,
    category: row.category && row.category.id ? row.category : null,
    image: row.image ? { url: mediaUrl(row.image.key), altText: row.image.altText || row.name, altTextNe: row.image.altTextNe, width: row.image.width, height: row.image.height } : null,
  };
}

export function toCategoryDto(c: CategoryRow, productCount?: number): Category {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    nameNe: c.nameNe,
    descriptionNe: c.descriptionNe,
    type: c.type,
    status: c.status,
    ...(productCount !== undefined ? { productCount } : {}),
    createdAt: c.createdAt.toISOString(),
  };
}

/** Primary image first, then by sort order. */
function orderImages(images: ProductImageRow[]): ProductImageRow[] {
  return [...images].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.sortOrder - b.sortOrder);
}

/** Trigram neighbours fetched per misspelled word before the typo check in code (decision 020 measured recall against it). */
const NEAR_CANDIDATES = 40;
const RELEVANCE: repo.ProductOrder = { key: "relevance", dir: "desc" };
/**
 * An administrator's change is searchable within a second on every instance: a search answer is reused for at most
 * this long minus the age a query word's candidates may have (decision 097), so the two together stay within it.
 */
const SEARCH_FRESHNESS_MS = 1000;
/** Query words whose vocabulary candidates an instance keeps (decision 097): a few hundred kB at most. */
const WORD_CACHE_ENTRIES = 5000;

/** What the vocabulary is asked for one query word (repo.findVocabularyCandidates). */
type CandidateSpec = { text: string; prefix: boolean; near: number; nearPrefix: boolean; from?: repo.VocabularyOrigin };
/** Words beginning with a prefix that are candidates (the database's prefix arm has the same limit). */
const PREFIX_CANDIDATES = 30;
/**
 * A vocabulary of up to this many words is held in memory and every word is checked in code, with no query
 * (decision 097); a larger one is asked for each word's nearest words by trigram index, as before.
 */
export const VOCABULARY_IN_MEMORY_MAX = 2000;

/** A vocabulary held in memory: its words in code-point order (prefixes are a contiguous range). */
interface MemoryVocabulary {
  sorted: repo.VocabularyWord[];
  byWord: Map<string, repo.VocabularyWord>;
  /**
   * Query words already resolved against this vocabulary, by everything the resolution depends on (decision 136):
   * shoppers' words repeat, and checking a word that may be misspelt against every word of its length was a tenth
   * of a search's CPU. Kept as long as the vocabulary (at most `wordTtl` ms), at most WORD_CACHE_ENTRIES words.
   */
  resolved: Map<string, Classified>;
  /** The same for "Did you mean": each query word's nearest catalogue word as written, by where it is taken from (null: none). */
  nearest: Map<string, string | null>;
}

/**
 * A word's candidates from the vocabulary held in memory: the word itself, up to PREFIX_CANDIDATES words it
 * begins (most used first), and, for a word that may be misspelt, every word whose length is within the typos
 * any check allows (the last word being typed: every word at least that long, less two). classifyCandidates and
 * didYouMean then keep those within their distance; this is a superset of the database's nearest 40.
 */
function candidatesInMemory(vocab: MemoryVocabulary, spec: CandidateSpec): repo.VocabularyCandidate[] {
  const out: repo.VocabularyCandidate[] = [];
  const add = (w: repo.VocabularyWord) => out.push({ token: 0, ...w });
  const exact = vocab.byWord.get(spec.text);
  if (exact) add(exact);
  if (spec.prefix) {
    let lo = 0;
    let hi = vocab.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vocab.sorted[mid]!.word < spec.text) lo = mid + 1;
      else hi = mid;
    }
    const begun: repo.VocabularyWord[] = [];
    for (let i = lo; i < vocab.sorted.length && vocab.sorted[i]!.word.startsWith(spec.text); i++) begun.push(vocab.sorted[i]!);
    begun.sort((a, b) => b.products + b.categories - (a.products + a.categories) || (a.word < b.word ? -1 : 1));
    begun.slice(0, PREFIX_CANDIDATES).forEach(add);
  }
  if (spec.near > 0) {
    const spread = Math.max(2, Math.floor(spec.text.length / 3));
    for (const w of vocab.sorted) {
      const diff = w.word.length - spec.text.length;
      if (Math.abs(diff) <= spread || (spec.nearPrefix && diff > 0)) add(w);
    }
  }
  return out;
}

type TokenSpec = { text: string; fuzzy: boolean; last: boolean; prefix: boolean };
type Classified = ReturnType<typeof classifyCandidates>;

/**
 * Sorts a token's candidate words into exact, prefix and typo matches and picks the best one. A typo match is
 * within the optimal string alignment distance the catalogue word allows (1 from 5 letters, 2 from 9); for the
 * last word, a beginning of the catalogue word within the distance the typed word allows ("barcel", "jersi").
 */
function classifyCandidates(spec: TokenSpec, candidates: repo.VocabularyCandidate[]) {
  const token: repo.SearchToken = { text: spec.text, exact: [], prefix: [], typo: [], categoryIds: [] };
  const categoryIds = new Set<string>();
  let best: { word: string; rank: number; n: number } | undefined;
  const seen = new Set<string>();
  for (const c of candidates) {
    if (seen.has(c.word)) continue;
    seen.add(c.word);
    let rank: number;
    if (c.word === spec.text) rank = 0;
    else if (spec.prefix && c.word.startsWith(spec.text)) rank = 1;
    else if (spec.fuzzy) {
      const whole = allowedEdits(c.word);
      const typed = allowedEdits(spec.text);
      const d = osaDistance(spec.text, c.word, whole);
      if (d <= whole) rank = 1 + d;
      else if (spec.last && typed > 0 && prefixDistance(spec.text, c.word, typed) <= typed) rank = 3.5;
      else continue;
    } else continue;
    (rank === 0 ? token.exact : rank === 1 ? token.prefix : token.typo).push(c.word);
    for (const id of c.categoryIds) categoryIds.add(id);
    const n = c.products + c.categories;
    if (!best || rank < best.rank || (rank === best.rank && n > best.n)) best = { word: c.word, rank, n };
  }
  token.categoryIds = [...categoryIds];
  return { token, best: best?.word };
}

/** How long a product keeps the same "You May Also Like" picks (docs/decisions/156). */
export const RELATED_PICK_PERIOD_MS = 3_600_000;

/** `count` points in [0, 1) drawn from the product and the period `now` falls in: the same within the period, new the next. */
export function relatedPickPoints(productId: string, now: number, count: number): number[] {
  const seed = createHash("sha256").update(`${productId}:${Math.floor(now / RELATED_PICK_PERIOD_MS)}`).digest().readUInt32LE(0);
  const next = mulberry32(seed);
  return Array.from({ length: count }, next);
}

export function createCatalogService(db: Db, { cacheMs = 0, wordCacheMs = 0 }: { cacheMs?: number; wordCacheMs?: number } = {}) {
  const cache = createMicroCache(cacheMs);
  const wordTtl = Math.min(wordCacheMs, SEARCH_FRESHNESS_MS);
  const searchCache = createMicroCache(Math.min(cacheMs, SEARCH_FRESHNESS_MS - wordTtl));
  /**
   * Each query word's vocabulary candidates, reused for `wordTtl` ms (decision 097): shoppers' queries differ, their
   * words repeat. The promise is kept from the moment it is asked, so `invalidate()` also drops answers in flight.
   */
  const wordCache = wordTtl > 0 ? new LRUCache<string, Promise<repo.VocabularyCandidate[]>>({ max: WORD_CACHE_ENTRIES, ttl: wordTtl }) : undefined;

  /**
   * The vocabulary in memory when it is small (decision 097): loaded at most every `wordTtl` ms (so a write on
   * another instance is seen within it), dropped by `invalidate()`; null when it is too large to hold.
   */
  const vocabularyCache = wordTtl > 0 ? new LRUCache<"all", Promise<MemoryVocabulary | null>>({ max: 1, ttl: wordTtl }) : undefined;
  function memoryVocabulary(): Promise<MemoryVocabulary | null> | null {
    if (!vocabularyCache) return null;
    const held = vocabularyCache.get("all");
    if (held) return held;
    const loading = repo.findVocabulary(db, VOCABULARY_IN_MEMORY_MAX + 1).then((words) => {
      if (words.length > VOCABULARY_IN_MEMORY_MAX) return null;
      const sorted = words.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
      return { sorted, byWord: new Map(sorted.map((w) => [w.word, w])), resolved: new Map(), nearest: new Map() };
    });
    vocabularyCache.set("all", loading);
    loading.catch(() => {
      if (vocabularyCache.get("all") === loading) vocabularyCache.delete("all");
    });
    return loading;
  }

  /** Candidates for every spec, in order: from the vocabulary in memory, else the word cache, the rest in one round trip. */
  async function vocabularyCandidates(specs: CandidateSpec[]): Promise<repo.VocabularyCandidate[][]> {
    const vocab = await memoryVocabulary();
    if (vocab) return specs.map((spec) => candidatesInMemory(vocab, spec));
    const out: Promise<repo.VocabularyCandidate[]>[] = [];
    const missing: number[] = [];
    const keys = specs.map((s) => `${s.text}|${Number(s.prefix)}|${s.near}|${Number(s.nearPrefix)}|${s.from ?? "any"}`);
    specs.forEach((_, i) => {
      const hit = wordCache?.get(keys[i]!);
      if (hit) out[i] = hit;
      else missing.push(i);
    });
    if (missing.length > 0) {
      const batch = repo.findVocabularyCandidates(db, missing.map((i) => specs[i]!));
      missing.forEach((i, j) => {
        const mine = batch.then((rows) => rows.filter((r) => r.token === j));
        out[i] = mine;
        if (!wordCache) return;
        wordCache.set(keys[i]!, mine);
        // A failure is not remembered (and a newer entry under the same key is left alone).
        mine.catch(() => {
          if (wordCache.get(keys[i]!) === mine) wordCache.delete(keys[i]!);
        });
      });
    }
    return Promise.all(out);
  }
  /** Full products for rows, reading sizes and images for the rows that do not carry them already (a search's do). */
  async function hydrate(rows: { product: ProductRow; category: CategoryRef; sizes?: SizeRow[]; images?: ProductImageRow[] }[]): Promise<Product[]> {
    const ids = rows.filter((r) => !r.sizes || !r.images).map((r) => r.product.id);
    const [sizes, images] = ids.length ? await Promise.all([repo.findSizesFor(db, ids), repo.findImagesFor(db, ids)]) : [[], []];
    const sizesBy = groupBy(sizes, (s) => s.productId);
    const imagesBy = groupBy(images, (i) => i.productId);
    return rows.map((r) => toProductDto(r.product, r.category, r.sizes ?? sizesBy.get(r.product.id) ?? [], orderImages(r.images ?? imagesBy.get(r.product.id) ?? [])));
  }

  /** Each query word's catalogue words (classifyCandidates), from the vocabulary in memory and the words it resolved already when it is held. */
  async function classifyAll(specs: (TokenSpec & CandidateSpec)[]): Promise<Classified[]> {
    const vocab = await memoryVocabulary();
    if (!vocab) {
      const candidates = await vocabularyCandidates(specs);
      return specs.map((spec, i) => classifyCandidates(spec, candidates[i]!));
    }
    return specs.map((spec) => {
      const key = `${spec.text}|${Number(spec.fuzzy)}${Number(spec.last)}${Number(spec.prefix)}${Number(spec.nearPrefix)}|${spec.near}`;
      let found = vocab.resolved.get(key);
      if (!found) {
        if (vocab.resolved.size >= WORD_CACHE_ENTRIES) vocab.resolved.clear();
        vocab.resolved.set(key, (found = classifyCandidates(spec, candidatesInMemory(vocab, spec))));
      }
      return found;
    });
  }

  /** What the shopper typed, resolved against the catalogue's vocabulary; undefined when there is nothing to search for. */
  async function resolveSearch(q: string | undefined): Promise<repo.ProductSearch | undefined> {
    const texts = searchTokens(q);
    if (texts.length === 0) return undefined;
    const specs = texts.map((text, i) => {
      const last = i === texts.length - 1;
      const fuzzy = mayBeMisspelt(text);
      // Short words and the word being typed also match as a prefix; a number only as the last word.
      return { text, fuzzy, last, prefix: last || (text.length <= 4 && !/[0-9]/.test(text)), near: fuzzy ? NEAR_CANDIDATES : 0, nearPrefix: last && fuzzy };
    });
    const resolved = await classifyAll(specs);
    return { tokens: resolved.map((r) => r.token), phrase: resolved.map((r) => r.best ?? r.token.text), typed: q };
  }

  /**
   * Each word's nearest catalogue word by typos (up to a third of its letters; at least two), the most used of the
   * nearest, as a shopper writes it (docs/decisions/180): for a word typed in Latin letters a word of the English texts,
   * for one typed in Devanagari a word of a Nepali name, in Devanagari; never a romanisation, which the vocabulary
   * holds only to match queries. null when the word is a catalogue word itself (it stays as typed) or none is near.
   */
  async function nearestWords(words: { text: string; from: "english" | "devanagari" }[]): Promise<(string | null)[]> {
    const specs = words.map(({ text, from }) => ({ text, prefix: false, near: text.length >= 3 && !/[0-9]/.test(text) ? 8 : 0, nearPrefix: false, from }));
    const nearestOf = (spec: (typeof specs)[number], candidates: repo.VocabularyCandidate[]) => {
      if (candidates.some((c) => c.word === spec.text)) return null;
      const max = Math.max(2, Math.floor(spec.text.length / 3));
      let best: { written: string; d: number; n: number } | undefined;
      for (const c of candidates) {
        const written = spec.from === "english" ? (c.english > 0 ? c.word : null) : c.devanagari;
        if (written === null) continue;
        const d = osaDistance(spec.text, c.word, max);
        const n = c.products + c.categories;
        if (d <= max && (!best || d < best.d || (d === best.d && n > best.n))) best = { written, d, n };
      }
      return best?.written ?? null;
    };
    const vocab = await memoryVocabulary();
    if (!vocab) {
      const candidates = await vocabularyCandidates(specs);
      return specs.map((spec, i) => nearestOf(spec, candidates[i]!));
    }
    return specs.map((spec) => {
      const key = `${spec.from}|${spec.text}`;
      let word = vocab.nearest.get(key);
      if (word === undefined) {
        if (vocab.nearest.size >= WORD_CACHE_ENTRIES) vocab.nearest.clear();
        vocab.nearest.set(key, (word = nearestOf(spec, candidatesInMemory(vocab, spec))));
      }
      return word;
    });
  }

  /**
   * "Did you mean …?" for a search that found nothing: each word replaced by the nearest catalogue word a shopper
   * writes (by typos, up to a third of its letters; at least two: nearestWords), the others as typed, offered only
   * when that search finds something.
   */
  async function didYouMean(search: repo.ProductSearch, filter: repo.ProductFilter): Promise<string | undefined> {
    const texts = search.tokens.map((t) => t.text);
    const typed = search.typed === undefined ? texts : typedWords(search.typed, texts);
    // A word typed half in Devanagari, half in Latin letters cannot be written back as typed: no suggestion at all.
    if (typed.includes("")) return undefined;
    const nearest = await nearestWords(texts.map((text, i) => ({ text, from: /[\u0900-\u097F]/.test(typed[i]!) ? "devanagari" : "english" })));
    if (nearest.every((w) => w === null)) return undefined;
    const words = typed.map((w, i) => nearest[i] ?? w);
    const suggestion = words.join(" ");
    const again = await resolveSearch(suggestion);
    if (!again) return undefined;
    return (await repo.countProductsUpTo(db, { ...filter, search: again }, 1)) > 0 ? suggestion : undefined;
  }

  /** One page of a search: ranked by relevance over at most MAX_SEARCH_HITS hits, or in an explicit order over every match (counted up to the same cap). */
  async function findSearchPage(filter: repo.ProductFilter, order: repo.ProductOrder, limit: number, offset: number, shape: RowShape): Promise<{ rows: PageRow[]; total: number }> {
    if (order.key === "relevance") {
      const { rows, total } = shape === "summary" ? await repo.findRankedSearchSummaryRows(db, filter, limit, offset) : await repo.findRankedSearchRows(db, filter, limit, offset);
      // Past the last page the window count is not there: count on its own.
      return { rows, total: total ?? (offset > 0 ? await repo.countProductsUpTo(db, filter, repo.MAX_SEARCH_HITS) : 0) };
    }
    const total = await repo.countProductsUpTo(db, filter, repo.MAX_SEARCH_HITS);
    return { rows: total > offset ? await findRows(shape, filter, order, Math.min(limit, total - offset), offset) : [], total };
  }

  /** Rows of a page in either shape: full products (pages, the search API) or summaries (the list API). */
  function findRows(shape: RowShape, filter: repo.ProductFilter, order: repo.ProductOrder, limit: number, offset: number): Promise<PageRow[]> {
    return shape === "summary" ? repo.findProductSummaryRows(db, filter, order, limit, offset) : repo.findProductRows(db, filter, order, limit, offset);
  }

  /**
   * One page of products for a filter. With a search, every word must match; when that finds nothing, words
   * that are not catalogue words are dropped ("liverpool unicorn" → "liverpool"), and when nothing is found at
   * all the answer offers "Did you mean …?".
   */
  async function findPage(filter: repo.ProductFilter, order: repo.ProductOrder, page: number, limit: number, suggest = true, shape: RowShape = "full") {
    const offset = (page - 1) * limit;
    const search = filter.search;
    const unfiltered = !search && repo.isUnfilteredList(filter, order);
    if (!search && shape === "summary" && (unfiltered || !repo.countsAreKept(filter))) {
      // The page and its total in one statement: every active product's page with the kept total (a prepared statement),
      // any other uncounted filter's page with the number of matches. Past the last page the total is counted on its own.
      const rows = unfiltered
        ? await repo.findUnfilteredSummaryRows(db, order, limit, offset)
        : await repo.findCountedProductSummaryRows(db, filter, order, limit, offset);
      return { filter, rows, total: rows[0]?.total ?? (offset > 0 ? await repo.countProducts(db, filter) : 0), didYouMean: undefined };
    }
    if (!search) {
      // A category, brands, a price range, featured and new are counted from the kept counts (docs/decisions/133, 138),
      // and the page reads only its rows.
      const total = await repo.countProducts(db, filter);
      const rows = total > offset ? await findRows(shape, filter, order, limit, offset) : [];
      return { filter, rows, total, didYouMean: undefined };
    }
    let found = await findSearchPage(filter, order, limit, offset, shape);
    const known = search.tokens.filter((t) => t.exact.length + t.prefix.length + t.typo.length + t.categoryIds.length > 0);
    if (found.total === 0 && known.length > 0 && known.length < search.tokens.length) {
      const phrase = search.phrase.filter((_, i) => known.includes(search.tokens[i]!));
      filter = { ...filter, search: { tokens: known, phrase } };
      found = await findSearchPage(filter, order, limit, offset, shape);
    }
    const hint = found.total === 0 && suggest ? await didYouMean(search, { ...filter, search: undefined }) : undefined;
    return { filter, rows: found.rows, total: found.total, didYouMean: hint };
  }

  async function facetsFor(filter: repo.ProductFilter): Promise<CatalogueFacets> {
    const [brands, byCategory, categories] = await Promise.all([
      repo.countByBrand(db, { ...filter, brands: undefined }),
      repo.countByCategory(db, { ...filter, categoryId: undefined }),
      repo.findActiveCategories(db, "PRODUCT"),
    ]);
    const counts = new Map(byCategory.map((c) => [c.categoryId, c.count]));
    return {
      brands: brands.map((b) => ({ name: b.name, count: b.count })),
      categories: categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name, nameNe: c.nameNe, count: counts.get(c.id) ?? 0 })),
    };
  }

  /** One page of the catalogue for a query, in either row shape, with its pagination, "did you mean" and facets. */
  async function findListing(query: ListProductsQuery, shape: RowShape) {
    const { page, limit } = query;
    const brands = query.brand === undefined ? undefined : Array.isArray(query.brand) ? query.brand : [query.brand];
    const filter: repo.ProductFilter = {
      featured: query.featured,
      isNew: query.isNew,
      search: await resolveSearch(query.q),
      brands: brands?.map((b) => b.trim()).filter((b) => b !== ""),
      minPricePaisa: query.minPrice !== undefined ? rupeesToPaisa(query.minPrice) : undefined,
      maxPricePaisa: query.maxPrice !== undefined ? rupeesToPaisa(query.maxPrice) : undefined,
    };
    const categoryRef = query.categoryId ?? query.category;
    let unknownCategory = false;
    if (categoryRef) {
      const category = await repo.findCategory(db, "PRODUCT", categoryRef);
      if (category) filter.categoryId = category.id;
      else unknownCategory = true;
    }
    const order = catalogueOrder(query.sort, filter.search);
    if (unknownCategory) return { rows: [] as PageRow[], pagination: pagination(page, limit, 0), ...(query.facets ? { facets: await facetsFor({ ...filter, categoryId: undefined }) } : {}) };
    const found = await findPage(filter, order, page, limit, true, shape);
    return {
      rows: found.rows,
      pagination: pagination(page, limit, found.total),
      ...(found.didYouMean ? { didYouMean: found.didYouMean } : {}),
      ...(query.facets ? { facets: await facetsFor(found.filter) } : {}),
    };
  }

  /** The catalogue with full products (the storefront's pages, which make cards of them). */
  async function listProducts(query: ListProductsQuery): Promise<ProductList> {
    const { rows, ...rest } = await findListing(query, "full");
    return { products: await hydrate(rows as FullRow[]), ...rest };
  }

  /** The catalogue as `GET /api/products` sends it: what a list shows of each product (ProductSummary). */
  async function listProductSummaries(query: ListProductsQuery): Promise<ProductSummaryList> {
    const { rows, ...rest } = await findListing(query, "summary");
    return { products: (rows as repo.ProductSummaryRow[]).map(toProductSummary), ...rest };
  }

  /**
   * `GET /api/products/search`: the search the specification's client calls, answering what a list shows of each
   * product (ProductSummary, as `GET /api/products`; decision 136). Blank text finds nothing.
   */
  async function searchProducts(query: SearchProductsQuery): Promise<ProductSummaryList> {
    const { page, limit } = query;
    const empty = { products: [], pagination: pagination(page, limit, 0) };
    const search = await resolveSearch(query.q);
    if (!search) return empty;
    const filter: repo.ProductFilter = { search };
    if (query.categoryId) {
      const category = await repo.findCategory(db, "PRODUCT", query.categoryId);
      if (!category) return empty;
      filter.categoryId = category.id;
    }
    const found = await findPage(filter, { key: query.sortBy, dir: query.sortOrder }, page, limit, true, "summary");
    return {
      products: (found.rows as repo.ProductSummaryRow[]).map(toProductSummary),
      pagination: pagination(page, limit, found.total),
      ...(found.didYouMean ? { didYouMean: found.didYouMean } : {}),
    };
  }

  /** Header suggestions: the best few matches (the last word as a prefix, typos forgiven), small enough to send on every keystroke. */
  async function suggestProducts(q: string, limit: number): Promise<ProductSuggestion[]> {
    const search = await resolveSearch(q);
    if (!search) return [];
    const { rows } = await findPage({ search }, RELEVANCE, 1, limit, false, "summary");
    // Summary rows: the main picture only.
    return (rows as repo.ProductSummaryRow[]).map((p) => ({
      id: p.id,
      name: p.name,
      nameNe: p.nameNe,
      slug: p.slug,
      brand: p.brand,
      team: p.team,
      teamNe: p.teamNe,
      finalPrice: effectivePrice(p.price, p.salePrice),
      image: p.image ? mediaUrl(p.image.key) : null,
    }));
  }

  /**
   * You May Also Like: up to 6 at random from the same category, topped up from featured, never the product itself
   * (docs/decisions/156). The random points are drawn from the product and the hour, so a product shows the same picks
   * for the rest of the hour (its page can be kept whole) and other ones the next. `categoryId`: the product's
   * category when the caller has just read the product (its page), which saves reading it again; without it the product
   * is looked up, and one not on sale is not found. Each pool's picks come as full rows in one statement
   * (docs/decisions/168).
   */
  async function listRelatedProducts(productId: string, categoryId?: string | null): Promise<Product[]> {
    if (categoryId === undefined) {
      const row = await repo.findProductRowBy(db, { id: productId });
      if (!row) throw notFound(MSG.productNotFound);
      categoryId = row.product.categoryId;
    }
    const limit = RELATED_PRODUCTS;
    const points = relatedPickPoints(productId, Date.now(), 2 * limit);
    const rows: Awaited<ReturnType<typeof repo.findPickedRows>> = [];
    const pickFrom = async (pool: repo.PickPool) => {
      const taken = () => [productId, ...rows.map((r) => r.product.id)];
      rows.push(...(await repo.findPickedRows(db, pool, points, taken(), limit - rows.length)));
      // Fewer than the points: a small pool, or points that met the same products; its first ones in the random order fill the rest.
      if (rows.length < limit) rows.push(...(await repo.findPickedRows(db, pool, null, taken(), limit - rows.length)));
    };
    if (categoryId) await pickFrom({ categoryId });
    if (rows.length < limit) await pickFrom({ featured: true });
    return hydrate(rows);
  }

  /** One active product with its sizes and images, in one query. */
  async function productDetail(row: Awaited<ReturnType<typeof repo.findProductDetail>>): Promise<Product> {
    if (!row) throw notFound(MSG.productNotFound);
    return toProductDto(row.product, row.category, row.sizes, orderImages(row.images));
  }

  async function getProduct(id: string): Promise<Product> {
    return productDetail(await repo.findProductDetail(db, "id", id));
  }

  async function getProductBySlug(slug: string): Promise<Product> {
    return productDetail(await repo.findProductDetail(db, "slug", slug));
  }

  /** `/products/{slugOrId}`: slug first, then id (docs/product-rules.md §11). */
  async function getProductBySlugOrId(slugOrId: string): Promise<Product> {
    return productDetail((await repo.findProductDetail(db, "slug", slugOrId)) ?? (await repo.findProductDetail(db, "id", slugOrId)));
  }

  async function listCategories(type?: "PRODUCT" | "BLOG"): Promise<Category[]> {
    const rows = await repo.findCategoriesWithCounts(db, type);
    return rows.map((r) => toCategoryDto(r.category, r.category.type === "PRODUCT" ? r.productCount : undefined));
  }

  const cached =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>, store = cache) =>
    (...args: A): Promise<R> =>
      store.get(`${name}:${JSON.stringify(args)}`, () => fn(...args));

  return {
    listProducts: (query: ListProductsQuery) => (query.q ? cached("list", listProducts, searchCache)(query) : cached("list", listProducts)(query)),
    listProductSummaries: (query: ListProductsQuery) => (query.q ? cached("summaries", listProductSummaries, searchCache)(query) : cached("summaries", listProductSummaries)(query)),
    searchProducts: cached("search", searchProducts, searchCache),
    suggestProducts: cached("suggest", suggestProducts, searchCache),
    listRelatedProducts: cached("related", listRelatedProducts),
    getProduct: cached("id", getProduct),
    getProductBySlug: cached("slug", getProductBySlug),
    getProductBySlugOrId: cached("slugOrId", getProductBySlugOrId),
    listCategories: cached("categories", listCategories),
    /** Reuse any derived value (e.g. a serialised answer) under the same time limit and invalidation. */
    remember: <T>(key: string, load: () => Promise<T>): Promise<T> => cache.get(`remember:${key}`, load),
    /** The same for answers to a search (reused for at most a second). */
    rememberSearch: <T>(key: string, load: () => Promise<T>): Promise<T> => searchCache.get(`remember:${key}`, load),
    /** Forget cached reads: call after any write to products, sizes, images or categories. */
    invalidate: () => {
      cache.clear();
      searchCache.clear();
      wordCache?.clear();
      vocabularyCache?.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

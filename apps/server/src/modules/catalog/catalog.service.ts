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
  type ProductSort,
  type ProductSuggestion,
  type SearchProductsQuery,
} from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { CategoryRow, ProductImageRow, ProductRow } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { groupBy } from "../../lib/group-by.js";
import { createMicroCache } from "../../lib/micro-cache.js";
import * as repo from "./catalog.repository.js";
import { searchTokens } from "./search-terms.js";

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

type CategoryRef = { id: string; name: string; slug: string } | null;
type SizeRow = Awaited<ReturnType<typeof repo.findSizesFor>>[number];

export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

export function toProductDto(p: ProductRow, category: CategoryRef, sizes: SizeRow[], images: ProductImageRow[]): Product {
  const sizeList = sortSizes(sizes.map((s) => ({ size: s.size, stock: s.stock, available: s.stock > 0 })));
  const stock = sizeList.reduce((sum, s) => sum + s.stock, 0);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    brand: p.brand,
    team: p.team,
    price: p.price,
    salePrice: p.salePrice,
    finalPrice: effectivePrice(p.price, p.salePrice),
    discountPercent: discountPercent(p.price, p.salePrice),
    stock,
    sizes: sizeList,
    colors: p.colors,
    features: p.features,
    specifications: p.specifications,
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
      isPrimary: img.isPrimary,
      sortOrder: img.sortOrder,
      width: img.width,
      height: img.height,
    })),
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    keywords: p.keywords,
    metaTags: p.metaTags,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toCategoryDto(c: CategoryRow, productCount?: number): Category {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
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

export function createCatalogService(db: Db, { cacheMs = 0 }: { cacheMs?: number } = {}) {
  const cache = createMicroCache(cacheMs);
  async function hydrate(rows: { product: ProductRow; category: CategoryRef }[]): Promise<Product[]> {
    const ids = rows.map((r) => r.product.id);
    const [sizes, images] = await Promise.all([repo.findSizesFor(db, ids), repo.findImagesFor(db, ids)]);
    const sizesBy = groupBy(sizes, (s) => s.productId);
    const imagesBy = groupBy(images, (i) => i.productId);
    return rows.map((r) => toProductDto(r.product, r.category, sizesBy.get(r.product.id) ?? [], orderImages(imagesBy.get(r.product.id) ?? [])));
  }

  /** Resolves what the shopper typed into tokens with their matching categories; undefined when there is nothing to search for. */
  async function resolveSearch(q: string | undefined): Promise<repo.ProductSearch | undefined> {
    const tokens = searchTokens(q);
    if (tokens.length === 0) return undefined;
    const withCategories = await Promise.all(tokens.map(async (text) => ({ text, categoryIds: await repo.findCategoryIdsMatching(db, text) })));
    return { tokens: withCategories, mode: "all", phrase: tokens.join(" ") };
  }

  /**
   * One page of products for a filter. With a search, every word must match. When nothing does, words that
   * match nothing on their own are dropped ("liverpool unicorn" → "liverpool"); when the rest still find
   * nothing together, any of them may match, ranked by how many did.
   */
  async function findPage(filter: repo.ProductFilter, order: repo.ProductOrder, page: number, limit: number) {
    let total = await repo.countProducts(db, filter);
    const search = filter.search;
    if (total === 0 && search && search.tokens.length > 1) {
      // Counted, not probed with LIMIT 1: a count uses the indexes, a LIMIT 1 probe for a word that matches nothing reads the whole table.
      const counts = await Promise.all(search.tokens.map((t) => repo.countProducts(db, { ...filter, search: { ...search, tokens: [t] } })));
      const tokens = search.tokens.filter((_, i) => counts[i]! > 0);
      if (tokens.length > 0) {
        filter = { ...filter, search: { ...search, tokens, mode: "all" } };
        if (tokens.length === 1) total = counts.find((n) => n > 0)!;
        else total = tokens.length < search.tokens.length ? await repo.countProducts(db, filter) : 0;
        if (total === 0 && tokens.length > 1) {
          filter = { ...filter, search: { ...search, tokens, mode: "any" } };
          total = await repo.countProducts(db, filter);
        }
      }
    }
    const offset = (page - 1) * limit;
    const rows = total > offset ? await repo.findProductRows(db, filter, order, limit, offset, total) : [];
    return { filter, rows, total };
  }

  async function facetsFor(filter: repo.ProductFilter): Promise<CatalogueFacets> {
    const [brands, byCategory, categories] = await Promise.all([
      repo.countByBrand(db, { ...filter, brands: undefined }),
      repo.countByCategory(db, { ...filter, categoryId: undefined }),
      repo.findCategoriesWithCounts(db, "PRODUCT"),
    ]);
    const counts = new Map(byCategory.map((c) => [c.categoryId, c.count]));
    return {
      brands: brands.map((b) => ({ name: b.name, count: b.count })),
      categories: categories.map(({ category: c }) => ({ id: c.id, slug: c.slug, name: c.name, count: counts.get(c.id) ?? 0 })),
    };
  }

  async function listProducts(query: ListProductsQuery): Promise<ProductList> {
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
    const empty = { products: [], pagination: { page, limit, total: 0, totalPages: 0 } };
    if (unknownCategory) return query.facets ? { ...empty, facets: await facetsFor({ ...filter, categoryId: undefined }) } : empty;
    const found = await findPage(filter, order, page, limit);
    return {
      products: await hydrate(found.rows),
      pagination: { page, limit, total: found.total, totalPages: Math.ceil(found.total / limit) },
      ...(query.facets ? { facets: await facetsFor(found.filter) } : {}),
    };
  }

  /** `GET /api/products/search`: the search the specification's client calls. Blank text finds nothing. */
  async function searchProducts(query: SearchProductsQuery): Promise<ProductList> {
    const { page, limit } = query;
    const empty = { products: [], pagination: { page, limit, total: 0, totalPages: 0 } };
    const search = await resolveSearch(query.q);
    if (!search) return empty;
    const filter: repo.ProductFilter = { search };
    if (query.categoryId) {
      const category = await repo.findCategory(db, "PRODUCT", query.categoryId);
      if (!category) return empty;
      filter.categoryId = category.id;
    }
    const found = await findPage(filter, { key: query.sortBy, dir: query.sortOrder }, page, limit);
    return { products: await hydrate(found.rows), pagination: { page, limit, total: found.total, totalPages: Math.ceil(found.total / limit) } };
  }

  /** Header suggestions: the best few matches, small enough to send on every keystroke. */
  async function suggestProducts(q: string, limit: number): Promise<ProductSuggestion[]> {
    const search = await resolveSearch(q);
    if (!search) return [];
    const { rows } = await findPage({ search }, { key: "relevance", dir: "desc" }, 1, limit);
    const images = await repo.findImagesFor(
      db,
      rows.map((r) => r.product.id),
    );
    const imageBy = groupBy(orderImages(images), (i) => i.productId);
    return rows.map(({ product: p }) => {
      const image = imageBy.get(p.id)?.[0];
      return { id: p.id, name: p.name, slug: p.slug, brand: p.brand, team: p.team, finalPrice: effectivePrice(p.price, p.salePrice), image: image ? mediaUrl(image.key) : null };
    });
  }

  /** You May Also Like: up to 6 at random from the same category, topped up from featured, never the product itself. */
  async function listRelatedProducts(productId: string, limit = RELATED_PRODUCTS): Promise<Product[]> {
    const row = await repo.findProductRowBy(db, { id: productId });
    if (!row) throw notFound(MSG.productNotFound);
    const picked = row.product.categoryId ? await repo.findRandomProductRows(db, { categoryId: row.product.categoryId, excludeIds: [productId] }, limit) : [];
    if (picked.length < limit) {
      const more = await repo.findRandomProductRows(db, { featured: true, excludeIds: [productId, ...picked.map((r) => r.product.id)] }, limit - picked.length);
      picked.push(...more);
    }
    return hydrate(picked);
  }

  async function getProduct(id: string): Promise<Product> {
    const row = await repo.findProductRowBy(db, { id });
    if (!row) throw notFound(MSG.productNotFound);
    return (await hydrate([row]))[0]!;
  }

  async function getProductBySlug(slug: string): Promise<Product> {
    const row = await repo.findProductRowBy(db, { slug });
    if (!row) throw notFound(MSG.productNotFound);
    return (await hydrate([row]))[0]!;
  }

  /** `/products/{slugOrId}`: slug first, then id (docs/product-rules.md §11). */
  async function getProductBySlugOrId(slugOrId: string): Promise<Product> {
    const row = (await repo.findProductRowBy(db, { slug: slugOrId })) ?? (await repo.findProductRowBy(db, { id: slugOrId }));
    if (!row) throw notFound(MSG.productNotFound);
    return (await hydrate([row]))[0]!;
  }

  async function listCategories(type?: "PRODUCT" | "BLOG"): Promise<Category[]> {
    const rows = await repo.findCategoriesWithCounts(db, type);
    return rows.map((r) => toCategoryDto(r.category, r.category.type === "PRODUCT" ? r.productCount : undefined));
  }

  const cached =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      cache.get(`${name}:${JSON.stringify(args)}`, () => fn(...args));

  return {
    listProducts: cached("list", listProducts),
    searchProducts: cached("search", searchProducts),
    suggestProducts: cached("suggest", suggestProducts),
    listRelatedProducts: cached("related", listRelatedProducts),
    getProduct: cached("id", getProduct),
    getProductBySlug: cached("slug", getProductBySlug),
    getProductBySlugOrId: cached("slugOrId", getProductBySlugOrId),
    listCategories: cached("categories", listCategories),
    /** Reuse any derived value (e.g. a serialised answer) under the same time limit and invalidation. */
    remember: <T>(key: string, load: () => Promise<T>): Promise<T> => cache.get(`remember:${key}`, load),
    /** Forget cached reads: call after any write to products, sizes, images or categories. */
    invalidate: () => cache.clear(),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

import {
  discountPercent,
  effectivePrice,
  MSG,
  rupeesToPaisa,
  sortSizes,
  type Category,
  type ListProductsQuery,
  type Product,
  type ProductList,
} from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import type { CategoryRow, ProductImageRow, ProductRow } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { groupBy } from "../../lib/group-by.js";
import * as repo from "./catalog.repository.js";

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

export function createCatalogService(db: Db) {
  async function hydrate(rows: { product: ProductRow; category: CategoryRef }[]): Promise<Product[]> {
    const ids = rows.map((r) => r.product.id);
    const [sizes, images] = await Promise.all([repo.findSizesFor(db, ids), repo.findImagesFor(db, ids)]);
    const sizesBy = groupBy(sizes, (s) => s.productId);
    const imagesBy = groupBy(images, (i) => i.productId);
    return rows.map((r) => toProductDto(r.product, r.category, sizesBy.get(r.product.id) ?? [], orderImages(imagesBy.get(r.product.id) ?? [])));
  }

  async function listProducts(query: ListProductsQuery): Promise<ProductList> {
    const { page, limit } = query;
    let categoryId: string | undefined;
    const categoryRef = query.categoryId ?? query.category;
    if (categoryRef) {
      const category = await repo.findCategory(db, "PRODUCT", categoryRef);
      if (!category) return { products: [], pagination: { page, limit, total: 0, totalPages: 0 } };
      categoryId = category.id;
    }
    const brands = query.brand === undefined ? undefined : Array.isArray(query.brand) ? query.brand : [query.brand];
    const filter: repo.ProductFilter = {
      categoryId,
      featured: query.featured,
      isNew: query.isNew,
      q: query.q,
      brands: brands?.filter((b) => b.trim() !== ""),
      minPricePaisa: query.minPrice !== undefined ? rupeesToPaisa(query.minPrice) : undefined,
      maxPricePaisa: query.maxPrice !== undefined ? rupeesToPaisa(query.maxPrice) : undefined,
    };
    const [rows, total] = await Promise.all([repo.findProductRows(db, filter, query.sort, limit, (page - 1) * limit), repo.countProducts(db, filter)]);
    return {
      products: await hydrate(rows),
      pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    };
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

  /** `/products/{slugOrId}`: slug first, then id (DECISIONS 24). */
  async function getProductBySlugOrId(slugOrId: string): Promise<Product> {
    const row = (await repo.findProductRowBy(db, { slug: slugOrId })) ?? (await repo.findProductRowBy(db, { id: slugOrId }));
    if (!row) throw notFound(MSG.productNotFound);
    return (await hydrate([row]))[0]!;
  }

  async function listCategories(type?: "PRODUCT" | "BLOG"): Promise<Category[]> {
    const rows = await repo.findCategoriesWithCounts(db, type);
    return rows.map((r) => toCategoryDto(r.category, r.category.type === "PRODUCT" ? r.productCount : undefined));
  }

  return { listProducts, getProduct, getProductBySlug, getProductBySlugOrId, listCategories };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

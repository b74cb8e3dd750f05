import { z } from "zod";
import { ActiveStatusSchema, CategoryTypeSchema } from "./enums.js";
import { PlayerSchema, PrintScriptSchema } from "./personalisation.js";
import { BooleanParam, PageParam, PaginationSchema, SearchQueryText, limitParam } from "./api.js";
import { CATALOGUE_PAGE_SIZE, PRODUCT_SORTS, SEARCH_SORT_BY, SUGGESTIONS_SHOWN } from "./catalog-rules.js";

export const ProductSortSchema = z.enum(PRODUCT_SORTS, {
  error: `sort must be one of ${PRODUCT_SORTS.join(", ")}`,
});

/** Price filter in whole rupees, as the catalogue's slider sends it (0–10000, step 100). */
const RupeeParam = z.coerce
  .number({ error: "must be a number" })
  .finite("must be a number")
  .min(0, "must not be negative")
  .max(10_000_000, "is too large");

export const ListProductsQuerySchema = z
  .object({
    page: PageParam,
    limit: limitParam(20),
    category: z.string().trim().min(1).max(200).optional(),
    categoryId: z.string().trim().min(1).max(200).optional(),
    featured: BooleanParam.optional(),
    isNew: BooleanParam.optional(),
    /** Absent: best match when `q` is set, otherwise newest first. */
    sort: ProductSortSchema.optional(),
    q: SearchQueryText.optional(),
    brand: z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
    minPrice: RupeeParam.optional(),
    maxPrice: RupeeParam.optional(),
    /** Also return brand and category counts for the current filter (the catalogue sidebar). */
    facets: BooleanParam.optional(),
  })
  .strict();
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

export const IdParamSchema = z.object({ id: z.string().min(1).max(200) });
export const SlugParamSchema = z.object({ slug: z.string().min(1).max(200) });

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Nepali versions (docs/decisions/089); null: the English text is shown. */
  nameNe: z.string().nullable(),
  descriptionNe: z.string().nullable(),
  type: CategoryTypeSchema,
  status: ActiveStatusSchema,
  productCount: z.number().int().optional(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const ListCategoriesQuerySchema = z
  .object({
    type: CategoryTypeSchema.optional(),
  })
  .strict();

export const ProductImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  altText: z.string(),
  /** The picture's description in Nepali, empty when none: a Nepali page then takes the product's Nepali name, else `altText` (docs/decisions/135). */
  altTextNe: z.string(),
  isPrimary: z.boolean(),
  sortOrder: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const SizeStockSchema = z.object({
  size: z.string(),
  stock: z.number().int(),
  available: z.boolean(),
});

/** Money fields are integer paisa (NPR × 100). */
export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** Nepali versions (docs/decisions/089); null: the English text is shown. */
  nameNe: z.string().nullable(),
  descriptionNe: z.string().nullable(),
  brand: z.string(),
  team: z.string().nullable(),
  /** The team in Nepali (docs/decisions/174); null: the English team is shown. */
  teamNe: z.string().nullable(),
  price: z.number().int().describe("paisa"),
  salePrice: z.number().int().nullable().describe("paisa"),
  finalPrice: z.number().int().describe("paisa: the price the shopper pays"),
  discountPercent: z.number().int().nullable(),
  stock: z.number().int(),
  sizes: z.array(SizeStockSchema),
  colors: z.array(z.string()),
  features: z.array(z.string()),
  /** The features in Nepali (docs/decisions/126); empty: the English list is shown. */
  featuresNe: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  /** Nepali values of the specification table, by its English keys (docs/decisions/132); a key without one shows the English value. */
  specificationsNe: z.record(z.string(), z.string()),
  featured: z.boolean(),
  isNew: z.boolean(),
  status: ActiveStatusSchema,
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  categoryId: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string(), slug: z.string(), nameNe: z.string().nullable() }).nullable(),
  images: z.array(ProductImageSchema),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.array(z.string()),
  metaTags: z.array(z.string()),
  /** Name-and-number printing (docs/decisions/100): the fee is this product's (paisa) or, when null, the store's default. */
  personalisable: z.boolean(),
  printFee: z.number().int().nullable().describe("paisa per item; null: the store default"),
  printScripts: z.array(PrintScriptSchema),
  players: z.array(PlayerSchema),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Counts for the current filter, each facet ignoring its own selection (so more can be ticked). */
export const CatalogueFacetsSchema = z.object({
  brands: z.array(z.object({ name: z.string(), count: z.number().int() })),
  categories: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), nameNe: z.string().nullable(), count: z.number().int() })),
});
export type CatalogueFacets = z.infer<typeof CatalogueFacetsSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  pagination: PaginationSchema,
  facets: CatalogueFacetsSchema.optional(),
  /** A search that found nothing: the nearest query made of the catalogue's own words that finds something. */
  didYouMean: z.string().optional(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/**
 * What `GET /api/products` sends of each product: what a product card shows (name, prices, rating, stock, category,
 * the main picture), not every size, picture, description and SEO field; `GET /api/products/{id}` has the rest.
 */
export const ProductSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Nepali name (docs/decisions/089); null: the English name is shown. */
  nameNe: z.string().nullable(),
  slug: z.string(),
  brand: z.string(),
  team: z.string().nullable(),
  /** The team in Nepali (docs/decisions/174); null: the English team is shown. */
  teamNe: z.string().nullable(),
  price: z.number().int().describe("paisa"),
  salePrice: z.number().int().nullable().describe("paisa"),
  finalPrice: z.number().int().describe("paisa: the price the shopper pays"),
  discountPercent: z.number().int().nullable(),
  stock: z.number().int().describe("units of all sizes together"),
  inStock: z.boolean(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  featured: z.boolean(),
  isNew: z.boolean(),
  personalisable: z.boolean(),
  categoryId: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string(), slug: z.string(), nameNe: z.string().nullable() }).nullable(),
  image: z.object({ url: z.string(), altText: z.string(), altTextNe: z.string(), width: z.number().int(), height: z.number().int() }).nullable().describe("the main picture"),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductSummaryListSchema = ProductListSchema.extend({ products: z.array(ProductSummarySchema) });
export type ProductSummaryList = z.infer<typeof ProductSummaryListSchema>;

/** The search text of search and suggestions: at most SEARCH_MAX_LENGTH characters, empty when absent. */
const SearchText = SearchQueryText.default("");

/** `GET /api/products/search` (docs/product-rules.md §11): q, page, limit (50), categoryId, sortBy, sortOrder (desc). */
export const SearchProductsQuerySchema = z
  .object({
    q: SearchText,
    page: PageParam,
    limit: limitParam(CATALOGUE_PAGE_SIZE),
    categoryId: z.string().trim().min(1).max(200).optional(),
    sortBy: z.enum(SEARCH_SORT_BY, { error: `sortBy must be one of ${SEARCH_SORT_BY.join(", ")}` }).default("relevance"),
    sortOrder: z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" }).default("desc"),
  })
  .strict();
export type SearchProductsQuery = z.infer<typeof SearchProductsQuerySchema>;

export const SuggestProductsQuerySchema = z
  .object({
    q: SearchText,
    limit: z.coerce.number({ error: "limit must be a whole number" }).int("limit must be a whole number").min(1, "limit must be at least 1").transform((n) => Math.min(n, 10)).default(SUGGESTIONS_SHOWN),
  })
  .strict();

/** A search suggestion: a product card's name and price with the main picture's address only. */
export const ProductSuggestionSchema = ProductSummarySchema.pick({ id: true, name: true, nameNe: true, slug: true, brand: true, team: true, teamNe: true, finalPrice: true }).extend({
  image: z.string().nullable(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;

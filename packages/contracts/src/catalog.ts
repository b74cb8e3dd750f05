import { z } from "zod";
import { ActiveStatusSchema, CategoryTypeSchema } from "./enums.js";
import { BooleanParam, PageParam, PaginationSchema, limitParam } from "./api.js";

export const PRODUCT_SORTS = ["newest", "name", "price-low", "price-high", "rating"] as const;
export const ProductSortSchema = z.enum(PRODUCT_SORTS, {
  error: `sort must be one of ${PRODUCT_SORTS.join(", ")}`,
});
export type ProductSort = z.infer<typeof ProductSortSchema>;

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
    sort: ProductSortSchema.default("newest"),
    q: z.string().max(200, "Search text must be at most 200 characters").optional(),
    brand: z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
    minPrice: RupeeParam.optional(),
    maxPrice: RupeeParam.optional(),
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
  brand: z.string(),
  team: z.string().nullable(),
  price: z.number().int().describe("paisa"),
  salePrice: z.number().int().nullable().describe("paisa"),
  finalPrice: z.number().int().describe("paisa: the price the shopper pays"),
  discountPercent: z.number().int().nullable(),
  stock: z.number().int(),
  sizes: z.array(SizeStockSchema),
  colors: z.array(z.string()),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  featured: z.boolean(),
  isNew: z.boolean(),
  status: ActiveStatusSchema,
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  categoryId: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  images: z.array(ProductImageSchema),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.array(z.string()),
  metaTags: z.array(z.string()),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  pagination: PaginationSchema,
});
export type ProductList = z.infer<typeof ProductListSchema>;

import { z } from "zod";
import { ActiveStatusSchema, CategoryTypeSchema, OrderStatusSchema, RoleSchema } from "./enums.js";
import { PageParam, limitParam } from "./api.js";

/** Admin panel contracts: one schema serves the dialog form (browser) and the route (server). */

/** Spec 001 §9: product images at most 10. */
export const MAX_PRODUCT_IMAGES = 10;
/** Largest accepted upload per image file. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Admin-facing texts (spec 001 §5, §8) plus the server's refusals, worded for the person at the desk. */
export const ADMIN_MSG = {
  loadingProducts: "Loading products...",
  failedUsers: "Failed to load users",
  failedOrders: "Failed to load orders",
  failedBlogs: "Failed to load blogs",
  failedCategories: "Failed to load categories",
  failedOrder: "Failed to load order details",
  noOrders: "No orders found.",
  badAddress: "Error displaying shipping address",
  categoryCreated: "Category created",
  categoryCreatedLong: "Category created successfully!",
  categoryUpdated: "Category updated successfully!",
  categoryDeleted: "Category deleted successfully!",
  categoryCreateFailed: "Failed to create category",
  categorySaveError: "Error saving category. Please try again.",
  categoryDeleteError: "Error deleting category. Please try again.",
  categoryDeleteConfirm: "Are you sure you want to delete this category?",
  userCreated: "User created successfully!",
  userUpdated: "User updated successfully!",
  userDeleted: "User deleted successfully!",
  userRoleUpdated: "User role updated successfully!",
  userSaveError: "Error saving user. Please try again.",
  userDeleteError: "Error deleting user. Please try again.",
  userRoleError: "Error updating user role. Please try again.",
  userDeleteConfirm: "Are you sure you want to delete this user?",
  orderStatusUpdated: "Order status updated successfully!",
  orderDeleted: "Order deleted successfully!",
  orderStatusError: "Error updating order status. Please try again.",
  orderDeleteError: "Error deleting order. Please try again.",
  blogDeleteConfirm: "Are you sure you want to delete this blog post?",
  // server refusals
  slugTaken: "Another product already uses this slug. Choose a different slug.",
  slugEmpty: "Slug must contain at least one letter or number",
  salePriceNotLower: "Sale price must be lower than the price",
  categoryMissing: "Choose an existing product category",
  categorySlugTaken: "A category with this name already exists in this tab",
  tooManyImages: `A product can have at most ${MAX_PRODUCT_IMAGES} images`,
  notAnImage: "The file is not an image we can read (use JPEG, PNG, WebP or AVIF)",
  imageTooLarge: "The image is too large (at most 8 MB)",
  imageNotFound: "Image not found",
  emailTaken: "A user with this email already exists",
  userNotFound: "User not found",
  selfDemote: "You cannot remove your own administrator role",
  selfDeactivate: "You cannot deactivate your own account",
  selfDelete: "You cannot delete your own account",
  lastAdmin: "The last administrator cannot be removed, demoted or deactivated",
  orderNotFound: "Order not found",
  messageNotFound: "Message not found",
  orderDeleteRefused: "Only cancelled orders, or unpaid orders whose payment time has expired, can be deleted. Cancel this order instead.",
  paidOrderKept: "A paid or refunded order is kept as a money record and cannot be deleted",
  cashNotCollectable: "Cash can be marked collected only for a delivered cash-on-delivery order that is not yet paid",
} as const;

export function transitionRefused(from: string, to: string): string {
  return `An order that is ${from} cannot be changed to ${to}`;
}

export function categoryInUse(count: number, type: "PRODUCT" | "BLOG"): string {
  const what = type === "PRODUCT" ? (count === 1 ? "product" : "products") : count === 1 ? "blog post" : "blog posts";
  return `This category still has ${count} ${what}. Move ${count === 1 ? "it" : "them"} to another category before deleting it.`;
}

const trimmed = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const stringList = (maxItems: number, maxLen: number) =>
  z
    .array(z.string().trim().min(1).max(maxLen))
    .max(maxItems)
    .default([])
    .transform((list) => [...new Set(list)]);

const SearchParam = z.string().trim().max(200, "Search text must be at most 200 characters").optional();
const IdParam = z.string().trim().min(1).max(200);
export const SortOrderSchema = z.enum(["asc", "desc"]).default("desc");

// ---------------------------------------------------------------- products
export const ADMIN_PRODUCT_SORTS = ["createdAt", "name", "price", "stock"] as const;
export const AdminProductsQuerySchema = z
  .object({
    page: PageParam,
    limit: limitParam(20),
    q: SearchParam,
    categoryId: IdParam.optional(),
    status: ActiveStatusSchema.optional(),
    sortBy: z.enum(ADMIN_PRODUCT_SORTS).default("createdAt"),
    sortOrder: SortOrderSchema,
  })
  .strict();
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;

export const SizeStockInputSchema = z.object({
  size: z.string().trim().min(1, "Size is required").max(20),
  stock: z.number({ error: "Stock is required" }).int("Stock must be a whole number").min(0, "Stock cannot be negative").max(100_000),
});

/** Money in paisa; the form takes rupees and converts with rupeesToPaisa. */
export const ProductInputSchema = z
  .object({
    name: z.string().trim().min(1, "Product name is required").max(200),
    slug: trimmed(200).optional().default(""),
    categoryId: z.string({ error: "Category is required" }).trim().min(1, "Category is required").max(200),
    description: z.string().trim().min(1, "Description is required").max(10_000),
    price: z.number({ error: "Price is required" }).int().positive("Price must be greater than 0").max(100_000_000),
    salePrice: z.number().int().positive("Sale price must be greater than 0").max(100_000_000).nullish().transform((v) => v ?? null),
    sizes: z
      .array(SizeStockInputSchema)
      .min(1, "Add at least one size with its stock")
      .max(20)
      .refine((s) => new Set(s.map((x) => x.size.toUpperCase())).size === s.length, "Each size may appear only once"),
    colors: stringList(20, 40),
    brand: z.string().trim().min(1, "Brand is required").max(100),
    team: optionalText(100),
    featured: z.boolean().default(false),
    isNew: z.boolean().default(false),
    status: ActiveStatusSchema.default("ACTIVE"),
    metaTitle: optionalText(200),
    metaDescription: optionalText(500),
    keywords: stringList(30, 60),
    metaTags: stringList(30, 60),
  })
  .strict()
  .refine((p) => p.salePrice === null || p.salePrice < p.price, { message: ADMIN_MSG.salePriceNotLower, path: ["salePrice"] });
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductInputParsed = z.output<typeof ProductInputSchema>;

export const FeatureInputSchema = z.object({ featured: z.boolean() }).strict();

export const ImageArrangementSchema = z
  .object({
    /** Every image of the product, in the wanted order. */
    images: z
      .array(z.object({ id: IdParam, altText: trimmed(200).default("") }))
      .max(MAX_PRODUCT_IMAGES)
      .refine((l) => new Set(l.map((i) => i.id)).size === l.length, "Each image may appear only once"),
    primaryId: IdParam,
  })
  .strict();
export type ImageArrangement = z.input<typeof ImageArrangementSchema>;

// ---------------------------------------------------------------- categories
export const AdminCategoriesQuerySchema = z.object({ type: CategoryTypeSchema.optional() }).strict();
export const CategoryInputSchema = z
  .object({
    name: z.string().trim().min(1, "Category name is required").max(100),
    description: optionalText(1000),
    type: CategoryTypeSchema,
    status: ActiveStatusSchema.default("ACTIVE"),
  })
  .strict();
export type CategoryInput = z.input<typeof CategoryInputSchema>;

// ---------------------------------------------------------------- users
export const AdminUsersQuerySchema = z
  .object({
    page: PageParam,
    limit: limitParam(20),
    q: SearchParam,
    role: RoleSchema.optional(),
    status: ActiveStatusSchema.optional(),
  })
  .strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const UserInputSchema = z
  .object({
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(50, "Name must be less than 50 characters"),
    email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254).pipe(z.email("Invalid email address")),
    phone: optionalText(30),
    role: RoleSchema.default("USER"),
    status: ActiveStatusSchema.default("ACTIVE"),
  })
  .strict();
export type UserInput = z.input<typeof UserInputSchema>;
export const RoleInputSchema = z.object({ role: RoleSchema }).strict();

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: RoleSchema,
  status: ActiveStatusSchema,
  orderCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

// ---------------------------------------------------------------- orders
export const AdminOrdersQuerySchema = z
  .object({
    page: PageParam,
    limit: limitParam(20),
    q: SearchParam,
    status: OrderStatusSchema.optional(),
  })
  .strict();
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const OrderStatusInputSchema = z
  .object({
    status: OrderStatusSchema,
    note: optionalText(500),
    trackingNumber: optionalText(100),
    /** The courier carrying the parcel (e.g. "Nepal Can Move"), shown to the customer with the tracking number. */
    courier: optionalText(100),
  })
  .strict();
export type OrderStatusInput = z.input<typeof OrderStatusInputSchema>;

// ---------------------------------------------------------------- messages, audit, blogs
export const AdminMessagesQuerySchema = z
  .object({ page: PageParam, limit: limitParam(20), unread: z.enum(["true", "false"]).optional() })
  .strict();
export const MessageReadInputSchema = z.object({ read: z.boolean() }).strict();
export const AdminPageQuerySchema = z.object({ page: PageParam, limit: limitParam(20) }).strict();
export const AdminAuditQuerySchema = z
  .object({ page: PageParam, limit: limitParam(50), entityType: z.string().trim().max(50).optional() })
  .strict();
export const AdminBlogsQuerySchema = z
  .object({ page: PageParam, limit: limitParam(20), q: SearchParam, categoryId: IdParam.optional() })
  .strict();

/** "a, b ,c" → ["a","b","c"] (keywords, meta tags, colours typed as one line in the form). */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

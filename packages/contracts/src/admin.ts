import { z } from "zod";
import { ActiveStatusSchema, BlogStatusSchema, CategoryTypeSchema, OrderStatusSchema, PaymentStatusSchema, RefundMethodSchema, RoleSchema } from "./enums.js";
import { PageParam, SearchQueryText, limitParam } from "./api.js";
import { PrintingInputSchema } from "./personalisation.js";
import { OptionalPhoneSchema, PublicUserSchema } from "./auth.js";
import { fillMessage } from "./messages.js";

/** Admin panel contracts: one schema serves the dialog form (browser) and the route (server). */

/** Product images at most 10 (docs/product-rules.md §14). */
export const MAX_PRODUCT_IMAGES = 10;
/** A product's feature list, English or Nepali (docs/decisions/126): at most this many lines of at most this many characters. */
export const MAX_PRODUCT_FEATURES = 20;
export const MAX_FEATURE_LENGTH = 200;
/**
 * A product's specification table, English or Nepali (docs/decisions/132): at most this many rows, a key ("Material")
 * and a value ("100% recycled polyester") of at most these many characters.
 */
export const MAX_PRODUCT_SPECIFICATIONS = 20;
export const MAX_SPECIFICATION_KEY_LENGTH = 60;
export const MAX_SPECIFICATION_VALUE_LENGTH = 200;
/** The store's address in the settings, English and Nepali (docs/decisions/126). */
export const MAX_SHOP_ADDRESS = 200;
/** Largest accepted upload per image file. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** docs/product-rules.md §12: the blog's featured image is one file of at most 5 MB (pictures inside a post get the same limit). */
export const MAX_BLOG_IMAGE_BYTES = 5 * 1024 * 1024;
/** docs/product-rules.md §12: a blog card without an excerpt shows the first 150 characters of the content. */
export const BLOG_EXCERPT_FALLBACK = 150;

/** Admin-facing texts (docs/product-rules.md §14) plus the server's refusals, worded for the person at the desk. */
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
  blogCreated: "Blog created successfully!",
  blogUpdated: "Blog updated successfully!",
  blogDeleted: "Blog deleted successfully!",
  blogSaveError: "Error saving blog. Please try again.",
  blogDeleteError: "Error deleting blog. Please try again.",
  // server refusals
  slugTaken: "Another product already uses this slug. Choose a different slug.",
  slugEmpty: "Slug must contain at least one letter or number",
  salePriceNotLower: "Sale price must be lower than the price",
  categoryMissing: "Choose an existing product category",
  categorySlugTaken: "A category with this name already exists in this tab",
  categoryInactive: "This category is inactive. Choose an active category, or make this one active first.",
  categoryTypeRequired: "Choose the category's type: PRODUCT or BLOG",
  categoryNameTooLong: "Category name must be at most 100 characters",
  // a product's money and stock (paisa: 1 rupee = 100 paisa)
  priceNotNumber: "Price must be a number (in paisa)",
  priceNotWhole: "Price must be a whole number of paisa (1 rupee = 100 paisa)",
  priceTooLarge: "Price must be at most Rs. 10,00,000",
  salePriceNotNumber: "Sale price must be a number (in paisa)",
  salePriceNotWhole: "Sale price must be a whole number of paisa (1 rupee = 100 paisa)",
  salePriceTooLarge: "Sale price must be at most Rs. 10,00,000",
  stockTooLarge: "Stock must be at most 1,00,000 per size",
  uploadNotMultipart: "Send the images as a file upload (multipart/form-data)",
  // store settings (field by field, as the settings form names them)
  shopNameRequired: "Shop name is required",
  shopNameTooLong: "Shop name must be at most 100 characters",
  shopPhoneTooLong: "Phone must be at most 40 characters",
  legalNameTooLong: "Legal name must be at most 200 characters",
  legalAddressTooLong: "Registered address must be at most 300 characters",
  invoicePrefixTooLong: "Invoice prefix must be at most 12 characters",
  freeShippingInvalid: "Free shipping above must be a whole number of paisa, 0 or more",
  valleyFeeInvalid: "The fee inside Kathmandu Valley must be a whole number of paisa, 0 or more",
  elsewhereFeeInvalid: "The fee elsewhere in Nepal must be a whole number of paisa, 0 or more",
  printFeeTooLarge: "Printing fee must be at most Rs. 1,00,000",
  figureTooLong: "Each figure must be at most 20 characters",
  tooManyImages: `A product can have at most ${MAX_PRODUCT_IMAGES} images`,
  tooManyFeatures: `A product can list at most ${MAX_PRODUCT_FEATURES} features`,
  featureTooLong: `Each feature must be at most ${MAX_FEATURE_LENGTH} characters`,
  featureEmpty: "A feature cannot be empty",
  tooManySpecifications: `A product can list at most ${MAX_PRODUCT_SPECIFICATIONS} specifications`,
  specificationKeyTooLong: `Each specification name must be at most ${MAX_SPECIFICATION_KEY_LENGTH} characters`,
  specificationKeyEmpty: "A specification needs a name",
  specificationValueTooLong: `Each specification value must be at most ${MAX_SPECIFICATION_VALUE_LENGTH} characters`,
  specificationValueEmpty: "A specification value cannot be empty",
  specificationKeyOneLine: "A specification name cannot contain a colon or a line break",
  specificationValueOneLine: "A specification value must be on one line",
  specificationKeyTwice: "Each specification name can be listed once",
  specificationNeWithoutEnglish: "Each Nepali value needs an English specification of the same name",
  addressTooLong: `The address must be at most ${MAX_SHOP_ADDRESS} characters`,
  notAnImage: "The file is not an image we can read (use JPEG, PNG, WebP or AVIF)",
  imageTooLarge: "The image is too large (at most 8 MB)",
  blogImageTooLarge: "The image is too large (at most 5 MB)",
  blogImageOne: "Choose one image file",
  blogImageMissing: "The featured image was not found. Upload it again.",
  blogSlugTaken: "Another blog post already uses this slug. Choose a different slug.",
  blogCategoryMissing: "Choose an existing blog category",
  blogTitleRequired: "Title is required",
  blogCategoryRequired: "Category is required",
  blogContentRequired: "Content is required",
  blogNotFound: "Blog not found",
  imageNotFound: "Image not found",
  emailTaken: "A user with this email already exists",
  userNotFound: "User not found",
  selfDemote: "You cannot remove your own administrator role",
  selfDeactivate: "You cannot deactivate your own account",
  selfDelete: "You cannot delete your own account",
  lastAdmin: "The last administrator cannot be removed, demoted or deactivated",
  orderNotFound: "Order not found",
  messageNotFound: "Message not found",
  notificationNotFound: "Notification not found",
  notificationSending: "This notification is still being sent",
  imagesRequired: "Choose at least one image",
  imagesListEach: "List every image of the product exactly once",
  imagesListEachField: "must list every image of the product exactly once",
  primaryNotOwn: "The primary image must be one of the product's images",
  primaryNotOwnField: "is not an image of this product",
  malformedUpload: "Malformed upload",
  noCalendarData: "No Bikram Sambat calendar data for that period",
  orderDeleteRefused: "Only cancelled orders, or unpaid orders whose payment time has expired, can be deleted. Cancel this order instead.",
  paidOrderKept: "A paid or refunded order is kept as a money record and cannot be deleted",
  sentOrderKept: "An order whose parcel left the shop is kept as its record and cannot be deleted",
  cashNotCollectable: "Cash can be marked collected only for a delivered cash-on-delivery order that is not yet paid",
  paidOrderCancel: "A paid order is cancelled by approving its refund",
  walletUnpaid: "This Khalti or eSewa order is not paid yet: it moves to Processing by itself when its payment arrives, or it can be cancelled",
  refundRefused: "Only a paid order that has not shipped can be refunded",
  refundTooLarge: "The refund cannot be more than the order total",
  noCancellationRequest: "This order has no cancellation request",
  noReturnRequest: "This order has no open return request",
  returnRequestChanged: "The customer asked again meanwhile: read the new request before answering it",
  changedMeanwhile: "Another administrator changed this while you had it open: reopen it to see their change, then make yours",
  shipWithRequest: "The customer asked to cancel this order: approve the refund or decline the request before shipping it",
  refundRecorded: "Refund recorded; the order is cancelled",
  returnRefused: "Only an order that has left the shop (shipped, out for delivery or delivered) can be recorded as returned",
  returnByForm: "A returned parcel is recorded with Record return, which records its refund too",
  returnNeedsRefund: "This order was paid: give the refund's method and reference to record its return",
  returnNothingPaid: "Nothing was paid for this order, so there is no refund to record",
  returnRecorded: "Return recorded",
  returnCashFirst: "This cash-on-delivery order was delivered: mark its cash collected first, then record the return with its refund",
} as const;

/** The admin refusals that name a status or a count, filled by fillMessage; messages-ne.ts has their Nepali. */
export const ADMIN_TEMPLATE = {
  transition: "An order that is {from} cannot be changed to {to}",
  categoryProduct: "This category still has {n} product. Move it to another category before deleting it.",
  categoryProducts: "This category still has {n} products. Move them to another category before deleting it.",
  categoryPost: "This category still has {n} blog post. Move it to another category before deleting it.",
  categoryPosts: "This category still has {n} blog posts. Move them to another category before deleting it.",
  categoryProductRetype: "This category still has {n} product. Move it to another category before changing this category's type.",
  categoryProductsRetype: "This category still has {n} products. Move them to another category before changing this category's type.",
  categoryPostRetype: "This category still has {n} blog post. Move it to another category before changing this category's type.",
  categoryPostsRetype: "This category still has {n} blog posts. Move them to another category before changing this category's type.",
  categoryProductDeactivate: "This category still has {n} product. Move it to another category before making this category inactive.",
  categoryProductsDeactivate: "This category still has {n} products. Move them to another category before making this category inactive.",
  categoryPostDeactivate: "This category still has {n} blog post. Move it to another category before making this category inactive.",
  categoryPostsDeactivate: "This category still has {n} blog posts. Move them to another category before making this category inactive.",
  returnStale: "This order changed meanwhile (it is now {status}): look at it again before recording its return",
} as const;

export function transitionRefused(from: string, to: string): string {
  return fillMessage(ADMIN_TEMPLATE.transition, { from, to });
}

/** What an administrator tried to do to a category that products or posts still use (docs/decisions/181). */
export type CategoryChange = "delete" | "retype" | "deactivate";

const CATEGORY_IN_USE: Record<CategoryChange, Record<"PRODUCT" | "BLOG", [one: string, many: string]>> = {
  delete: { PRODUCT: [ADMIN_TEMPLATE.categoryProduct, ADMIN_TEMPLATE.categoryProducts], BLOG: [ADMIN_TEMPLATE.categoryPost, ADMIN_TEMPLATE.categoryPosts] },
  retype: { PRODUCT: [ADMIN_TEMPLATE.categoryProductRetype, ADMIN_TEMPLATE.categoryProductsRetype], BLOG: [ADMIN_TEMPLATE.categoryPostRetype, ADMIN_TEMPLATE.categoryPostsRetype] },
  deactivate: { PRODUCT: [ADMIN_TEMPLATE.categoryProductDeactivate, ADMIN_TEMPLATE.categoryProductsDeactivate], BLOG: [ADMIN_TEMPLATE.categoryPostDeactivate, ADMIN_TEMPLATE.categoryPostsDeactivate] },
};

/** The refusal of a change to a category still in use: how many products or posts it has, and to move them first. */
export function categoryInUse(count: number, type: "PRODUCT" | "BLOG", change: CategoryChange = "delete"): string {
  const [one, many] = CATEGORY_IN_USE[change][type];
  return fillMessage(count === 1 ? one : many, { n: count });
}

/**
 * A number's refusal for a value that is not there (`required`) or is not a number (`notNumber`): a schema's own `error`
 * also answers for its checks that have none, so each check of such a number is given its own message.
 */
const numberError = (required: string, notNumber: string) => (issue: { input?: unknown }) => (issue.input === undefined ? required : notNumber);

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

/**
 * The product page's feature list, one rule for the English and the Nepali list (docs/decisions/126). Optional: a
 * client that sends neither list (an older form, a script) leaves the product's lists as they are.
 */
const featureList = z
  .array(z.string().trim().min(1, ADMIN_MSG.featureEmpty).max(MAX_FEATURE_LENGTH, ADMIN_MSG.featureTooLong))
  .max(MAX_PRODUCT_FEATURES, ADMIN_MSG.tooManyFeatures)
  .transform((list) => [...new Set(list)])
  .optional();

/**
 * The product page's specification table, one rule for the English and the Nepali record (docs/decisions/132): the
 * Nepali record has the English keys, with the value in Nepali. Optional like the features: a client that sends
 * neither leaves the product's tables as they are.
 */
const specificationTable = z
  .record(
    z.string(),
    z
      .string()
      .trim()
      .min(1, ADMIN_MSG.specificationValueEmpty)
      .max(MAX_SPECIFICATION_VALUE_LENGTH, ADMIN_MSG.specificationValueTooLong)
      .refine((value) => !/[\r\n]/.test(value), ADMIN_MSG.specificationValueOneLine),
  )
  // The names are checked here rather than in the record's key schema, whose refusals all read "Invalid key in record".
  // A row is a "Name: value" line in the admin form, so a name holds no colon and no row spans lines: what the API
  // takes, the form shows and saves back unchanged.
  .refine((table) => Object.keys(table).every((name) => !/[:\r\n]/.test(name)), ADMIN_MSG.specificationKeyOneLine)
  .refine((table) => new Set(Object.keys(table).map((name) => name.trim())).size === Object.keys(table).length, ADMIN_MSG.specificationKeyTwice)
  .transform((table) => Object.fromEntries(Object.entries(table).map(([name, value]) => [name.trim(), value])))
  .refine((table) => Object.keys(table).every(Boolean), ADMIN_MSG.specificationKeyEmpty)
  .refine((table) => Object.keys(table).every((name) => name.length <= MAX_SPECIFICATION_KEY_LENGTH), ADMIN_MSG.specificationKeyTooLong)
  .refine((table) => Object.keys(table).length <= MAX_PRODUCT_SPECIFICATIONS, ADMIN_MSG.tooManySpecifications)
  .optional();

// Trimmed before the length is checked, so spaces pasted around a search never make it too long.
const SearchParam = z.string().trim().pipe(SearchQueryText).optional();
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
  stock: z
    .number({ error: numberError("Stock is required", "Stock must be a whole number") })
    .int("Stock must be a whole number")
    .min(0, "Stock cannot be negative")
    .max(100_000, ADMIN_MSG.stockTooLarge),
  /**
   * The size's stock when the form was opened (an edit). The server then applies the change the administrator made
   * (`stock − stockWas`) to the stock as it is now, so units sold meanwhile are not put back (docs/decisions/191).
   */
  stockWas: z.number({ error: "stockWas must be a whole number" }).int("stockWas must be a whole number").min(0).max(100_000).optional(),
});

/** Money in paisa; the form takes rupees and converts with rupeesToPaisa. */
export const ProductInputSchema = z
  .object({
    name: z.string().trim().min(1, "Product name is required").max(200),
    slug: trimmed(200).optional().default(""),
    categoryId: z.string({ error: "Category is required" }).trim().min(1, "Category is required").max(200),
    description: z.string().trim().min(1, "Description is required").max(10_000),
    /** Optional Nepali versions (docs/decisions/089): empty means the English text is shown. */
    nameNe: optionalText(200),
    descriptionNe: optionalText(10_000),
    price: z
      .number({ error: numberError("Price is required", ADMIN_MSG.priceNotNumber) })
      .int(ADMIN_MSG.priceNotWhole)
      .positive("Price must be greater than 0")
      .max(100_000_000, ADMIN_MSG.priceTooLarge),
    salePrice: z
      .number({ error: ADMIN_MSG.salePriceNotNumber })
      .int(ADMIN_MSG.salePriceNotWhole)
      .positive("Sale price must be greater than 0")
      .max(100_000_000, ADMIN_MSG.salePriceTooLarge)
      .nullish()
      .transform((v) => v ?? null),
    sizes: z
      .array(SizeStockInputSchema)
      .min(1, "Add at least one size with its stock")
      .max(20)
      .refine((s) => new Set(s.map((x) => x.size.toUpperCase())).size === s.length, "Each size may appear only once"),
    colors: stringList(20, 40),
    /** The product page's features; the Nepali list is shown on Nepali pages when it has any (docs/decisions/126). */
    features: featureList,
    featuresNe: featureList,
    /** The specification table; a Nepali page shows the Nepali value of each key that has one (docs/decisions/132). */
    specifications: specificationTable,
    specificationsNe: specificationTable,
    brand: z.string().trim().min(1, "Brand is required").max(100),
    team: optionalText(100),
    /** The team in Nepali (docs/decisions/174): empty means the English team is shown; left out, it is kept as it is. */
    teamNe: z
      .string()
      .trim()
      .max(100, "must be at most 100 characters")
      .nullish()
      .transform((v) => (v === undefined ? undefined : v || null)),
    featured: z.boolean().default(false),
    isNew: z.boolean().default(false),
    status: ActiveStatusSchema.default("ACTIVE"),
    metaTitle: optionalText(200),
    metaDescription: optionalText(500),
    keywords: stringList(30, 60),
    metaTags: stringList(30, 60),
    /** Name-and-number printing (docs/decisions/100); `printing` is checked by PrintingInputSchema. */
    printing: PrintingInputSchema.optional(),
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
      // altTextNe: the picture's description in Nepali (docs/decisions/135); left as it is when not sent.
      .array(z.object({ id: IdParam, altText: trimmed(200).default(""), altTextNe: trimmed(200).optional() }))
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
    name: z.string({ error: "Category name is required" }).trim().min(1, "Category name is required").max(100, ADMIN_MSG.categoryNameTooLong),
    description: optionalText(1000),
    nameNe: optionalText(100),
    descriptionNe: optionalText(1000),
    type: z.enum(CategoryTypeSchema.options, { error: ADMIN_MSG.categoryTypeRequired }),
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
    /** Registration's Nepali phone rule, stored as +977…; may be left empty (docs/decisions/183). */
    phone: OptionalPhoneSchema,
    role: RoleSchema.default("USER"),
    status: ActiveStatusSchema.default("ACTIVE"),
    /**
     * An edit: the account as the form was opened with it. When it has changed since (another administrator made them
     * an administrator, or deactivated them), the save answers 409 instead of putting it back (docs/decisions/191).
     */
    was: z
      .object({ name: z.string().max(254), email: z.string().max(254), phone: z.string().max(40).nullable(), role: RoleSchema, status: ActiveStatusSchema })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type UserInput = z.input<typeof UserInputSchema>;
export const RoleInputSchema = z.object({ role: RoleSchema }).strict();

/** A user in the admin's list: the account as its owner sees it (without address and avatar), with the orders counted. */
export const AdminUserSchema = PublicUserSchema.pick({ id: true, name: true, email: true, phone: true, role: true, status: true }).extend({
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

/** Approving a paid order's cancellation: the money given back (paisa; default the order total), how, and its reference. */
export const RefundInputSchema = z
  .object({
    amount: z.number({ error: "amount must be a whole number of paisa" }).int("amount must be a whole number of paisa").min(1, "amount must be at least 1 paisa").optional(),
    method: RefundMethodSchema,
    reference: z.string({ error: "Reference is required" }).trim().min(1, "Reference is required").max(100, "must be at most 100 characters"),
    note: optionalText(500),
  })
  .strict();
export type RefundInput = z.input<typeof RefundInputSchema>;
/**
 * A parcel that came back (docs/decisions/185). A paid order's return records its refund (method and reference
 * required, amount at most the total, the total when left out); an unpaid one's records none. `restock`: the units go
 * back on sale; printed (personalised) lines never do.
 */
export const ReturnInputSchema = z
  .object({
    amount: RefundInputSchema.shape.amount,
    method: RefundMethodSchema.optional(),
    reference: z.string({ error: "reference must be text" }).trim().max(100, "must be at most 100 characters").optional(),
    note: optionalText(500),
    restock: z.boolean({ error: "restock must be true or false" }),
    /** What the panel was opened on: the return is refused when the order changed meanwhile. */
    expectedStatus: OrderStatusSchema.optional(),
    expectedPaymentStatus: PaymentStatusSchema.optional(),
  })
  .strict();
export type ReturnInput = z.input<typeof ReturnInputSchema>;
export const DeclineCancellationInputSchema = z.object({ note: optionalText(500) }).strict();
/**
 * Declining a return request: the note for the customer, and the request the panel read (its `returnRequestedAt`), so a
 * newer request is not turned down unread (docs/decisions/190).
 */
export const DeclineReturnInputSchema = z.object({ note: optionalText(500), requestedAt: z.iso.datetime({ offset: true, error: "requestedAt must be a date and time" }).optional() }).strict();

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
  .object({ page: PageParam, limit: limitParam(20), q: SearchParam, categoryId: IdParam.optional(), status: BlogStatusSchema.optional() })
  .strict();
export type AdminBlogsQuery = z.infer<typeof AdminBlogsQuerySchema>;

/** A storage key the blog image upload returned (`blog/<hash>.webp`); anything else is refused. */
export const BLOG_IMAGE_KEY_RE = /^blog\/[a-z0-9]{8,64}\.(webp|png|jpe?g|avif)$/;

/**
 * One post of the blog form (docs/product-rules.md §14, docs/decisions/061): title, category and content required, status DRAFT by default.
 * `content` is HTML from the editor; the server sanitises it (allow-list) before storing. An empty `slug` is built
 * from the title (else the first keyword). `featuredImage` is the key the image upload returned, or null.
 */
export const BlogInputSchema = z
  .object({
    title: z.string({ error: ADMIN_MSG.blogTitleRequired }).trim().min(1, ADMIN_MSG.blogTitleRequired).max(200, "Title must be at most 200 characters"),
    slug: trimmed(200).optional().default(""),
    categoryId: z.string({ error: ADMIN_MSG.blogCategoryRequired }).trim().min(1, ADMIN_MSG.blogCategoryRequired).max(200),
    excerpt: optionalText(1000),
    /** Optional Nepali versions (docs/decisions/089); `contentNe` is sanitised like `content`. */
    titleNe: optionalText(200),
    excerptNe: optionalText(1000),
    contentNe: optionalText(200_000),
    content: z.string({ error: ADMIN_MSG.blogContentRequired }).trim().min(1, ADMIN_MSG.blogContentRequired).max(200_000, "Content must be at most 200,000 characters"),
    metaTitle: optionalText(200),
    metaDescription: optionalText(500),
    keywords: stringList(30, 60),
    metaTags: stringList(30, 60),
    featured: z.boolean().default(false),
    status: BlogStatusSchema.default("DRAFT"),
    featuredImage: z.string().trim().max(200).regex(BLOG_IMAGE_KEY_RE, ADMIN_MSG.blogImageMissing).nullish().transform((v) => v ?? null),
  })
  .strict();
export type BlogInput = z.input<typeof BlogInputSchema>;
export type BlogInputParsed = z.output<typeof BlogInputSchema>;

/** A post as the admin panel reads and edits it (any status). */
export const AdminBlogSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  /** Sanitised HTML. */
  content: z.string(),
  /** Nepali versions (docs/decisions/089); null when not written. */
  titleNe: z.string().nullable(),
  excerptNe: z.string().nullable(),
  contentNe: z.string().nullable(),
  categoryId: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.array(z.string()),
  metaTags: z.array(z.string()),
  featured: z.boolean(),
  status: BlogStatusSchema,
  featuredImage: z.object({ key: z.string(), url: z.string() }).nullable(),
  /** Earlier slugs that now redirect here permanently. */
  previousSlugs: z.array(z.string()),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlog = z.infer<typeof AdminBlogSchema>;

/** A card of the admin blog list. */
export const AdminBlogCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featured: z.boolean(),
  status: BlogStatusSchema,
  category: z.string().nullable(),
  featuredImage: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBlogCard = z.infer<typeof AdminBlogCardSchema>;

/** What an image upload of the blog editor returns: the storage key (for the featured image) and its URL. */
export const BlogImageUploadSchema = z.object({ key: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type BlogImageUpload = z.infer<typeof BlogImageUploadSchema>;

/** docs/product-rules.md §14: keywords are shown as primary (the first) and secondary (the rest). */
export function keywordRoles(keywords: string[]): { primary: string | null; secondary: string[] } {
  return { primary: keywords[0] ?? null, secondary: keywords.slice(1) };
}

/** "a, b ,c" → ["a","b","c"] (keywords, meta tags, colours typed as one line in the form). */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A BS month "2083-04" or a fiscal year "2083/84" (the sales register's periods). */
export const TaxPeriodSchema = z
  .string()
  .trim()
  .regex(/^(\d{4}-(0[1-9]|1[0-2])|\d{4}\/\d{2})$/, "Period must be a Bikram Sambat month like 2083-04 or a fiscal year like 2083/84");
export const AdminInvoicesQuerySchema = z
  .object({
    page: PageParam,
    limit: limitParam(20),
    q: SearchParam,
    kind: z.enum(["INVOICE", "CREDIT_NOTE"]).optional(),
    month: TaxPeriodSchema.optional(),
  })
  .strict();
export type AdminInvoicesQuery = z.output<typeof AdminInvoicesQuerySchema>;
/** Without a period: the current BS month. */
export const SalesRegisterQuerySchema = z.object({ period: TaxPeriodSchema.optional() }).strict();

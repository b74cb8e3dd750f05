// What the admin API answers (docs/decisions/050), route by route, except the order screens (their schemas come with
// the orders module). The server validates and serialises every answer with these; the admin screens use their types.
import { z } from "zod";
import { PaginationSchema } from "./api.js";
import { ADMIN_MSG, AdminBlogCardSchema, AdminBlogSchema, AdminUserSchema, BlogImageUploadSchema, MAX_SHOP_ADDRESS } from "./admin.js";
import { CategorySchema, ProductSchema } from "./catalog.js";
import { ActiveStatusSchema, OrderStatusSchema, PaymentMethodSchema, PaymentStatusSchema } from "./enums.js";
import { PAN_MESSAGE, PAN_PATTERN, VAT_NEEDS_PAN_MESSAGE } from "./invoice-rules.js";
import { DEFAULT_SHIPPING_RULE } from "./shipping.js";
import { DEFAULT_PRINT_FEE } from "./print-rules.js";

// ------------------------------------------------------------ store settings (docs/decisions/064, 066, 081)

/** A footer social link: an https address on the network's own site, or empty (then the link is not shown). */
const socialLink = (hosts: string[]) =>
  z
    .string()
    .trim()
    .max(300, "Must be at most 300 characters")
    .refine((v) => {
      if (v === "") return true;
      try {
        const u = new URL(v);
        const host = u.hostname.toLowerCase();
        return u.protocol === "https:" && hosts.some((h) => host === h || host.endsWith(`.${h}`));
      } catch {
        return false;
      }
    }, `Must be an https address on ${hosts[0]}, or empty`)
    .default("");

/** An amount of paisa in the shipping rule, every refusal naming the field as the settings form does. */
const shippingAmount = (message: string) => z.number({ error: message }).int(message).min(0, message);

/**
 * Store settings the admin edits (docs/decisions/064 for shipping, 066 for the figures). Stored as one JSON row,
 * defaults filled in; keys a newer version dropped are ignored when read.
 */
export const StoreSettingsSchema = z.object({
  shopName: z.string({ error: ADMIN_MSG.shopNameRequired }).min(1, ADMIN_MSG.shopNameRequired).max(100, ADMIN_MSG.shopNameTooLong).default("Khelkud"),
  phone: z.string().max(40, ADMIN_MSG.shopPhoneTooLong).default("+977-1-4412345"),
  email: z.email().default("support@khelkud.com.np"),
  address: z.string().max(MAX_SHOP_ADDRESS, ADMIN_MSG.addressTooLong).default("New Road, Kathmandu 44600, Nepal"),
  /**
   * The address on Nepali pages (docs/decisions/126); empty: the English one. No default text: a shop that moved must
   * not show the demo address in Nepali.
   */
  addressNe: z.string().trim().max(MAX_SHOP_ADDRESS, ADMIN_MSG.addressTooLong).default(""),
  /** The seller block of tax documents (docs/decisions/081); documents keep the values they were issued with. */
  legalName: z.string().trim().max(200, ADMIN_MSG.legalNameTooLong).default(""),
  legalAddress: z.string().trim().max(300, ADMIN_MSG.legalAddressTooLong).default(""),
  pan: z.union([z.literal(""), z.string().trim().regex(PAN_PATTERN, PAN_MESSAGE)]).default(""),
  vatRegistered: z.boolean().default(false),
  invoicePrefix: z
    .string()
    .trim()
    .max(12, ADMIN_MSG.invoicePrefixTooLong)
    .regex(/^[A-Za-z0-9/-]*$/, "Invoice prefix may contain letters, digits, - and / only")
    .default(""),
  /** The printing fee of personalisable products that name none (paisa; docs/decisions/100). */
  printFeePaisa: z
    .number({ error: "Printing fee must be a whole number of paisa" })
    .int("Printing fee must be a whole number of paisa")
    .min(0, "Printing fee cannot be negative")
    .max(10_000_000, ADMIN_MSG.printFeeTooLarge)
    .default(DEFAULT_PRINT_FEE),
  shipping: z
    .object({
      freeAbovePaisa: shippingAmount(ADMIN_MSG.freeShippingInvalid),
      valleyFeePaisa: shippingAmount(ADMIN_MSG.valleyFeeInvalid),
      elsewhereFeePaisa: shippingAmount(ADMIN_MSG.elsewhereFeeInvalid),
    })
    .default(DEFAULT_SHIPPING_RULE),
  /**
   * Figures on the home and about pages that the catalogue cannot count. Empty hides the figure: the shop never
   * shows a number nobody entered (the product and team counts come from the catalogue itself).
   */
  stats: z
    .object({
      customers: z.string().trim().max(20, ADMIN_MSG.figureTooLong).default(""),
      support: z.string().trim().max(20, ADMIN_MSG.figureTooLong).default(""),
    })
    .default({ customers: "", support: "" }),
  social: z
    .object({
      facebook: socialLink(["facebook.com"]),
      instagram: socialLink(["instagram.com"]),
      tiktok: socialLink(["tiktok.com"]),
      youtube: socialLink(["youtube.com", "youtu.be"]),
    })
    .default({ facebook: "", instagram: "", tiktok: "", youtube: "" }),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/**
 * What the administrator may save (PUT /api/admin/settings): the settings, no unknown key, and VAT only with the
 * seller's PAN (docs/decisions/175). Stored settings are read with StoreSettingsSchema, which does not refuse a row saved
 * before this rule.
 */
/**
 * The settings to save; `version`, the one the form was opened with (GET's), makes a save from a form opened before
 * another administrator's save answer 409 instead of putting their change back (docs/decisions/191).
 */
export const StoreSettingsInputSchema = StoreSettingsSchema.extend({ version: z.string().max(64).optional() }).strict().superRefine((s, ctx) => {
  if (s.vatRegistered && !s.pan) ctx.addIssue({ code: "custom", path: ["pan"], message: VAT_NEEDS_PAN_MESSAGE });
});

// ------------------------------------------------------------ dashboard, audit, debug

export const AdminDashboardSchema = z.object({
  revenue: z.object({ today: z.number(), last7Days: z.number(), last30Days: z.number() }),
  /**
   * This fiscal year's taxable sales and VAT from the issued invoices, credit notes subtracted; `vatRegistered`: the shop
   * charges VAT now (its settings); `hasPan`: the settings have the seller's PAN (false: bills go out without one).
   */
  tax: z.object({ fiscalYear: z.string(), vatRegistered: z.boolean(), hasPan: z.boolean(), taxable: z.number(), vat: z.number() }),
  ordersByStatus: z.record(z.string(), z.number()),
  codToCollect: z.object({ count: z.number(), amount: z.number() }),
  walletPending: z.object({ count: z.number(), amount: z.number() }),
  lowStock: z.array(z.object({ productId: z.string(), name: z.string(), slug: z.string(), size: z.string(), stock: z.number() })),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      customer: z.string().nullable(),
      totalAmount: z.number(),
      status: OrderStatusSchema,
      paymentMethod: PaymentMethodSchema,
      paymentStatus: PaymentStatusSchema,
      createdAt: z.string(),
    }),
  ),
  bestSellers: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number(), revenue: z.number() })),
  dailySales: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export const AdminAuditListSchema = z.object({ entries: z.array(AdminAuditEntrySchema), pagination: PaginationSchema });
export type AdminAuditList = z.infer<typeof AdminAuditListSchema>;

export const AdminDebugProductsSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      status: ActiveStatusSchema,
      price: z.number(),
      salePrice: z.number().nullable(),
      stock: z.number(),
      sizes: z.array(z.object({ size: z.string(), stock: z.number() })),
      images: z.array(z.string()),
      category: z.string().nullable(),
    }),
  ),
});

// ------------------------------------------------------------ catalogue: products and categories

export const AdminProductListSchema = z.object({ products: z.array(ProductSchema), pagination: PaginationSchema, overallTotal: z.number().int() });
export type AdminProductList = z.infer<typeof AdminProductListSchema>;
export const AdminProductResultSchema = z.object({ product: ProductSchema });
export const ProductRemovedSchema = z.object({ archived: z.boolean() });

export const AdminCategorySchema = CategorySchema.extend({ productCount: z.number().int(), postCount: z.number().int() });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryListSchema = z.object({ categories: z.array(AdminCategorySchema), counts: z.object({ PRODUCT: z.number().int(), BLOG: z.number().int() }) });
export type AdminCategoryList = z.infer<typeof AdminCategoryListSchema>;
export const AdminCategoryResultSchema = z.object({ category: CategorySchema });

/** What a delete answers when it only echoes the id. */
export const RemovedIdSchema = z.object({ id: z.string() });

// ------------------------------------------------------------ accounts: users

export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema), pagination: PaginationSchema, overallTotal: z.number().int() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;
export const AdminUserResultSchema = z.object({ user: AdminUserSchema });
export const UserRemovedSchema = z.object({ deactivated: z.boolean() });

// ------------------------------------------------------------ content: messages, subscribers, blog posts

export const AdminMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;
export const AdminMessageListSchema = z.object({ messages: z.array(AdminMessageSchema), pagination: PaginationSchema, unreadCount: z.number().int() });
export type AdminMessageList = z.infer<typeof AdminMessageListSchema>;
export const MessageReadSchema = z.object({ id: z.string(), read: z.boolean() });

export const AdminSubscriberSchema = z.object({ id: z.string(), email: z.string(), subscribedAt: z.string() });
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>;
export const AdminSubscriberListSchema = z.object({ subscribers: z.array(AdminSubscriberSchema), pagination: PaginationSchema });
export type AdminSubscriberList = z.infer<typeof AdminSubscriberListSchema>;

export const AdminBlogListSchema = z.object({ blogs: z.array(AdminBlogCardSchema), pagination: PaginationSchema, overallTotal: z.number().int() });
export type AdminBlogList = z.infer<typeof AdminBlogListSchema>;
export const AdminBlogResultSchema = z.object({ blog: AdminBlogSchema });
export const BlogImageResultSchema = z.object({ image: BlogImageUploadSchema });

// ------------------------------------------------------------ tax documents (docs/decisions/081)

export const AdminTaxDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(["INVOICE", "CREDIT_NOTE"]),
  /** As issued: an invoice of a VAT-registered seller is a "Tax Invoice", otherwise an "Invoice" (documentTitle). */
  vatRegistered: z.boolean(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  buyer: z.string(),
  issuedAt: z.string(),
  issuedDateBs: z.string(),
  total: z.number(),
  vat: z.number(),
  /** How many times it was printed or downloaded, and the first time (the original; every later one is marked COPY). */
  prints: z.number().int(),
  original: z.object({ at: z.string(), format: z.enum(["HTML", "PDF"]), byBuyer: z.boolean() }).nullable(),
});
export type AdminTaxDocument = z.infer<typeof AdminTaxDocumentSchema>;
export const AdminTaxDocumentListSchema = z.object({ documents: z.array(AdminTaxDocumentSchema), pagination: PaginationSchema });
export type AdminTaxDocumentList = z.infer<typeof AdminTaxDocumentListSchema>;

export const StoreSettingsResultSchema = z.object({ settings: StoreSettingsSchema, version: z.string().describe("changes with every save: send it back with the next one") });

export type AdminDebugProducts = z.infer<typeof AdminDebugProductsSchema>;
export type AdminProductResult = z.infer<typeof AdminProductResultSchema>;
export type ProductRemoved = z.infer<typeof ProductRemovedSchema>;
export type AdminCategoryResult = z.infer<typeof AdminCategoryResultSchema>;
export type RemovedId = z.infer<typeof RemovedIdSchema>;
export type AdminUserResult = z.infer<typeof AdminUserResultSchema>;
export type UserRemoved = z.infer<typeof UserRemovedSchema>;
export type MessageRead = z.infer<typeof MessageReadSchema>;
export type AdminBlogResult = z.infer<typeof AdminBlogResultSchema>;
export type BlogImageResult = z.infer<typeof BlogImageResultSchema>;
export type StoreSettingsResult = z.infer<typeof StoreSettingsResultSchema>;

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Personalisation, Player, PrintScript, ProductImage } from "@khelkud/contracts";
import { ORDER_STATUSES, RETURN_REASONS } from "@khelkud/contracts";
import { newId } from "../ids.js";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const stringList = (name: string) =>
  jsonb(name)
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

// ---------------------------------------------------------------- accounts
export const users = pgTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    phone: text("phone"),
    role: text("role", { enum: ["USER", "ADMIN"] }).notNull().default("USER"),
    status: text("status", { enum: ["ACTIVE", "INACTIVE"] }).notNull().default("ACTIVE"),
    avatarKey: text("avatar_key"),
    addressStreet: text("address_street"),
    addressCity: text("address_city"),
    /** Province of Nepal when the country is Nepal. */
    addressState: text("address_state"),
    addressDistrict: text("address_district"),
    addressLandmark: text("address_landmark"),
    addressPostalCode: text("address_postal_code"),
    addressCountry: text("address_country").notNull().default("Nepal"),
    /** Order updates by SMS / by e-mail (on by default) and marketing mail (off by default); docs/decisions/092. */
    notifyOrderSms: boolean("notify_order_sms").notNull().default(true),
    notifyOrderEmail: boolean("notify_order_email").notNull().default(true),
    marketingOptIn: boolean("marketing_opt_in").notNull().default(false),
    /** The shop's language chosen on the account (docs/decisions/086): null until the shopper switches; English then. */
    locale: text("locale", { enum: ["en", "ne"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    // The admin order list finds orders by a part of the customer's name or e-mail (docs/decisions/102).
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // A search holding an "@" reads the address's local part backwards from here (docs/decisions/148, migration 0023).
    index("users_email_local_reversed_idx").using("btree", sql`reverse(split_part(lower(${t.email}), '@', 1)) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    persistent: boolean("persistent").notNull().default(false),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    /** Null for a link "issued" for an address without an account: forgot-password does the same work either way (docs/decisions/079). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------- catalogue
export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    /** Nepali versions (docs/decisions/089): optional; the English text is shown when empty. */
    nameNe: text("name_ne"),
    descriptionNe: text("description_ne"),
    type: text("type", { enum: ["PRODUCT", "BLOG"] }).notNull(),
    status: text("status", { enum: ["ACTIVE", "INACTIVE"] }).notNull().default("ACTIVE"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_type_slug_uq").on(t.type, t.slug)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    /** Nepali versions (docs/decisions/089): optional; the English text is shown when empty. */
    nameNe: text("name_ne"),
    descriptionNe: text("description_ne"),
    brand: text("brand").notNull(),
    team: text("team"),
    /** The team in Nepali (docs/decisions/174); empty: the English team is shown. */
    teamNe: text("team_ne"),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "restrict" }),
    /** paisa */
    price: integer("price").notNull(),
    /** paisa; counts only when lower than price */
    salePrice: integer("sale_price"),
    colors: stringList("colors"),
    features: stringList("features"),
    /** The features in Nepali (docs/decisions/126); empty: the English list is shown. */
    featuresNe: stringList("features_ne"),
    specifications: jsonb("specifications")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Nepali values of the specification table by its English keys (docs/decisions/132); a key without one shows the English value. */
    specificationsNe: jsonb("specifications_ne")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    featured: boolean("featured").notNull().default(false),
    isNew: boolean("is_new").notNull().default(false),
    status: text("status", { enum: ["ACTIVE", "INACTIVE"] }).notNull().default("ACTIVE"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    keywords: stringList("keywords"),
    metaTags: stringList("meta_tags"),
    /** Kept in step with visible reviews by the review service. */
    ratingAverage: real("rating_average"),
    reviewCount: integer("review_count").notNull().default(0),
    /** Name-and-number printing (docs/decisions/100): offered at all, its fee (paisa; null: the store's default), scripts, the team's players. */
    personalisable: boolean("personalisable").notNull().default(false),
    printFee: integer("print_fee"),
    printScripts: jsonb("print_scripts")
      .$type<PrintScript[]>()
      .notNull()
      .default(sql`'["LATIN"]'::jsonb`),
    players: jsonb("players")
      .$type<Player[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_print_fee_non_negative", sql`${t.printFee} IS NULL OR ${t.printFee} >= 0`),
    index("products_category_idx").on(t.categoryId),
    index("products_status_created_idx").on(t.status, t.createdAt),
    index("products_featured_idx").on(t.featured),
    index("products_brand_idx").on(t.brand),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // The catalogue of a category at 100,000 products (docs/decisions/102): its count and brand counts read this
    // index alone (a brand filter is `lower(brand)`), and its pages in price or name order walk an index instead of
    // sorting the category.
    index("products_status_category_brand_idx").on(t.status, t.categoryId, sql`lower(${t.brand})`, t.brand),
    index("products_status_category_price_idx").on(
      t.status,
      t.categoryId,
      sql`(CASE WHEN ${t.salePrice} IS NOT NULL AND ${t.salePrice} < ${t.price} THEN ${t.salePrice} ELSE ${t.price} END)`,
      t.id,
    ),
    index("products_status_category_name_idx").on(t.status, t.categoryId, t.name, t.id),
    // Newest first within a category, and each order within one brand of it: indexes of the hand-written migration 0018
    // (docs/decisions/133), not declared here, so that a generated migration never creates them a second time.
    check("products_price_positive", sql`${t.price} > 0`),
    check("products_sale_price_positive", sql`${t.salePrice} IS NULL OR ${t.salePrice} > 0`),
  ],
);

/**
 * Stock is kept per size (docs/product-rules.md §4); a product's stock is the sum. The table also has
 * `product_name` and `product_status`, copies of its product's kept by triggers for the dashboard's low-stock list and
 * its index (migration 0014, docs/decisions/125); they are not in this model, so the app never reads or writes them.
 */
export const productSizes = pgTable(
  "product_sizes",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    stock: integer("stock").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check("product_sizes_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** storage key of the original, e.g. products/3f9a….png */
    key: text("key").notNull(),
    altText: text("alt_text").notNull().default(""),
    /** The same description in Nepali, for Nepali pages; empty shows the product's Nepali name (docs/decisions/135). */
    altTextNe: text("alt_text_ne").notNull().default(""),
    isPrimary: boolean("is_primary").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.sortOrder)],
);

// ---------------------------------------------------------------- orders and payments
/** The address as it was when the order was placed (a snapshot: later profile edits never change it). */
export interface ShippingAddress {
  fullName: string;
  email: string;
  phone: string;
  /** Street / tole. */
  address: string;
  /** Orders from before addresses had districts: the free-text city that decided their fee. */
  city?: string;
  province?: string;
  district?: string;
  /** Municipality / area. */
  area?: string;
  landmark?: string;
  postalCode: string;
  country?: string;
}

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", {
      enum: ORDER_STATUSES,
    })
      .notNull()
      .default("PENDING"),
    paymentMethod: text("payment_method", { enum: ["COD", "KHALTI", "ESEWA"] }).notNull(),
    paymentStatus: text("payment_status", { enum: ["PENDING", "PAID", "FAILED", "REFUNDED"] })
      .notNull()
      .default("PENDING"),
    subtotal: integer("subtotal").notNull(),
    shippingCost: integer("shipping_cost").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    totalAmount: integer("total_amount").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    notes: text("notes"),
    idempotencyKey: text("idempotency_key"),
    trackingNumber: text("tracking_number"),
    courier: text("courier"),
    paidAt: ts("paid_at"),
    cashCollectedAt: ts("cash_collected_at"),
    /** Unpaid wallet orders are cancelled after this moment and their stock released. */
    paymentExpiresAt: ts("payment_expires_at"),
    /** Set once stock has been given back, so it is never returned twice. */
    stockReleasedAt: ts("stock_released_at"),
    /** A paid order's customer asked to cancel; an administrator approves it with a refund (docs/decisions/078). */
    cancellationRequestedAt: ts("cancellation_requested_at"),
    cancellationReason: text("cancellation_reason"),
    /** A delivered order's customer asked to send it back (docs/decisions/190); Record return or a decline answers it. */
    returnRequestedAt: ts("return_requested_at"),
    returnReason: text("return_reason", { enum: RETURN_REASONS }),
    returnDetails: text("return_details"),
    /** The buyer's PAN/VAT number for the tax invoice, when given at checkout (9 digits). */
    buyerPan: text("buyer_pan"),
    /** The language the order was placed in: its e-mails and SMS speak it (docs/decisions/087). */
    locale: text("locale", { enum: ["en", "ne"] }).notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With the order's id and (in migration 0021, as INCLUDE) its status: the admin search counts and pages a
    // customer's orders from the index alone (docs/decisions/143).
    index("orders_user_created_id_idx").on(t.userId, t.createdAt, t.id),
    // The admin list of one status, newest first (migration 0029, docs/decisions/164; it replaced one on the status alone).
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_created_idx").on(t.createdAt),
    // The admin order list finds an order by a part of its number (docs/decisions/102).
    index("orders_number_trgm_idx").using("gin", sql`${t.orderNumber} gin_trgm_ops`),
    // ... and by the last eight characters of its id, the number its customer reads on the shop's pages (migration 0033).
    index("orders_id_tail_idx").on(sql`right(${t.id}, 8)`),
    // The dashboard's sums at a million orders read these indexes alone, not the orders (docs/decisions/102).
    index("orders_paid_moment_idx")
      .on(sql`(coalesce(${t.paidAt}, ${t.createdAt}))`, t.totalAmount, t.paidAt, t.createdAt)
      .where(sql`${t.paymentStatus} = 'PAID'`),
    index("orders_money_waiting_idx")
      .on(t.paymentMethod, t.totalAmount)
      .where(sql`${t.paymentStatus} = 'PENDING' AND ${t.status} <> 'CANCELLED'`),
    // The admin's "Waiting for an answer": open return and cancellation requests (migration 0037, docs/decisions/190).
    index("orders_return_requested_idx").on(t.returnRequestedAt).where(sql`${t.returnRequestedAt} IS NOT NULL AND ${t.status} = 'DELIVERED'`),
    index("orders_cancellation_requested_idx").on(t.cancellationRequestedAt).where(sql`${t.cancellationRequestedAt} IS NOT NULL AND ${t.status} IN ('PENDING', 'PROCESSING')`),
    uniqueIndex("orders_user_idempotency_uq").on(t.userId, t.idempotencyKey),
    check("orders_total_consistent", sql`${t.totalAmount} = ${t.subtotal} + ${t.shippingCost} - ${t.discountAmount}`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    productName: text("product_name").notNull(),
    /** The product's Nepali name when the order was placed, if it had one (docs/decisions/117). */
    productNameNe: text("product_name_ne"),
    productSlug: text("product_slug").notNull(),
    imageUrl: text("image_url"),
    size: text("size").notNull(),
    color: text("color").notNull().default("Default"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    /** What is printed on this line's shirts, as ordered (never changed afterwards); null for a plain shirt (docs/decisions/100). */
    personalisation: jsonb("personalisation").$type<Personalisation>(),
    /** Printing fee per item (paisa), snapshot of the moment the order was placed; included in line_total. */
    printFee: integer("print_fee").notNull().default(0),
    /** When the print shop marked the line printed; a personalised line without it holds the order back from SHIPPED. */
    printedAt: ts("printed_at"),
    printedByUserId: text("printed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    lineTotal: integer("line_total").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_unprinted_idx").on(t.orderId).where(sql`${t.personalisation} IS NOT NULL AND ${t.printedAt} IS NULL`),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_print_fee_non_negative", sql`${t.printFee} >= 0`),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    note: text("note"),
    changedByUserId: text("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

/** One row per payment attempt (Pay Now retries, audits). */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: ["COD", "KHALTI", "ESEWA"] }).notNull(),
    /** Khalti pidx, eSewa transaction_uuid; null for cash on delivery. */
    reference: text("reference"),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["PENDING", "PAID", "FAILED", "REFUNDED"] }).notNull().default("PENDING"),
    transactionId: text("transaction_id"),
    providerResponse: jsonb("provider_response").$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    uniqueIndex("payments_provider_reference_uq").on(t.provider, t.reference),
    index("payments_status_idx").on(t.status, t.createdAt),
  ],
);

/** Money given back for a paid order: at most one per order (docs/decisions/078). */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    method: text("method", { enum: ["KHALTI", "ESEWA", "CASH", "BANK_TRANSFER"] }).notNull(),
    /** The wallet's refund id, a bank reference or a receipt number. */
    reference: text("reference").notNull(),
    note: text("note"),
    refundedByUserId: text("refunded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("refunds_order_uq").on(t.orderId), check("refunds_amount_positive", sql`${t.amount} > 0`)],
);

// ---------------------------------------------------------------- tax documents (docs/decisions/081)

/** The last number given per document kind and fiscal year: bumped with UPDATE … RETURNING inside the paying transaction. */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text("kind", { enum: ["INVOICE", "CREDIT_NOTE"] }).notNull(),
    fiscalYear: text("fiscal_year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fiscalYear] })],
);

export interface TaxParty {
  name: string;
  address: string;
  phone?: string | null;
  email?: string | null;
  pan?: string | null;
}

export interface TaxDocumentLine {
  description: string;
  /** The line in Nepali, on a document printed in Nepali (docs/decisions/117). */
  descriptionNe?: string | null;
  size?: string | null;
  quantity: number;
  rate: number;
  amount: number;
  taxable: number;
  vat: number;
}

/** Invoices and credit notes as issued: every printed figure is stored, and a trigger refuses UPDATE and DELETE. */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: id(),
    kind: text("kind", { enum: ["INVOICE", "CREDIT_NOTE"] }).notNull(),
    number: text("number").notNull().unique(),
    fiscalYear: text("fiscal_year").notNull(),
    sequence: integer("sequence").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** A credit note's invoice. */
    invoiceId: text("invoice_id"),
    issuedAt: ts("issued_at").notNull(),
    /** Nepal's calendar day of issue in BS, "2083-04-01". */
    issuedDateBs: text("issued_date_bs").notNull(),
    vatRegistered: boolean("vat_registered").notNull(),
    seller: jsonb("seller").$type<TaxParty>().notNull(),
    buyer: jsonb("buyer").$type<TaxParty>().notNull(),
    orderNumber: text("order_number").notNull(),
    lines: jsonb("lines").$type<TaxDocumentLine[]>().notNull(),
    shippingAmount: integer("shipping_amount").notNull(),
    shippingTaxable: integer("shipping_taxable").notNull(),
    shippingVat: integer("shipping_vat").notNull(),
    taxable: integer("taxable").notNull(),
    vat: integer("vat").notNull(),
    exempt: integer("exempt").notNull(),
    total: integer("total").notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentReference: text("payment_reference"),
    reason: text("reason"),
    /** The language the document is printed in: its order's, at issue (docs/decisions/117). */
    locale: text("locale", { enum: ["en", "ne"] }).notNull().default("en"),
  },
  (t) => [
    uniqueIndex("tax_documents_kind_order_uq").on(t.kind, t.orderId),
    uniqueIndex("tax_documents_kind_year_seq_uq").on(t.kind, t.fiscalYear, t.sequence),
    index("tax_documents_issued_idx").on(t.issuedAt),
    check("tax_documents_total_consistent", sql`${t.total} = ${t.taxable} + ${t.vat} + ${t.exempt}`),
  ],
);

/** Every print or download of a document; the first one is the original, later ones are marked COPY. */
export const taxDocumentPrints = pgTable(
  "tax_document_prints",
  {
    id: id(),
    documentId: text("document_id")
      .notNull()
      .references(() => taxDocuments.id, { onDelete: "restrict" }),
    printedByUserId: text("printed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    format: text("format", { enum: ["HTML", "PDF"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("tax_document_prints_doc_idx").on(t.documentId, t.createdAt)],
);

/** When a periodic job last ran, shared by every instance, so a job runs once per interval across them (docs/decisions/079). */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastStartedAt: ts("last_started_at").notNull(),
  lastFinishedAt: ts("last_finished_at"),
  lastResult: jsonb("last_result").$type<unknown>(),
  lastInstance: text("last_instance"),
});

/**
 * The notifications outbox (docs/decisions/090): one row per e-mail or SMS to send, written in the transaction of the
 * order's change. `dedupe_key` makes a fact recorded twice one row; `claim_id` + `locked_until` are the worker's lease,
 * `status` SENT with `sent_at` the marker that it was handed over.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** order.placed, order.payment_received, order.status_changed:SHIPPED, order.cancelled, order.returned, order.payment_failed. */
    kind: text("kind").notNull(),
    channel: text("channel", { enum: ["EMAIL", "SMS"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    /** The fact and the order snapshot the e-mail's HTML is rendered from when it is sent (docs/decisions/090). */
    payload: jsonb("payload").$type<unknown>(),
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status", { enum: ["PENDING", "SENDING", "SENT", "FAILED"] }).notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    claimId: text("claim_id"),
    lastError: text("last_error"),
    providerRef: text("provider_ref"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_uq").on(t.dedupeKey),
    index("notifications_due_idx").on(t.status, t.nextAttemptAt),
    index("notifications_order_idx").on(t.orderId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- engagement
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("reviews_product_user_uq").on(t.productId, t.userId), check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`)],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

// ---------------------------------------------------------------- content
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    /** Sanitised HTML (allow-list) — never stored raw. */
    content: text("content").notNull(),
    /** Nepali versions (docs/decisions/089): optional; the English text is shown when empty. content_ne is sanitised like content. */
    titleNe: text("title_ne"),
    excerptNe: text("excerpt_ne"),
    contentNe: text("content_ne"),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "restrict" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull().default("Admin"),
    featuredImageKey: text("featured_image_key"),
    featured: boolean("featured").notNull().default(false),
    status: text("status", { enum: ["DRAFT", "PUBLISHED", "ARCHIVED"] }).notNull().default("DRAFT"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    keywords: stringList("keywords"),
    metaTags: stringList("meta_tags"),
    publishedAt: ts("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blog_posts_status_published_idx").on(t.status, t.publishedAt), index("blog_posts_category_idx").on(t.categoryId)],
);

/**
 * Earlier slugs of a post. `/blogs/{old}` answers a permanent redirect to the post's current slug while the post is
 * published; a slug another post takes over leaves this table (the live post wins the address).
 */
export const blogSlugHistory = pgTable(
  "blog_slug_history",
  {
    slug: text("slug").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("blog_slug_history_post_idx").on(t.postId)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: ts("read_at"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    subscribedAt: createdAt(),
    unsubscribedAt: ts("unsubscribed_at"),
  },
  (t) => [uniqueIndex("newsletter_email_lower_uq").on(sql`lower(${t.email})`)],
);

export const storeSettings = pgTable("store_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    // The log of one kind, newest first (migration 0030, docs/decisions/165).
    index("audit_log_type_created_idx").on(t.entityType, t.createdAt, t.id),
  ],
);

export type ProductImageRow = typeof productImages.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type { ProductImage };

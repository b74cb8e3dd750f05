import { z } from "zod";
import { limitParam } from "./api.js";
import { fillMessage } from "./messages.js";
import { RETURN_REASONS } from "./enum-values.js";
import { OrderStatusSchema, PaymentMethodSchema, PaymentStatusSchema, RefundMethodSchema, ReturnReasonSchema } from "./enums.js";
import { findDistrict, PROVINCE_NAMES, provinceOfDistrict } from "./nepal-districts.js";
import { placeName } from "./nepal-places-ne.js";
import { ADDRESS_MSG, CART_ISSUES, MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE, MAX_WISHLIST_ITEMS, ORDER_TEMPLATE, postalCodeFor } from "./order-rules.js";
import { PAN_MESSAGE, PAN_PATTERN } from "./invoice-rules.js";
import { PersonalisationInputSchema, PersonalisationSchema } from "./personalisation.js";
import type { Locale } from "./locale.js";


const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `must be at most ${max} characters`);

const provinceField = z
  .string({ error: ADDRESS_MSG.provinceRequired })
  .trim()
  .min(1, ADDRESS_MSG.provinceRequired)
  .max(40, ADDRESS_MSG.provinceUnknown)
  .transform((v, ctx) => {
    const p = PROVINCE_NAMES.find((n) => n.toLowerCase() === v.toLowerCase());
    if (!p) {
      ctx.addIssue({ code: "custom", message: ADDRESS_MSG.provinceUnknown });
      return z.NEVER;
    }
    return p;
  });

const districtField = z
  .string({ error: ADDRESS_MSG.districtRequired })
  .trim()
  .min(1, ADDRESS_MSG.districtRequired)
  .max(40, ADDRESS_MSG.districtUnknown)
  .transform((v, ctx) => {
    const d = findDistrict(v);
    if (!d) {
      ctx.addIssue({ code: "custom", message: ADDRESS_MSG.districtUnknown });
      return z.NEVER;
    }
    return d;
  });

/**
 * Checkout form and POST /api/orders share these rules and the specification's messages. The address is
 * province → district → municipality/area → street/tole (+ landmark); the district decides the shipping
 * fee, so it must be one of Nepal's districts and lie in the chosen province (docs/decisions/064).
 */
export const ShippingAddressFieldsSchema = z
  .object({
    fullName: requiredText("Full Name is required", 100),
    email: z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(200, "must be at most 200 characters")
      .pipe(z.email("Invalid email address")),
    phone: requiredText("Phone is required", 30),
    province: provinceField,
    district: districtField,
    area: requiredText(ADDRESS_MSG.areaRequired, 100),
    address: requiredText("Address is required", 300),
    landmark: z
      .string()
      .trim()
      .max(200, "must be at most 200 characters")
      .optional()
      .transform((v) => v || undefined),
    postalCode: z
      .string()
      .trim()
      .max(20, "must be at most 20 characters")
      .optional(),
  })
  .superRefine((a, ctx) => {
    const province = provinceOfDistrict(a.district);
    if (province && province !== a.province) ctx.addIssue({ code: "custom", path: ["district"], message: fillMessage(ORDER_TEMPLATE.districtProvince, { district: a.district, province, given: a.province }) });
  });
/** The address as an order keeps it: a blank postal code becomes Kathmandu's default only in Kathmandu district. */
export const ShippingAddressSchema = ShippingAddressFieldsSchema.transform((a) => ({ ...a, postalCode: postalCodeFor(a.postalCode, a.district) }));
export type ShippingAddressInput = z.input<typeof ShippingAddressSchema>;
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

// A product id is text: a missing one is "required", one of another type (a number) "must be text".
const productIdField = z
  .string({ error: (issue) => (issue.input === undefined ? "productId is required" : "productId must be text") })
  .trim()
  .min(1, "productId is required")
  .max(100, "productId is too long");
const sizeField = z.string({ error: "size is required" }).trim().min(1, "size is required").max(20, "size is too long");
const colorField = z.string().trim().max(40, "color is too long").optional().transform((v) => (v && v.toLowerCase() !== "default" ? v : "Default"));

export const OrderLineInputSchema = z.object({
  productId: productIdField,
  size: sizeField,
  color: colorField,
  quantity: z
    .number({ error: "quantity must be a whole number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(MAX_QUANTITY_PER_LINE, fillMessage(ORDER_TEMPLATE.perItemMax, { max: MAX_QUANTITY_PER_LINE })),
  /** Name and number to print (docs/decisions/100); the server checks it against the product and prices it. */
  personalisation: PersonalisationInputSchema.optional(),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/**
 * Body of POST /api/orders. Any total, shipping cost, price or amount a client adds is stripped
 * (unknown keys are dropped): the server computes every amount (docs/product-rules.md §1, §2).
 */
export const PlaceOrderInputSchema = z.object({
  items: z.array(OrderLineInputSchema, { error: "items are required" }).min(1, "Your cart is empty").max(MAX_ORDER_LINES, fillMessage(ORDER_TEMPLATE.linesMax, { max: MAX_ORDER_LINES })),
  shippingAddress: ShippingAddressSchema,
  paymentMethod: PaymentMethodSchema.default("COD"),
  notes: z.string().trim().max(500, "notes must be at most 500 characters").optional(),
  /** The buyer's PAN/VAT number for the tax invoice (optional). */
  buyerPan: z.union([z.literal(""), z.string().trim().regex(PAN_PATTERN, PAN_MESSAGE)]).optional(),
  /** The shopper ticked that personalised items cannot be returned for a change of mind; required when a line is personalised. */
  acceptNoReturns: z.boolean().optional(),
});
export type PlaceOrderInput = z.input<typeof PlaceOrderInputSchema>;

export const OrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  /** The product's Nepali name when the order was placed (null when it had none); Nepali pages show it. */
  nameNe: z.string().nullable(),
  slug: z.string(),
  image: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int().describe("paisa"),
  /** The name and number printed on this line's shirts, as ordered; null for a plain shirt. */
  personalisation: PersonalisationSchema.nullable(),
  printFee: z.number().int().describe("paisa per item, 0 without printing"),
  /** When the print shop marked the line printed (null: not yet, or nothing to print). */
  printedAt: z.string().nullable(),
  lineTotal: z.number().int().describe("paisa: (unitPrice + printFee) × quantity"),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderStatusEntrySchema = z.object({
  status: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderStatusEntry = z.infer<typeof OrderStatusEntrySchema>;

/** Money given back for a paid order (docs/decisions/078). */
export const RefundSchema = z.object({
  amount: z.number().int().describe("paisa"),
  method: RefundMethodSchema,
  reference: z.string(),
  note: z.string().nullable(),
  refundedAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** The customer's request to cancel a paid order. */
export const CancellationRequestInputSchema = z
  .object({ reason: z.string().trim().max(500, "reason must be at most 500 characters").optional() })
  .strict();

/** The customer's request to send a delivered order back (docs/decisions/190): why, and in their own words. */
export const ReturnRequestInputSchema = z
  .object({
    reason: z.enum(RETURN_REASONS, { error: "Please choose why you are sending it back" }).describe("SIZE: the size does not fit; FAULTY: faulty or damaged; WRONG_ITEM: not what was ordered; CHANGED_MIND"),
    details: z.string().trim().max(500, "details must be at most 500 characters").optional(),
  })
  .strict();
export type ReturnRequestInput = z.infer<typeof ReturnRequestInputSchema>;

/** An order as its owner (or an administrator) sees it. Money fields are integer paisa. */
export const OrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: OrderStatusSchema,
  paymentMethod: PaymentMethodSchema,
  paymentStatus: PaymentStatusSchema,
  subtotal: z.number().int(),
  shippingCost: z.number().int(),
  discountAmount: z.number().int(),
  totalAmount: z.number().int(),
  shippingAddress: z.object({
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Orders placed before addresses had districts keep their free-text city and nothing below. */
    city: z.string().optional(),
    province: z.string().optional(),
    district: z.string().optional(),
    area: z.string().optional(),
    address: z.string(),
    landmark: z.string().optional(),
    postalCode: z.string(),
    country: z.string().optional(),
  }),
  notes: z.string().nullable(),
  items: z.array(OrderItemSchema),
  statusHistory: z.array(OrderStatusEntrySchema),
  /** What the shop's staff entered when the parcel left: shown to the customer on the order page and in the order list. */
  trackingNumber: z.string().nullable(),
  courier: z.string().nullable(),
  paymentExpiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Set when the customer asked to cancel a paid order; the shop answers with a refund (or declines). */
  cancellationRequestedAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** Set when the customer asked to send a delivered order back; the shop records the return or declines. */
  returnRequestedAt: z.string().nullable(),
  returnReason: ReturnReasonSchema.nullable(),
  returnDetails: z.string().nullable(),
  refund: RefundSchema.nullable(),
  /** The buyer's PAN for the tax invoice, when given. */
  buyerPan: z.string().nullable(),
  /** The tax invoice's number once the order is paid (docs/decisions/081); then GET /api/orders/{id}/invoice.pdf serves it. */
  invoiceNumber: z.string().nullable(),
  /** The credit note's number once an invoiced order was refunded. */
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

export const ListOrdersQuerySchema = z.object({ limit: limitParam(20) }).strict();
export const OrderIdBodySchema = z.object({ orderId: z.string({ error: "orderId is required" }).trim().min(1, "orderId is required").max(100) });


// ---------------------------------------------------------------- cart check (POST /api/cart/validate)

export const CartCheckLineSchema = z.object({
  productId: productIdField,
  size: z.string().trim().max(20).default("default"),
  color: colorField,
  quantity: z.number({ error: "quantity must be a whole number" }).int("quantity must be a whole number").min(1, "quantity must be at least 1").max(1000, "quantity is too large"),
  /** The price the cart shows (paisa), only to tell the shopper that it changed. Never used for money. */
  price: z.number().int().min(0).optional(),
  personalisation: PersonalisationInputSchema.optional(),
});

export const CartCheckInputSchema = z.object({
  items: z.array(CartCheckLineSchema).max(MAX_ORDER_LINES * 2, "Too many items in the cart"),
  /** The chosen district for the exact fee; without it the summary is the valley estimate. */
  district: z.string().trim().max(40).optional(),
});
export type CartCheckInput = z.input<typeof CartCheckInputSchema>;


export const CartCheckLineResultSchema = z.object({
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  requestedQuantity: z.number().int(),
  /** What can be bought now: the requested quantity bounded by stock and the per-line maximum; 0 when unavailable. */
  quantity: z.number().int(),
  available: z.boolean(),
  name: z.string().nullable(),
  /** The product's Nepali name, where one is written (docs/decisions/089). */
  nameNe: z.string().nullable(),
  slug: z.string().nullable(),
  image: z.string().nullable(),
  price: z.number().int().nullable().describe("paisa: current price the shopper pays"),
  originalPrice: z.number().int().nullable(),
  stock: z.number().int(),
  /** The print as the server normalised it, and its fee per item (paisa, 0 without printing). */
  personalisation: PersonalisationSchema.nullable(),
  printFee: z.number().int(),
  lineTotal: z.number().int(),
  issues: z.array(z.object({ code: z.enum(CART_ISSUES), message: z.string() })),
});
export type CartCheckLine = z.infer<typeof CartCheckLineResultSchema>;

export const CartSummarySchema = z.object({
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  shippingCost: z.number().int(),
  total: z.number().int(),
  /** The district the fee is for, or null for the estimate (Kathmandu Valley fee). */
  district: z.string().nullable(),
  insideValley: z.boolean(),
  freeShippingAbove: z.number().int(),
  amountToFreeShipping: z.number().int(),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;

export const CartCheckResultSchema = z.object({
  lines: z.array(CartCheckLineResultSchema),
  summary: CartSummarySchema,
  canCheckout: z.boolean(),
});
export type CartCheckResult = z.infer<typeof CartCheckResultSchema>;

// ---------------------------------------------------------------- wishlist on the server

export const WishlistEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Nepali name, where the admin wrote one: a Nepali page shows it (docs/decisions/179). */
  nameNe: z.string().nullable(),
  slug: z.string(),
  price: z.number().int().describe("paisa: what the shopper pays"),
  originalPrice: z.number().int(),
  image: z.string().nullable(),
  brand: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  stock: z.number().int(),
  addedAt: z.string(),
});
export type WishlistEntry = z.infer<typeof WishlistEntrySchema>;

export const WishlistAddSchema = z.object({ productId: productIdField });
export const WishlistMergeSchema = z.object({ productIds: z.array(productIdField).max(MAX_WISHLIST_ITEMS, "Too many wishlist items") });

/**
 * The municipality/area as the shopper wrote it, or null when it only repeats the district ("Lalitpur, Lalitpur"): the
 * district then says it once, in the page's language.
 */
export function areaBesidesDistrict(a: Pick<Order["shippingAddress"], "area" | "district">): string | null {
  const area = a.area?.trim();
  return area && area.toLowerCase() !== a.district?.trim().toLowerCase() ? area : null;
}

/**
 * One line for a shipping address snapshot: street/tole, landmark, municipality/area, district, province (or the old
 * free-text city). What the shopper wrote stays as written; the shop's own words and Nepal's district and province
 * names are in the page's language ("near Bhatbhateni, Lalitpur, Bagmati Province"; "Bhatbhateni नजिक, ललितपुर,
 * बागमती प्रदेश"; docs/decisions/188).
 */
export function formatShippingAddress(a: Order["shippingAddress"], locale: Locale = "en"): string {
  const ne = locale === "ne";
  const near = a.landmark ? (ne ? `${a.landmark} नजिक` : `near ${a.landmark}`) : null;
  const province = a.province ? (ne ? `${placeName(a.province, locale)} प्रदेश` : `${a.province} Province`) : null;
  const place = a.district ? [areaBesidesDistrict(a), placeName(a.district, locale), province] : [a.city];
  return [a.address, near, ...place].filter((x): x is string => Boolean(x && x.trim())).join(", ");
}

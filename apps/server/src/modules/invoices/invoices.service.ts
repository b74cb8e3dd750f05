import {
  adDateInNepal,
  bsDateOf,
  bsMonthRange,
  documentNumber,
  fiscalYearLabel,
  fiscalYearOf,
  fiscalYearRange,
  fiscalYearStart,
  formatBs,
  formatShippingAddress,
  invoiceAmounts,
  ORDER_MSG,
  personalisationLabel,
  refundMethodLabel,
  vatIncluded,
  WALLET_LABEL,
  type InvoiceLineInput,
  type RefundMethod,
  type Locale,
  type TaxDocumentKind,
} from "@khelkud/contracts";
import type { Db, DbOrTx } from "../../db/client.js";
import type { ShippingAddress, TaxParty, UserRow } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { offsetOf, pagination } from "../../lib/paging.js";
import { StoreSettingsSchema } from "../settings/settings.service.js";
import * as repo from "./invoices.repository.js";

export const INVOICE_NOT_FOUND = ORDER_MSG.invoiceNotFound;
export type TaxDocument = repo.TaxDocumentRow;
type Viewer = Pick<UserRow, "id" | "role">;

/** The seller block as the settings say now; copied onto each document, so later changes never reach issued ones. */
async function sellerNow(tx: DbOrTx): Promise<{ seller: TaxParty; vatRegistered: boolean; prefix: string }> {
  const parsed = StoreSettingsSchema.safeParse(await repo.storedSettings(tx));
  const s = parsed.success ? parsed.data : StoreSettingsSchema.parse({});
  return {
    seller: { name: s.legalName || s.shopName, address: s.legalAddress || s.address, phone: s.phone, email: s.email, pan: s.pan || null },
    vatRegistered: s.vatRegistered,
    prefix: s.invoicePrefix,
  };
}

/**
 * The buyer's address on a bill, whole enough to find the buyer (docs/decisions/175): street/tole, landmark,
 * municipality/area (with its ward), district, province and postal code — as the order page writes it, in the order's
 * language. Stored as text on the document, so bills issued before keep the shorter address they were issued with.
 */
function buyerAddress(a: ShippingAddress, locale: Locale): string {
  return [formatShippingAddress(a, locale), a.postalCode].filter((x) => Boolean(x && x.trim())).join(", ");
}

function paymentLabel(method: string): string {
  return method === "COD" ? "Cash on Delivery" : (WALLET_LABEL[method as keyof typeof WALLET_LABEL] ?? method);
}

/**
 * Issues the order's tax invoice inside `tx` — the transaction that records the payment as paid, so the invoice and the
 * payment commit together or not at all (docs/decisions/081). Returns the existing invoice when there is one (a second
 * "cash collected" issues nothing new) and null for an order that is not paid.
 */
export async function issueInvoice(tx: DbOrTx, orderId: string, now: Date): Promise<TaxDocument | null> {
  const existing = await repo.findForOrder(tx, orderId, "INVOICE");
  if (existing) return existing;
  const order = await repo.orderRow(tx, orderId);
  if (!order || order.paymentStatus !== "PAID") return null;
  // One after another: a transaction is one connection, which runs one statement at a time anyway (node-postgres
  // queues concurrent ones, a use it has deprecated).
  const items = await repo.itemsOf(tx, orderId);
  const payment = await repo.paidPayment(tx, orderId);
  const { seller, vatRegistered, prefix } = await sellerNow(tx);
  // An order placed in Nepali gets a bilingual document whose lines read in Nepali too (docs/decisions/117).
  const ne = order.locale === "ne";
  // A personalised line is billed as the shirt and, on a line of its own, "Printing: PAUDEL 7" (docs/decisions/100).
  const lines: (InvoiceLineInput & { descriptionNe: string | null })[] = items.flatMap((i) => {
    const name = { description: i.productName, descriptionNe: ne ? (i.productNameNe ?? i.productName) : null };
    return i.personalisation
      ? [
          { ...name, size: i.size, quantity: i.quantity, rate: i.unitPrice, amount: i.lineTotal - i.printFee * i.quantity },
          {
            description: `Printing: ${personalisationLabel(i.personalisation)}`,
            descriptionNe: ne ? `छपाइ: ${personalisationLabel(i.personalisation)}` : null,
            size: i.size,
            quantity: i.quantity,
            rate: i.printFee,
            amount: i.printFee * i.quantity,
          },
        ]
      : [{ ...name, size: i.size, quantity: i.quantity, rate: i.unitPrice, amount: i.lineTotal }];
  });
  if (order.discountAmount > 0) lines.push({ description: "Discount", descriptionNe: ne ? "छुट" : null, quantity: 1, rate: -order.discountAmount, amount: -order.discountAmount });
  const amounts = invoiceAmounts(lines, order.shippingCost, vatRegistered);
  const fiscalYear = fiscalYearOf(now);
  const sequence = await repo.nextSequence(tx, "INVOICE", fiscalYear);
  const a = order.shippingAddress;
  return repo.insertDocument(tx, {
    kind: "INVOICE",
    number: documentNumber("INVOICE", prefix, fiscalYear, sequence),
    fiscalYear,
    sequence,
    orderId,
    issuedAt: now,
    issuedDateBs: formatBs(bsDateOf(now)),
    vatRegistered,
    seller,
    buyer: { name: a.fullName, address: buyerAddress(a, order.locale), phone: a.phone, email: a.email, pan: order.buyerPan },
    orderNumber: order.orderNumber,
    lines: amounts.lines.map((l, n) => ({
      description: l.description,
      ...(ne ? { descriptionNe: lines[n]!.descriptionNe } : {}),
      size: l.size ?? null,
      quantity: l.quantity,
      rate: l.rate,
      amount: l.amount,
      taxable: l.taxable,
      vat: l.vat,
    })),
    shippingAmount: amounts.shipping.amount,
    shippingTaxable: amounts.shipping.taxable,
    shippingVat: amounts.shipping.vat,
    taxable: amounts.taxable,
    vat: amounts.vat,
    exempt: amounts.exempt,
    total: amounts.total,
    paymentMethod: paymentLabel(order.paymentMethod),
    paymentReference: order.paymentMethod === "COD" ? "Cash collected on delivery" : (payment?.transactionId ?? payment?.reference ?? null),
    locale: order.locale,
  });
}

/**
 * Issues a credit note against the order's invoice inside `tx` (a refund or a cancellation of an invoiced order). It has
 * its own sequence and refers to the invoice, which stays as it was. `amount` (VAT-inclusive) defaults to the whole
 * invoice. A refund of the goods without the delivery fee (a customer's return, as the returns page refunds it) credits
 * the invoice's goods lines and not the delivery. Any other smaller refund is credited as one line, which says the goods
 * came back when `goodsReturned`. `refund`: how the money went back, which the credit note names in place of the
 * invoice's payment (docs/decisions/191). Returns null when the order has no invoice; an existing credit note is
 * returned as it is.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  orderId: string,
  now: Date,
  reason: string,
  amount?: number,
  { goodsReturned = false, refund }: { goodsReturned?: boolean; refund?: { method: RefundMethod; reference: string } } = {},
): Promise<TaxDocument | null> {
  const invoice = await repo.findForOrder(tx, orderId, "INVOICE");
  if (!invoice) return null;
  const existing = await repo.findForOrder(tx, orderId, "CREDIT_NOTE");
  if (existing) return existing;
  const { seller, prefix } = await sellerNow(tx);
  const whole = amount === undefined || amount >= invoice.total;
  const goodsOnly = !whole && invoice.shippingAmount > 0 && amount === invoice.total - invoice.shippingAmount;
  const credit = whole ? invoice.total : amount;
  const lines =
    whole || goodsOnly
      ? invoice.lines
      : (() => {
          const vat = invoice.vatRegistered ? vatIncluded(credit) : 0;
          const [en, ne] = goodsReturned
            ? [`Goods returned: partial refund against invoice ${invoice.number}`, `बिजक ${invoice.number} का सामान फिर्ता: आंशिक रकम फिर्ता`]
            : [`Partial refund against invoice ${invoice.number}`, `बिजक ${invoice.number} को आंशिक रकम फिर्ता`];
          return [{ description: en, ...(invoice.locale === "ne" ? { descriptionNe: ne } : {}), size: null, quantity: 1, rate: credit, amount: credit, taxable: credit - vat, vat }];
        })();
  const shipping = whole ? { amount: invoice.shippingAmount, taxable: invoice.shippingTaxable, vat: invoice.shippingVat } : { amount: 0, taxable: 0, vat: 0 };
  const taxable = lines.reduce((s, l) => s + l.taxable, shipping.taxable);
  const vat = lines.reduce((s, l) => s + l.vat, shipping.vat);
  const fiscalYear = fiscalYearOf(now);
  const sequence = await repo.nextSequence(tx, "CREDIT_NOTE", fiscalYear);
  return repo.insertDocument(tx, {
    kind: "CREDIT_NOTE",
    number: documentNumber("CREDIT_NOTE", prefix, fiscalYear, sequence),
    fiscalYear,
    sequence,
    orderId,
    invoiceId: invoice.id,
    issuedAt: now,
    issuedDateBs: formatBs(bsDateOf(now)),
    vatRegistered: invoice.vatRegistered,
    // The seller's identity as it is now; the buyer as on the invoice.
    seller: { ...seller, pan: seller.pan ?? invoice.seller.pan ?? null },
    buyer: invoice.buyer,
    orderNumber: invoice.orderNumber,
    lines,
    shippingAmount: shipping.amount,
    shippingTaxable: shipping.taxable,
    shippingVat: shipping.vat,
    taxable,
    vat,
    exempt: 0,
    total: taxable + vat,
    paymentMethod: refund ? `Refunded by ${refundMethodLabel(refund.method)}` : invoice.paymentMethod,
    paymentReference: refund ? refund.reference : invoice.paymentReference,
    reason,
    // In the language of the invoice it corrects.
    locale: invoice.locale,
  });
}

export interface SalesRegisterRow {
  dateBs: string;
  dateAd: string;
  number: string;
  kind: TaxDocumentKind;
  buyer: string;
  buyerPan: string;
  total: number;
  taxable: number;
  vat: number;
  exempt: number;
}

/**
 * A period's sales book as it is read (decision 159): its title, its rows a page of documents at a time, and its
 * totals, complete once the rows have all been read.
 */
export interface SalesRegister {
  title: string;
  rows: AsyncIterable<SalesRegisterRow>;
  totals: { total: number; taxable: number; vat: number; exempt: number };
}

/** Documents read per query while a register is written out. */
export const REGISTER_PAGE = 2_000;

/** "2083-08": the BS month it is now in Nepal. */
export function currentBsMonth(now = new Date()): string {
  return formatBs(bsDateOf(now)).slice(0, 7);
}

/** Which period a register covers: a BS month ("2083-04") or a fiscal year ("2083/84"). */
export function registerPeriod(period: string): { title: string; from: Date; to: Date } | null {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  const year = /^(\d{4})\/(\d{2})$/.exec(period);
  try {
    if (month) {
      const y = Number(month[1]);
      const m = Number(month[2]);
      return { title: `Sales register ${period} (BS)`, ...bsMonthRange(y, m) };
    }
    if (year && fiscalYearLabel(Number(year[1])) === period) return { title: `Sales register, fiscal year ${period}`, ...fiscalYearRange(Number(year[1])) };
  } catch {
    return null;
  }
  return null;
}

export function createInvoicesService(db: Db) {
  /** The order's document for its owner or an administrator; 404 for anyone else and when there is none. */
  async function forViewer(viewer: Viewer, orderId: string, kind: TaxDocumentKind = "INVOICE"): Promise<TaxDocument> {
    const order = await repo.orderRow(db, orderId);
    if (!order || (order.userId !== viewer.id && viewer.role !== "ADMIN")) throw notFound(INVOICE_NOT_FOUND);
    const doc = await repo.findForOrder(db, orderId, kind);
    if (!doc) throw notFound(INVOICE_NOT_FOUND);
    return doc;
  }

  return {
    forViewer,
    async byId(id: string): Promise<TaxDocument> {
      const doc = await repo.findById(db, id);
      if (!doc) throw notFound(INVOICE_NOT_FOUND);
      return doc;
    },
    /** Records a print; true when it is a reprint (to be marked COPY). */
    async printed(doc: TaxDocument, userId: string | null, format: "HTML" | "PDF"): Promise<boolean> {
      return (await repo.recordPrint(db, doc.id, userId, format)) > 0;
    },
    /** Which of these orders have an invoice (for Download bill buttons). */
    invoicedOrders: (orderIds: string[]) => repo.findOrdersWithInvoice(db, orderIds),
    async list(q: { q?: string; kind?: TaxDocumentKind; month?: string; page: number; limit: number }) {
      const range = q.month ? registerPeriod(q.month) : null;
      const filter = { q: q.q, kind: q.kind, from: range?.from, to: range?.to };
      const [rows, total] = await Promise.all([repo.listDocuments(db, filter, q.limit, offsetOf(q.page, q.limit)), repo.countDocuments(db, filter)]);
      return {
        documents: rows.map(({ doc, prints, original }) => ({
          id: doc.id,
          kind: doc.kind,
          // Decides the title the list shows: "Tax Invoice" or "Invoice", as on the document itself.
          vatRegistered: doc.vatRegistered,
          number: doc.number,
          orderId: doc.orderId,
          orderNumber: doc.orderNumber,
          buyer: doc.buyer.name,
          issuedAt: doc.issuedAt.toISOString(),
          issuedDateBs: doc.issuedDateBs,
          total: doc.total,
          vat: doc.vat,
          prints,
          original: original ? { ...original, at: new Date(original.at).toISOString() } : null,
        })),
        pagination: pagination(q.page, q.limit, total),
      };
    },
    /**
     * The sales book for a period: one row per document, credit notes negative, and totals. The rows are read
     * REGISTER_PAGE documents at a time while they are written out, so a fiscal year of a million documents never
     * sits in memory (decision 159). Null for a period that does not parse.
     */
    register(period: string, pageSize = REGISTER_PAGE): SalesRegister | null {
      const p = registerPeriod(period);
      if (!p) return null;
      const totals = { total: 0, taxable: 0, vat: 0, exempt: 0 };
      async function* rows(): AsyncGenerator<SalesRegisterRow> {
        for (let after: string | null = null; ; ) {
          const docs = await repo.documentsBetween(db, p!.from, p!.to, after, pageSize);
          for (const d of docs) {
            const sign = d.kind === "CREDIT_NOTE" ? -1 : 1;
            const ad = adDateInNepal(d.issuedAt);
            const row = {
              dateBs: d.issuedDateBs.replaceAll("-", "."),
              dateAd: `${ad.year}-${String(ad.month).padStart(2, "0")}-${String(ad.day).padStart(2, "0")}`,
              number: d.number,
              kind: d.kind,
              buyer: d.buyer.name,
              buyerPan: d.buyer.pan ?? "",
              total: sign * d.total,
              taxable: sign * d.taxable,
              vat: sign * d.vat,
              exempt: sign * d.exempt,
            };
            totals.total += row.total;
            totals.taxable += row.taxable;
            totals.vat += row.vat;
            totals.exempt += row.exempt;
            yield row;
          }
          if (docs.length < pageSize) return;
          after = docs.at(-1)!.id;
        }
      }
      return { title: p.title, rows: rows(), totals };
    },
    /**
     * This fiscal year's taxable sales and VAT (credit notes subtracted), for the dashboard, and whether the settings
     * have the seller's PAN (bills issued without one are warned about, docs/decisions/175).
     */
    async fiscalYearToDate(now = new Date()) {
      const start = fiscalYearStart(bsDateOf(now));
      const { from, to } = fiscalYearRange(start);
      const [{ vatRegistered, seller }, totals] = await Promise.all([sellerNow(db), repo.taxTotals(db, from, to)]);
      return { fiscalYear: fiscalYearLabel(start), vatRegistered, hasPan: Boolean(seller.pan), ...totals };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

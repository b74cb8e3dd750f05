import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { amountInNepaliWords, amountInWords, bsMonthRange, fiscalYearOf, fiscalYearRange, formatAmount, formatBs, bsDateOf, PAN_MESSAGE, toNepaliDigits, VAT_NEEDS_PAN_MESSAGE } from "@khelkud/contracts";
import { signedInAs, useWalletShop, type Who } from "../../test/wallet-shop.js";
import { insertProduct } from "../../test/factories.js";
import { insertOrder } from "../admin/test-helpers.js";
import { createAdminOrdersService } from "../orders/orders-admin.service.js";
import { documentCounters, orders, storeSettings, taxDocuments } from "../../db/schema/index.js";
import { payOnKhalti } from "../../payments/simulator/testing.js";
import { issueCreditNote, issueInvoice } from "./invoices.service.js";
import { taxTotals } from "./invoices.repository.js";
import { pdfText } from "../../test/pdf-text.js";

/** Tax invoices and credit notes (docs/decisions/081). */

const shop = useWalletShop();

const get = (who: Who | null, url: string) => shop.t.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
const post = shop.post;

const SELLER = { legalName: "Khelkud Sports Pvt. Ltd.", legalAddress: "New Road, Kathmandu", pan: "609876543", vatRegistered: true, invoicePrefix: "" };

/** PUT replaces the settings (fields left out take their defaults), so every call sends the seller block. */
async function setSettings(patch: object) {
  const res = await shop.t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: shop.admin.headers, payload: { ...SELLER, ...patch } });
  expect(res.statusCode).toBe(200);
}

/** A delivered cash-on-delivery order, waiting for its cash. */
async function deliveredCod(userId: string, items?: { productId: string; size: string; quantity: number; unitPrice?: number }[]) {
  const product = items ? null : await insertProduct(shop.t.database.db, { price: 249_900 });
  return insertOrder(shop.t.database.db, { userId, status: "DELIVERED", paymentMethod: "COD", items: items ?? [{ productId: product!.id, size: "M", quantity: 1, unitPrice: 249_900 }] });
}

async function invoicesOf(orderId: string) {
  return shop.t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
}

beforeEach(() => setSettings({}));

describe("issuing an invoice when the payment is recorded", () => {
  it("issues one numbered tax invoice when the administrator records cash collected, and none for a second collection", async () => {
    const order = await deliveredCod(shop.customer.id);
    expect((await get(shop.customer, `/api/orders/${order.id}/invoice`)).statusCode).toBe(404);

    expect((await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`)).statusCode).toBe(200);
    const again = await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    expect(again.statusCode).toBe(409);

    const docs = await invoicesOf(order.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.number).toMatch(new RegExp(`^${fiscalYearOf(new Date()).replace("/", "\\/")}-\\d{6}$`));
    expect(docs[0]).toMatchObject({ kind: "INVOICE", total: order.totalAmount, paymentMethod: "Cash on Delivery", issuedDateBs: formatBs(bsDateOf(new Date())) });
    const seen = (await get(shop.customer, `/api/orders/${order.id}`)).json().data.order;
    expect(seen.invoiceNumber).toBe(docs[0]!.number);
  });

  it("issues the invoice at wallet confirmation, with the wallet's transaction id", async () => {
    const product = await insertProduct(shop.t.database.db, { price: 250_000 });
    const started = (await post(shop.customer, "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: { fullName: "राम श्रेष्ठ", email: "ram@example.com", phone: "9800000002", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" } } })).json().data;
    expect(await invoicesOf(started.orderId)).toHaveLength(0);
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect((await post(shop.customer, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
    const [doc] = await invoicesOf(started.orderId);
    expect(doc).toMatchObject({ kind: "INVOICE", paymentMethod: "Khalti", buyer: { name: "राम श्रेष्ठ" } });
    expect(doc!.paymentReference).toEqual(expect.any(String));
  });

  it("numbers 200 concurrent payments 1…200 with no gap and no duplicate", async () => {
    const fy = fiscalYearOf(new Date());
    const [before] = await shop.t.database.db.select().from(documentCounters).where(sql`${documentCounters.kind} = 'INVOICE' and ${documentCounters.fiscalYear} = ${fy}`);
    const start = before?.lastNumber ?? 0;
    const product = await insertProduct(shop.t.database.db, { price: 100 });
    const list = [];
    for (let i = 0; i < 200; i++) list.push(await insertOrder(shop.t.database.db, { userId: shop.customer.id, status: "DELIVERED", items: [{ productId: product.id, size: "M", quantity: 1, unitPrice: 100 }] }));
    const answers = await Promise.all(list.map((o) => post(shop.admin, `/api/admin/orders/${o.id}/cash-collected`)));
    expect(answers.map((a) => a.statusCode)).toEqual(list.map(() => 200));
    const docs = await shop.t.database.db.select().from(taxDocuments).where(sql`${taxDocuments.orderId} in ${list.map((o) => o.id)}`);
    expect(docs).toHaveLength(200);
    expect(docs.map((d) => d.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => start + i + 1));
    expect(new Set(docs.map((d) => d.number)).size).toBe(200);
  });

  it("gives a number back when the paying transaction rolls back, so there is no gap", async () => {
    const a = await deliveredCod(shop.customer.id);
    const now = new Date();
    let taken = 0;
    await expect(
      shop.t.database.db.transaction(async (tx) => {
        await tx.update(orders).set({ paymentStatus: "PAID" }).where(eq(orders.id, a.id));
        taken = (await issueInvoice(tx, a.id, now))!.sequence;
        throw new Error("crash between payment and commit");
      }),
    ).rejects.toThrow("crash");
    expect(await invoicesOf(a.id)).toHaveLength(0);
    expect((await post(shop.admin, `/api/admin/orders/${a.id}/cash-collected`)).statusCode).toBe(200);
    expect((await invoicesOf(a.id))[0]!.sequence).toBe(taken);
  });

  it("starts a new fiscal year's numbers on 1 Shrawan: the last day of Asar and the next day get different years", async () => {
    const actor = { id: shop.admin.id, ip: null };
    const lastOfAsar = await deliveredCod(shop.customer.id);
    const firstOfShrawan = await deliveredCod(shop.customer.id);
    await createAdminOrdersService(shop.t.database.db, shop.t.app.services.orders.lifecycle, () => new Date("2025-07-16T18:00:00Z")).collectCash(actor, lastOfAsar.id); // 23:45 in Kathmandu
    await createAdminOrdersService(shop.t.database.db, shop.t.app.services.orders.lifecycle, () => new Date("2025-07-16T18:20:00Z")).collectCash(actor, firstOfShrawan.id); // 00:05 next day
    expect((await invoicesOf(lastOfAsar.id))[0]).toMatchObject({ number: "2081/82-000001", fiscalYear: "2081/82", issuedDateBs: "2082-03-32" });
    expect((await invoicesOf(firstOfShrawan.id))[0]).toMatchObject({ number: "2082/83-000001", fiscalYear: "2082/83", issuedDateBs: "2082-04-01" });
  });

  it("keeps an issued invoice as it is: the database refuses UPDATE and DELETE", async () => {
    const order = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    await expect(shop.t.database.db.update(taxDocuments).set({ total: 1 }).where(eq(taxDocuments.orderId, order.id))).rejects.toThrow();
    await expect(shop.t.database.db.delete(taxDocuments).where(eq(taxDocuments.orderId, order.id))).rejects.toThrow();
    expect((await invoicesOf(order.id))[0]!.total).toBe(order.totalAmount);
  });
});

describe("amounts", () => {
  it("takes 13% VAT out of each line and shipping, rounded to the paisa, and the columns add up to what was paid", async () => {
    const prices = [100, 249_900, 199_950, 1_000, 333_300, 99_900, 150_000, 700, 12_300, 249_900]; // Rs. 1, Rs. 2,499, a sale price Rs. 1,999.50, …
    const items = [];
    for (const [i, price] of prices.entries()) items.push({ productId: (await insertProduct(shop.t.database.db, { price })).id, size: "M", quantity: (i % 3) + 1, unitPrice: price });
    const order = await deliveredCod(shop.customer.id, items);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    const [doc] = await invoicesOf(order.id);
    expect(doc!.lines).toHaveLength(10);
    expect(doc!.total).toBe(order.totalAmount);
    expect(doc!.taxable + doc!.vat).toBe(order.totalAmount);
    const line = (rate: number, quantity: number) => doc!.lines.find((l) => l.rate === rate && l.quantity === quantity);
    expect(line(100, 1)).toMatchObject({ amount: 100, vat: 12, taxable: 88 });
    expect(line(249_900, 2)).toMatchObject({ amount: 499_800, vat: 57_499, taxable: 442_301 });
    expect(line(199_950, 3)).toMatchObject({ amount: 599_850, vat: 69_009, taxable: 530_841 });
    expect({ vat: doc!.shippingVat, taxable: doc!.shippingTaxable }).toEqual({ vat: 1_726, taxable: 13_274 });
    expect(doc!.vat).toBe(doc!.lines.reduce((s, l) => s + l.vat, doc!.shippingVat));
  });

  it("issues an Invoice without VAT when the shop is not VAT-registered", async () => {
    await setSettings({ vatRegistered: false });
    const order = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    const [doc] = await invoicesOf(order.id);
    expect(doc).toMatchObject({ vatRegistered: false, vat: 0, taxable: order.totalAmount });
    const html = (await get(shop.customer, `/api/orders/${order.id}/invoice`)).body;
    expect(html).toContain("<h1>Invoice</h1>");
    expect(html).not.toContain("VAT 13%");
    // The dashboard knows, so it shows no VAT figure for a shop that charges none.
    expect((await get(shop.admin, "/api/admin/dashboard")).json().data.tax.vatRegistered).toBe(false);
  });
});

describe("settings and the buyer's PAN", () => {
  it("refuses a PAN that is not 9 digits, in the settings and at checkout", async () => {
    const bad = await shop.t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: shop.admin.headers, payload: { pan: "12345" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(PAN_MESSAGE);
    const product = await insertProduct(shop.t.database.db);
    const address = { fullName: "Sita Rai", email: "sita@example.com", phone: "9800000003", address: "Baneshwor", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };
    const refused = await post(shop.customer, "/api/orders", { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address, buyerPan: "98765432a" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(PAN_MESSAGE);
    const placed = await post(shop.customer, "/api/orders", { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: address, buyerPan: "987654321" });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.order.buyerPan).toBe("987654321");
  });

  it("copies the seller block at issue: later settings change only later documents", async () => {
    await setSettings({ invoicePrefix: "KK-" });
    const first = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${first.id}/cash-collected`);
    await setSettings({ legalName: "Renamed Traders", pan: "111222333", invoicePrefix: "RT-" });
    const second = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${second.id}/cash-collected`);
    const [a] = await invoicesOf(first.id);
    const [b] = await invoicesOf(second.id);
    expect(a).toMatchObject({ seller: { name: "Khelkud Sports Pvt. Ltd.", pan: "609876543" } });
    expect(a!.number.startsWith("KK-")).toBe(true);
    expect(b).toMatchObject({ seller: { name: "Renamed Traders", pan: "111222333" } });
    expect(b!.number.startsWith("RT-")).toBe(true);
    // The admin's search finds a bill by its whole number with the prefix it was issued with, or without any prefix.
    const found = async (q: string) => (await get(shop.admin, `/api/admin/invoices?q=${encodeURIComponent(q)}&limit=100`)).json().data.documents.map((d: { id: string }) => d.id);
    expect(await found(a!.number)).toEqual([a!.id]);
    expect(await found(a!.number.slice("KK-".length))).toContain(a!.id);
    expect(await found(`RT-${a!.number.slice("KK-".length)}`)).toEqual([]);
    const html = (await get(shop.customer, `/api/orders/${first.id}/invoice`)).body;
    expect(html).toContain("Khelkud Sports Pvt. Ltd.");
    expect(html).not.toContain("Renamed Traders");
  });
});

describe("credit notes", () => {
  it("issues a credit note with its own number when an invoiced order is refunded; the invoice stays as it was", async () => {
    const product = await insertProduct(shop.t.database.db, { price: 250_000 });
    const started = (await post(shop.customer, "/api/payments/khalti/initiate-with-order", { orderData: { items: [{ productId: product.id, size: "M", quantity: 2 }], shippingAddress: { fullName: "Paid Shrestha", email: "p@example.com", phone: "9800000002", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" } } })).json().data;
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    await post(shop.customer, "/api/payments/khalti/verify", { pidx: started.pidx });
    const [invoice] = await invoicesOf(started.orderId);
    expect((await get(shop.customer, `/api/orders/${started.orderId}/credit-note.pdf`)).statusCode).toBe(404);

    expect((await post(shop.admin, `/api/admin/orders/${started.orderId}/refund`, { method: "KHALTI", reference: "KH-RF-77" })).statusCode).toBe(200);
    const docs = await invoicesOf(started.orderId);
    const note = docs.find((d) => d.kind === "CREDIT_NOTE")!;
    expect(note).toMatchObject({ invoiceId: invoice!.id, total: invoice!.total, vat: invoice!.vat, taxable: invoice!.taxable });
    expect(note.number).toMatch(/^CN-\d{4}\/\d{2}-\d{6}$/);
    expect(docs.find((d) => d.kind === "INVOICE")).toEqual(invoice);
    const order = (await get(shop.customer, `/api/orders/${started.orderId}`)).json().data.order;
    expect(order.creditNoteNumber).toBe(note.number);
    const pdf = await get(shop.customer, `/api/orders/${started.orderId}/credit-note.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });
});

describe("the bill: HTML and PDF, owner or administrator only", () => {
  it("shows the owner and an administrator the bill, marks reprints COPY, and tells anyone else it does not exist", async () => {
    await setSettings({ invoicePrefix: "" });
    const order = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    const [doc] = await invoicesOf(order.id);

    const first = await get(shop.customer, `/api/orders/${order.id}/invoice`);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toContain("text/html");
    expect(first.body).toContain("Tax Invoice");
    expect(first.body).toContain(doc!.number);
    expect(first.body).toContain("609876543");
    expect(first.body).toContain("VAT 13%");
    expect(first.body).toContain(`${doc!.issuedDateBs.replaceAll("-", ".")} BS`);
    expect(first.body).not.toContain(">COPY<");
    const second = await get(shop.admin, `/api/orders/${order.id}/invoice`);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(">COPY<");

    const pdf = await get(shop.customer, `/api/orders/${order.id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const stranger = await signedInAs(shop.t);
    expect((await get(stranger, `/api/orders/${order.id}/invoice`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);
    expect((await get(null, `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(401);
    for (const id of ["%00", "nope", "x".repeat(300), "%E0%A4"]) expect((await get(shop.customer, `/api/orders/${id}/invoice.pdf`)).statusCode).toBeLessThan(500);
  });

  it("survives a client that goes away in the middle of a PDF", async () => {
    const order = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    await shop.t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = shop.t.app.server.address() as AddressInfo;
    const cookie = shop.customer.headers.cookie!;
    await new Promise<void>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: `/api/orders/${order.id}/invoice.pdf`, headers: { cookie } }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => resolve());
      // Or before the answer even starts.
      const early = http.get({ host: "127.0.0.1", port, path: `/api/orders/${order.id}/invoice.pdf`, headers: { cookie } });
      early.on("error", () => undefined);
      early.destroy();
    });
    const after = await fetch(`http://127.0.0.1:${port}/api/orders/${order.id}/invoice.pdf`, { headers: { cookie } });
    expect(after.status).toBe(200);
    expect(Buffer.from(await after.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("admin: documents, sales register, dashboard", () => {
  it("lists documents by number, customer and BS month; the register subtracts credit notes, as CSV and as a spreadsheet", async () => {
    const order = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    const [doc] = await invoicesOf(order.id);
    const month = doc!.issuedDateBs.slice(0, 7);

    const byNumber = (await get(shop.admin, `/api/admin/invoices?q=${encodeURIComponent(doc!.number)}`)).json().data;
    expect(byNumber.documents.map((d: { id: string }) => d.id)).toEqual([doc!.id]);
    // A whole number is looked up as itself (in any case), a part of one through the trigram index (docs/decisions/130).
    const found = async (q: string) => (await get(shop.admin, `/api/admin/invoices?q=${encodeURIComponent(q)}&limit=100`)).json().data.documents.map((d: { id: string }) => d.id);
    expect(await found(doc!.number.toLowerCase())).toEqual([doc!.id]);
    expect(await found(doc!.number.slice(-9))).toContain(doc!.id);
    expect(await found(`${doc!.number}7`)).toEqual([]);
    // The buyer's address, whole or a part holding its "@", in any case (its own index, docs/decisions/148).
    const email = doc!.buyer.email!;
    const at = email.indexOf("@");
    expect(await found(email.toUpperCase())).toContain(doc!.id);
    expect(await found(email.slice(1, at + 3))).toContain(doc!.id);
    expect(await found(`${email.slice(0, at)}x@`)).not.toContain(doc!.id);
    expect(await found(`${email.slice(0, at)}@x`)).not.toContain(doc!.id);
    const byMonth = (await get(shop.admin, `/api/admin/invoices?month=${month}&limit=100`)).json().data;
    expect(byMonth.documents.some((d: { id: string }) => d.id === doc!.id)).toBe(true);
    expect((await get(shop.admin, "/api/admin/invoices?month=2083-13")).statusCode).toBe(400);
    expect((await get(shop.customer, "/api/admin/invoices")).statusCode).toBe(403);

    const csv = await get(shop.admin, `/api/admin/sales-register.csv?period=${month}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Date (BS),Date (AD),Invoice No.,Document,Buyer,Buyer PAN,Total (Rs.),Taxable (Rs.),VAT (Rs.),Exempt (Rs.)");
    expect(lines.some((l) => l.includes(doc!.number) && l.includes((doc!.vat / 100).toFixed(2)))).toBe(true);
    const rows = lines.slice(1, -1).map((l) => l.split(","));
    const sum = (col: number) => rows.reduce((s, r) => s + Math.round(Number(r[col]) * 100), 0);
    const total = lines.at(-1)!.split(",");
    expect(Math.round(Number(total[8]) * 100)).toBe(sum(8));
    expect(rows.some((r) => r[3] === "Credit note" && Number(r[6]) < 0)).toBe(true); // the refund above

    const xlsx = await get(shop.admin, `/api/admin/sales-register.xlsx?period=${encodeURIComponent(fiscalYearOf(new Date()))}`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(4).value).toBe("Total");
    const dash = (await get(shop.admin, "/api/admin/dashboard")).json().data;
    expect(dash.tax.fiscalYear).toBe(fiscalYearOf(new Date()));
    expect(dash.tax.vatRegistered).toBe(true);
    expect(Math.round(Number(last.getCell(9).value) * 100)).toBe(dash.tax.vat);
    expect((await get(shop.admin, "/api/admin/sales-register.csv?period=1990-01")).statusCode).toBe(400);
  });
});

describe("the sales register read a page at a time (docs/decisions/159)", () => {
  it("gives every document of a fiscal year once, in the same order and with the same totals, whatever the page size", async () => {
    const year = fiscalYearOf(new Date());
    const read = async (pageSize: number) => {
      const register = shop.t.app.services.invoices.register(year, pageSize)!;
      const numbers: string[] = [];
      for await (const row of register.rows) numbers.push(row.number);
      return { numbers, totals: register.totals };
    };
    const whole = await read(100_000);
    expect(whole.numbers.length).toBeGreaterThan(200);
    expect(new Set(whole.numbers).size).toBe(whole.numbers.length);
    for (const pageSize of [1, 7, 200]) expect(await read(pageSize)).toEqual(whole);
    expect(shop.t.app.services.invoices.register("2083-13")).toBeNull();
  });
});

describe("tax totals kept per Nepal day (docs/decisions/130)", () => {
  /** Taxable and VAT of the documents issued in [from, to), credit notes subtracted, counted from the documents. */
  async function fromDocuments(from: Date, to: Date) {
    const result = (await shop.t.database.db.execute(sql`SELECT
        coalesce(sum(CASE WHEN kind = 'INVOICE' THEN taxable ELSE -taxable END), 0)::float8 AS taxable,
        coalesce(sum(CASE WHEN kind = 'INVOICE' THEN vat ELSE -vat END), 0)::float8 AS vat
      FROM tax_documents WHERE issued_at >= ${from.toISOString()}::timestamptz AND issued_at < ${to.toISOString()}::timestamptz`)) as unknown as { rows: { taxable: number; vat: number }[] };
    return { taxable: Number(result.rows[0]!.taxable), vat: Number(result.rows[0]!.vat) };
  }

  it("equal a sum over the documents for fiscal years, BS months and ranges that cut through days", async () => {
    const db = shop.t.database.db;
    const actor = { id: shop.admin.id, ip: null };
    const collectAt = async (at: string) => {
      const order = await deliveredCod(shop.customer.id);
      await createAdminOrdersService(db, shop.t.app.services.orders.lifecycle, () => new Date(at)).collectCash(actor, order.id);
      return order;
    };
    // Either side of Nepal midnight at the end of Asar 2082 (the fiscal year's last day) and of a BS month's last day,
    // and one refunded two days later (a credit note in another day).
    await collectAt("2025-07-16T18:00:00Z"); // 23:45 in Kathmandu, 32 Asar 2082
    await collectAt("2025-07-16T18:20:00Z"); // 00:05, 1 Shrawan 2082
    const refunded = await collectAt("2025-08-16T18:14:59Z"); // 23:59:59, 31 Shrawan 2082
    await collectAt("2025-08-16T18:15:00Z"); // 00:00, 1 Bhadra 2082
    await db.transaction((tx) => issueCreditNote(tx, refunded.id, new Date("2025-08-18T06:00:00Z"), "Returned"));

    // The kept days are the documents' days, every one of them.
    const days = (await db.execute(sql`SELECT day::text, kind, documents::int, taxable::float8, vat::float8 FROM tax_document_days ORDER BY 1, 2`)) as unknown as { rows: unknown[] };
    const counted = (await db.execute(sql`SELECT khelkud_nepal_day(issued_at)::text AS day, kind, count(*)::int AS documents, sum(taxable)::float8 AS taxable, sum(vat)::float8 AS vat
      FROM tax_documents GROUP BY 1, 2 ORDER BY 1, 2`)) as unknown as { rows: unknown[] };
    expect(days.rows).toEqual(counted.rows);
    expect(days.rows.length).toBeGreaterThanOrEqual(5);

    const ranges: [Date, Date][] = [
      [fiscalYearRange(2081).from, fiscalYearRange(2081).to],
      [fiscalYearRange(2082).from, fiscalYearRange(2082).to],
      [bsMonthRange(2082, 4).from, bsMonthRange(2082, 4).to],
      [bsMonthRange(2082, 5).from, bsMonthRange(2082, 5).to],
      // Inside one day, across a midnight, and from the middle of one day to the middle of another.
      [new Date("2025-07-16T18:10:00Z"), new Date("2025-07-16T18:30:00Z")],
      [new Date("2025-07-16T17:00:00Z"), new Date("2025-08-16T18:15:00.001Z")],
      [new Date("2025-08-16T18:14:59Z"), new Date("2025-08-18T06:00:00.001Z")],
      [new Date("2025-08-18T06:00:00.001Z"), new Date("2025-08-19T00:00:00Z")],
    ];
    for (const [from, to] of ranges) expect(await taxTotals(db, from, to), `${from.toISOString()} – ${to.toISOString()}`).toEqual(await fromDocuments(from, to));
    expect((await taxTotals(db, fiscalYearRange(2081).from, fiscalYearRange(2081).to)).vat).toBeGreaterThan(0);
    expect((await taxTotals(db, bsMonthRange(2082, 4).from, bsMonthRange(2082, 4).to)).vat).toBeGreaterThan(0);

    // The admin list's count without a search comes from the same days: every document, a month's, a kind's.
    const documentCount = async (from: Date, to: Date, kind?: string) =>
      Number(
        ((await db.execute(sql`SELECT count(*)::int AS n FROM tax_documents WHERE issued_at >= ${from.toISOString()}::timestamptz AND issued_at < ${to.toISOString()}::timestamptz
          AND (${kind ?? null}::text IS NULL OR kind = ${kind ?? null})`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
      );
    const total = async (query: string) => {
      const res = await get(shop.admin, `/api/admin/invoices?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.pagination.total as number;
    };
    const always: [Date, Date] = [new Date("2000-01-01T00:00:00Z"), new Date("2100-01-01T00:00:00Z")];
    expect(await total("")).toBe(await documentCount(...always));
    expect(await total("kind=CREDIT_NOTE")).toBe(await documentCount(...always, "CREDIT_NOTE"));
    expect(await total("month=2082-05")).toBe(await documentCount(bsMonthRange(2082, 5).from, bsMonthRange(2082, 5).to));
    expect(await total("month=2082-05&kind=INVOICE")).toBe(await documentCount(bsMonthRange(2082, 5).from, bsMonthRange(2082, 5).to, "INVOICE"));
    expect(await total("month=2081/82")).toBe(await documentCount(fiscalYearRange(2081).from, fiscalYearRange(2081).to));
    expect(await total("month=2082-05")).toBe(2);
  });
});

describe("a Nepali order's bill and credit note (docs/decisions/117)", () => {
  const ADDRESS = { fullName: "सीता पौडेल", email: "sita@example.com", phone: "9800000003", address: "Jhamsikhel", province: "Bagmati", district: "Lalitpur", area: "Lalitpur" };

  /** A Khalti order placed from a Nepali page (the storefront sends the page's language), paid, so it has its invoice. */
  async function paidNepaliOrder(items: { productId: string; size: string; quantity: number }[], language = "ne") {
    const started = (
      await shop.t.app.inject({ method: "POST", url: "/api/payments/khalti/initiate-with-order", headers: { ...shop.customer.headers, "accept-language": language }, payload: { orderData: { items, shippingAddress: ADDRESS } } })
    ).json().data;
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect((await post(shop.customer, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
    return started.orderId as string;
  }

  it("prints the labels in Nepali with the English beside them, Nepali names and digits, the BS date with the Gregorian, and keeps numbers and PAN as issued", async () => {
    await setSettings({ invoicePrefix: "KK-" });
    const named = await insertProduct(shop.t.database.db, { name: "Nepal Home Jersey Bill", nameNe: "नेपाल घरेलु जर्सी", price: 249_900 });
    const plain = await insertProduct(shop.t.database.db, { name: "Plain Training Tee", price: 120_000, sizes: [{ size: "L", stock: 5 }] });
    const orderId = await paidNepaliOrder([
      { productId: named.id, size: "M", quantity: 2 },
      { productId: plain.id, size: "L", quantity: 1 },
    ]);
    const [doc] = await invoicesOf(orderId);
    expect(doc!.locale).toBe("ne");
    // The English record stays; the Nepali name rides beside it, and a product without one keeps its English name.
    expect(doc!.lines.map((l) => [l.description, l.descriptionNe])).toEqual([
      ["Nepal Home Jersey Bill", "नेपाल घरेलु जर्सी"],
      ["Plain Training Tee", "Plain Training Tee"],
    ]);

    const html = (await get(shop.customer, `/api/orders/${orderId}/invoice`)).body;
    expect(html).toContain('<html lang="ne">');
    expect(html).toContain("<h1>कर बिजक / Tax Invoice</h1>");
    expect(html).toContain("नेपाल घरेलु जर्सी (साइज M)");
    expect(html).toContain("Plain Training Tee (साइज L)");
    expect(html).toContain(`बिजक नं. / Invoice No.: <strong>${doc!.number}</strong>`);
    expect(doc!.number).toMatch(/^KK-\d{4}\/\d{2}-\d{6}$/);
    expect(html).toContain("भ्याट नं. / VAT No.: 609876543");
    const [y, m, d] = doc!.issuedDateBs.split("-").map(Number) as [number, number, number];
    expect(html).toContain(`मिति / Date: ${toNepaliDigits(doc!.issuedDateBs.replaceAll("-", "."))} (${toNepaliDigits(d)} `);
    expect(html).toContain(`${toNepaliDigits(y)})`);
    expect(m).toBeGreaterThan(0);
    expect(html).toMatch(/मिति \(ई\.सं\.\) \/ Date \(AD\): \d{1,2} [A-Z][a-z]+ 20\d\d AD/);
    expect(html).toContain(`<td class="n">${toNepaliDigits(formatAmount(249_900))}</td>`);
    expect(html).toContain(`जम्मा / Total</td><td class="n">${toNepaliDigits(formatAmount(doc!.total))}</td>`);
    expect(html).toContain(`मूल्य अभिवृद्धि कर (भ्याट) १३% / VAT 13%</td><td class="n">${toNepaliDigits(formatAmount(doc!.vat))}</td>`);
    expect(html).toContain("भुक्तानी / Payment: खल्ती");
    expect(html).toContain("खरिदकर्ता / Buyer:</strong> सीता पौडेल");
    // Every amount is in Devanagari digits: no Western-digit amount is left in the table.
    expect(html).not.toMatch(/<td class="n">[0-9,.]+<\/td>/);

    const pdf = await get(shop.customer, `/api/orders/${orderId}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Tax Invoice");
    expect(text).toContain(doc!.number);
    // Copied or searched, the Nepali reads as written: vowel signs after their consonant, conjuncts and reph whole
    // (drawn glyph by glyph it read "कर िबजक" and "खिरदकतार्").
    expect(text).toContain("कर बिजक / Tax Invoice");
    expect(text).toContain("खरिदकर्ता / Buyer");
    expect(text).toContain("नाम / Name: सीता पौडेल");
    expect(text).toContain("मिति (ई.सं.) / Date (AD)");
    const cells = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.()/]/g, "\\$&")).join("\\s+"));
    expect(text).toMatch(cells("जम्मा / Total", toNepaliDigits(formatAmount(doc!.total))));
    expect(text).toMatch(cells("२", toNepaliDigits(formatAmount(249_900)), toNepaliDigits(formatAmount(499_800))));
    expect(text).toContain("Buyer's PAN");
    expect(text).toContain("In words: Rupees");
    // The amount in words in Nepali, with the English sentence under it (docs/decisions/123): Rs. 4,998 + Rs. 1,200.
    expect(doc!.total).toBe(619_800);
    expect(html).toContain('<p class="words">अक्षरमा: रुपैयाँ छ हजार एक सय अन्ठानब्बे मात्र<br>In words: Rupees Six Thousand One Hundred Ninety-Eight Only</p>');
    expect(text).toContain("अक्षरमा: रुपैयाँ छ हजार एक सय अन्ठानब्बे मात्र\nIn words: Rupees Six Thousand One Hundred Ninety-Eight Only");
  });

  it("reprints a Nepali bill with the same words, and a credit note with paisa says them in Nepali", async () => {
    const named = await insertProduct(shop.t.database.db, { name: "Nepal Third Jersey Bill", nameNe: "नेपाल तेस्रो जर्सी", price: 449_950 });
    const orderId = await paidNepaliOrder([{ productId: named.id, size: "M", quantity: 1 }]);
    const [doc] = await invoicesOf(orderId);
    const words = (html: string) => html.match(/<p class="words">(.*?)<\/p>/)![1];
    const first = (await get(shop.customer, `/api/orders/${orderId}/invoice`)).body;
    const reprint = (await get(shop.admin, `/api/orders/${orderId}/invoice`)).body;
    expect(first).not.toContain("प्रतिलिपि / COPY");
    expect(reprint).toContain("प्रतिलिपि / COPY");
    expect(words(reprint)).toBe(words(first));
    expect(words(first)).toBe(`अक्षरमा: ${amountInNepaliWords(doc!.total)}<br>In words: ${amountInWords(doc!.total)}`);
    expect(doc!.total % 100).toBe(50);
    expect(words(first)).toMatch(/^अक्षरमा: रुपैयाँ [^<]+ र पचास पैसा मात्र<br>/);
    const pdfs = await Promise.all([get(shop.customer, `/api/orders/${orderId}/invoice.pdf`), get(shop.admin, `/api/orders/${orderId}/invoice.pdf`)]);
    const [once, twice] = await Promise.all(pdfs.map((p) => pdfText(p.rawPayload)));
    const said = (text: string) => text.split("\n").filter((l) => l.startsWith("अक्षरमा: ") || l.startsWith("In words: "));
    expect(said(once!)).toEqual([`अक्षरमा: ${amountInNepaliWords(doc!.total)}`, `In words: ${amountInWords(doc!.total)}`]);
    expect(said(twice!)).toEqual(said(once!));

    // A partial refund of Rs. 1,349.50: the credit note reads its own amount, rupees and paisa.
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/refund`, { method: "KHALTI", reference: "KH-RF-89", amount: 134_950 })).statusCode).toBe(200);
    const note = (await invoicesOf(orderId)).find((x) => x.kind === "CREDIT_NOTE")!;
    expect(Math.abs(note.total)).toBe(134_950);
    const noteText = await pdfText((await get(shop.customer, `/api/orders/${orderId}/credit-note.pdf`)).rawPayload);
    expect(said(noteText)).toEqual([
      "अक्षरमा: रुपैयाँ एक हजार तीन सय उनन्चास र पचास पैसा मात्र",
      "In words: Rupees One Thousand Three Hundred Forty-Nine and Fifty Paisa Only",
    ]);
  });

  it("a refund's credit note speaks the invoice's language; an English order's bill stays English", async () => {
    const named = await insertProduct(shop.t.database.db, { name: "Nepal Away Jersey Bill", nameNe: "नेपाल बाहिरी जर्सी", price: 250_000 });
    const orderId = await paidNepaliOrder([{ productId: named.id, size: "M", quantity: 1 }]);
    expect((await post(shop.admin, `/api/admin/orders/${orderId}/refund`, { method: "KHALTI", reference: "KH-RF-88" })).statusCode).toBe(200);
    const note = (await invoicesOf(orderId)).find((x) => x.kind === "CREDIT_NOTE")!;
    expect(note).toMatchObject({ locale: "ne", lines: [expect.objectContaining({ descriptionNe: "नेपाल बाहिरी जर्सी" })] });
    const text = await pdfText((await get(shop.customer, `/api/orders/${orderId}/credit-note.pdf`)).rawPayload);
    expect(text).toContain("Credit Note");
    expect(text).toContain(note.number);
    // The refund's way and reference, in the document's language (docs/decisions/191), not the invoice's payment.
    expect(text).toContain("खल्तीमार्फत फिर्ता");
    expect(text).toContain("KH-RF-88");
    expect(text).toMatch(new RegExp(`जम्मा / Total\\s+${toNepaliDigits(formatAmount(note.total)).replace(".", "\\.")}`));

    const english = await paidNepaliOrder([{ productId: named.id, size: "M", quantity: 1 }], "en");
    const [doc] = await invoicesOf(english);
    expect(doc).toMatchObject({ locale: "en", lines: [expect.not.objectContaining({ descriptionNe: expect.anything() })] });
    const html = (await get(shop.customer, `/api/orders/${english}/invoice`)).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Nepal Away Jersey Bill (Size M)");
    expect(html).toContain("<h1>Tax Invoice</h1>");
    expect(html).toContain(`<p class="words">In words: ${amountInWords(doc!.total)}</p>`);
    // Only the buyer's own name is in Devanagari: no Nepali label, name or digit.
    expect(html.replace("सीता पौडेल", "")).not.toMatch(/[\u0900-\u097F]/);
  });
});

describe("settings rows", () => {
  it("are read inside the paying transaction (another instance's change is seen)", async () => {
    await shop.t.database.db.update(storeSettings).set({ value: sql`jsonb_set(value, '{legalName}', '"Set Elsewhere Ltd."')` }).where(eq(storeSettings.key, "store"));
    const order = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${order.id}/cash-collected`);
    expect((await invoicesOf(order.id))[0]!.seller.name).toBe("Set Elsewhere Ltd.");
  });
});

describe("what QA found on the bills (docs/decisions/175)", () => {
  /** A Khalti order with this address, placed from a page in `language`, paid, so it has its invoice. */
  async function paidWith(shippingAddress: object, language = "en") {
    const product = await insertProduct(shop.t.database.db, { price: 250_000 });
    const started = (
      await shop.t.app.inject({
        method: "POST",
        url: "/api/payments/khalti/initiate-with-order",
        headers: { ...shop.customer.headers, "accept-language": language },
        payload: { orderData: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress } },
      })
    ).json().data;
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect((await post(shop.customer, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
    return started.orderId as string;
  }
  const listed = async (id: string) => ((await get(shop.admin, "/api/admin/invoices?limit=100")).json().data.documents as { id: string }[]).find((d) => d.id === id)! as Record<string, unknown>;

  it("prints the buyer's whole address: street, municipality and ward, district, province and postal code", async () => {
    const pokhara = await paidWith({ fullName: "Sita Gurung", email: "sita@example.com", phone: "9800000004", address: "Lakeside, Baidam", province: "Gandaki", district: "Kaski", area: "Pokhara Metropolitan City-6", postalCode: "33700" });
    const whole = "Lakeside, Baidam, Pokhara Metropolitan City-6, Kaski, Gandaki Province, 33700";
    expect((await invoicesOf(pokhara))[0]!.buyer.address).toBe(whole);
    expect((await get(shop.customer, `/api/orders/${pokhara}/invoice`)).body).toContain(`Address: ${whole}<br>`);
    expect(await pdfText((await get(shop.customer, `/api/orders/${pokhara}/invoice.pdf`)).rawPayload)).toContain(`Address: ${whole}`);
    // A Nepali order's bill writes the province as its order page does.
    const kathmandu = await paidWith({ fullName: "Hari Karki", email: "hari@example.com", phone: "9800000005", address: "Baneshwor, Shantinagar marg", province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City-10" }, "ne");
    expect((await get(shop.customer, `/api/orders/${kathmandu}/invoice`)).body).toContain("ठेगाना / Address: Baneshwor, Shantinagar marg, Kathmandu Metropolitan City-10, काठमाडौं, बागमती प्रदेश, 44600<br>");
  });

  it("shows the admin who printed the original and how many copies followed; the customer's page view is the original", async () => {
    const orderId = await paidWith({ fullName: "Ram Thapa", email: "ram@example.com", phone: "9800000006", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City-2" });
    const [doc] = await invoicesOf(orderId);
    expect(await listed(doc!.id)).toMatchObject({ prints: 0, original: null });
    // As the reviewer did: the printable page once, then the PDF, which is the first copy.
    expect((await get(shop.customer, `/api/orders/${orderId}/invoice`)).body).not.toContain(">COPY<");
    expect(await pdfText((await get(shop.customer, `/api/orders/${orderId}/invoice.pdf`)).rawPayload)).toContain("COPY");
    expect(await listed(doc!.id)).toMatchObject({ prints: 2, original: { format: "HTML", byBuyer: true, at: expect.any(String) } });

    // A bill the shop prints first: the original is the shop's; a double click on the customer's download gives two copies.
    const other = await paidWith({ fullName: "Gita Thapa", email: "gita@example.com", phone: "9800000007", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City-2" });
    const [second] = await invoicesOf(other);
    expect((await get(shop.admin, `/api/admin/invoices/${second!.id}/pdf`)).statusCode).toBe(200);
    await Promise.all([get(shop.customer, `/api/orders/${other}/invoice.pdf`), get(shop.customer, `/api/orders/${other}/invoice.pdf`)]);
    expect(await listed(second!.id)).toMatchObject({ prints: 3, original: { format: "PDF", byBuyer: false } });
  });

  it("never gives out two originals when the bill is downloaded twice at the same moment", async () => {
    const orderId = await paidWith({ fullName: "Maya Rai", email: "maya@example.com", phone: "9800000008", address: "Lazimpat", province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City-2" });
    const pages = await Promise.all([1, 2, 3].map(() => get(shop.customer, `/api/orders/${orderId}/invoice`)));
    expect(pages.filter((p) => !p.body.includes(">COPY<"))).toHaveLength(1);
  });

  it("names as the original, in the admin list, the print that went out without the COPY mark", async () => {
    for (const name of ["Nima Lama", "Dawa Lama", "Pasang Lama"]) {
      const orderId = await paidWith({ fullName: name, email: "lama@example.com", phone: "9800000009", address: "Boudha", province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City-6" });
      const [doc] = await invoicesOf(orderId);
      const [shopPdf, buyerPage] = await Promise.all([get(shop.admin, `/api/admin/invoices/${doc!.id}/pdf`), get(shop.customer, `/api/orders/${orderId}/invoice`)]);
      const shopHadOriginal = !(await pdfText(shopPdf.rawPayload)).includes("COPY");
      expect(shopHadOriginal).toBe(buyerPage.body.includes(">COPY<"));
      expect(await listed(doc!.id)).toMatchObject({ prints: 2, original: shopHadOriginal ? { format: "PDF", byBuyer: false } : { format: "HTML", byBuyer: true } });
    }
  });

  it("lists a VAT-registered seller's invoice as a Tax Invoice and a non-registered one's as an Invoice", async () => {
    const taxInvoice = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${taxInvoice.id}/cash-collected`);
    await setSettings({ vatRegistered: false });
    const plain = await deliveredCod(shop.customer.id);
    await post(shop.admin, `/api/admin/orders/${plain.id}/cash-collected`);
    const [a] = await invoicesOf(taxInvoice.id);
    const [b] = await invoicesOf(plain.id);
    expect(a!.vat).toBeGreaterThan(0);
    expect(await listed(a!.id)).toMatchObject({ kind: "INVOICE", vatRegistered: true });
    expect(await listed(b!.id)).toMatchObject({ kind: "INVOICE", vatRegistered: false });
  });

  it("refuses VAT without the seller's PAN, and the dashboard says while bills go out without one", async () => {
    const put = (payload: object, language = "en") => shop.t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: { ...shop.admin.headers, "accept-language": language }, payload });
    const refused = await put({ ...SELLER, pan: "" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual(expect.objectContaining({ field: "pan", message: VAT_NEEDS_PAN_MESSAGE }));
    expect((await put({ ...SELLER, pan: "" }, "ne")).body).toContain("भ्याट सुरु गर्नुअघि प्यान/भ्याट नम्बर लेख्नुहोस्");
    expect((await get(shop.admin, "/api/admin/settings")).json().data.settings).toMatchObject({ pan: "609876543", vatRegistered: true });
    expect((await get(shop.admin, "/api/admin/dashboard")).json().data.tax.hasPan).toBe(true);

    // No PAN and VAT off (the demo's settings) is allowed: the bills are Invoices without a PAN, and the dashboard says so.
    expect((await put({ ...SELLER, pan: "", vatRegistered: false })).statusCode).toBe(200);
    expect((await get(shop.admin, "/api/admin/dashboard")).json().data.tax).toMatchObject({ hasPan: false, vatRegistered: false });
  });
});

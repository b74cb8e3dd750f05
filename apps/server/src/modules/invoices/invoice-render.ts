import { createRequire } from "node:module";
import type PDFDocumentClass from "pdfkit";
import { adDateInNepal, amountInWords, BS_MONTHS, documentTitle, formatAmount, VAT_RATE_PERCENT } from "@khelkud/contracts";
import type { TaxDocument } from "./invoices.service.js";

/**
 * A tax document as a printable HTML page and as a PDF. Both show only what was stored at issue; `copy` marks a reprint.
 * The PDF embeds Noto Sans Devanagari (SIL Open Font License; the TTFs of @expo-google-fonts/noto-sans-devanagari), whose
 * OpenType tables pdfkit's fontkit applies, so a buyer's name written in Devanagari is shaped correctly.
 */

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve("@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf");
const FONT_BOLD = require.resolve("@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf");
/** pdfkit (about 20 MB resident) is loaded by the first PDF, not at start (docs/decisions/098). */
let pdfkit: Promise<typeof PDFDocumentClass> | undefined;

export interface RenderOptions {
  copy: boolean;
  /** The invoice a credit note refers to. */
  invoiceNumber?: string | null;
}

function dates(doc: TaxDocument) {
  const [y, m, d] = doc.issuedDateBs.split("-").map(Number) as [number, number, number];
  const ad = adDateInNepal(doc.issuedAt);
  const adText = `${ad.day} ${new Date(Date.UTC(ad.year, ad.month - 1, ad.day)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" })} ${ad.year}`;
  return { bs: `${doc.issuedDateBs.replaceAll("-", ".")} BS (${d} ${BS_MONTHS[m - 1]} ${y})`, ad: `${adText} AD` };
}

function title(doc: TaxDocument): string {
  return documentTitle(doc.kind, doc.vatRegistered);
}

const esc = (s: string | null | undefined) => (s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderHtml(doc: TaxDocument, opts: RenderOptions): string {
  const when = dates(doc);
  const vat = doc.vatRegistered;
  const rows = doc.lines
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${esc(l.description)}${l.size ? ` (Size ${esc(l.size)})` : ""}</td><td class="n">${l.quantity}</td><td class="n">${formatAmount(l.rate)}</td><td class="n">${formatAmount(l.amount)}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title(doc))} ${esc(doc.number)}</title>
<style>
body{font-family:"Noto Sans Devanagari","Noto Sans",system-ui,sans-serif;color:#111;max-width:800px;margin:24px auto;padding:0 16px;font-size:14px}
h1{font-size:22px;text-align:center;margin:0 0 4px}.copy{text-align:center;font-weight:700;letter-spacing:.2em;color:#b00}
.grid{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;margin:16px 0}.grid div{min-width:240px}
table{width:100%;border-collapse:collapse;margin:12px 0}th,td{border:1px solid #999;padding:4px 6px;text-align:left;vertical-align:top}
.n{text-align:right;white-space:nowrap}tfoot td{font-weight:600}.words{font-style:italic}
@media print{body{margin:0}}
</style></head><body>
<h1>${esc(title(doc))}</h1>
${opts.copy ? '<p class="copy">COPY</p>' : ""}
<div class="grid">
<div><strong>${esc(doc.seller.name)}</strong><br>${esc(doc.seller.address)}<br>${doc.seller.phone ? `Phone: ${esc(doc.seller.phone)}<br>` : ""}${vat ? "VAT" : "PAN"} No.: ${esc(doc.seller.pan) || "—"}</div>
<div>${doc.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice"} No.: <strong>${esc(doc.number)}</strong><br>Date: ${esc(when.bs)}<br>Date (AD): ${esc(when.ad)}<br>Order No.: ${esc(doc.orderNumber)}${opts.invoiceNumber ? `<br>Against invoice: ${esc(opts.invoiceNumber)}` : ""}</div>
</div>
<div><strong>Buyer:</strong> ${esc(doc.buyer.name)}<br>Address: ${esc(doc.buyer.address)}<br>Phone: ${esc(doc.buyer.phone)}<br>Buyer's PAN: ${esc(doc.buyer.pan) || "—"}</div>
${doc.reason ? `<p>Reason: ${esc(doc.reason)}</p>` : ""}
<table><thead><tr><th>S.N.</th><th>Description</th><th class="n">Qty</th><th class="n">Rate (Rs.)</th><th class="n">Amount (Rs.)</th></tr></thead>
<tbody>${rows}<tr><td></td><td>Shipping</td><td></td><td></td><td class="n">${formatAmount(doc.shippingAmount)}</td></tr></tbody>
<tfoot>
${vat ? `<tr><td colspan="4">Taxable amount</td><td class="n">${formatAmount(doc.taxable)}</td></tr><tr><td colspan="4">VAT ${VAT_RATE_PERCENT}%</td><td class="n">${formatAmount(doc.vat)}</td></tr>` : ""}
<tr><td colspan="4">Total</td><td class="n">${formatAmount(doc.total)}</td></tr></tfoot></table>
<p class="words">In words: ${esc(amountInWords(doc.total))}</p>
${vat ? `<p>Prices include VAT ${VAT_RATE_PERCENT}%; VAT is taken out of each line and of shipping, rounded to the paisa.</p>` : ""}
<p>Payment: ${esc(doc.paymentMethod)}${doc.paymentReference ? ` — reference ${esc(doc.paymentReference)}` : ""}</p>
</body></html>`;
}

/** The PDF as a stream (pdfkit document); the caller pipes it to the response. */
export async function renderPdf(doc: TaxDocument, opts: RenderOptions): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await (pdfkit ??= import("pdfkit").then((m) => (m as unknown as { default: typeof PDFDocumentClass }).default));
  const pdf = new PDFDocument({ size: "A4", margin: 40, info: { Title: `${title(doc)} ${doc.number}`, Author: doc.seller.name } });
  pdf.registerFont("body", FONT_REGULAR);
  pdf.registerFont("bold", FONT_BOLD);
  const when = dates(doc);
  const vat = doc.vatRegistered;
  const left = 40;
  const width = pdf.page.width - 80;

  pdf.font("bold").fontSize(18).text(title(doc), { align: "center" });
  if (opts.copy) pdf.font("bold").fontSize(12).fillColor("#b00000").text("COPY", { align: "center" }).fillColor("black");
  pdf.moveDown(0.5);
  const top = pdf.y;
  pdf.font("bold").fontSize(11).text(doc.seller.name, left, top, { width: width / 2 });
  pdf.font("body").fontSize(9).text(doc.seller.address, { width: width / 2 });
  if (doc.seller.phone) pdf.text(`Phone: ${doc.seller.phone}`, { width: width / 2 });
  pdf.text(`${vat ? "VAT" : "PAN"} No.: ${doc.seller.pan || "—"}`, { width: width / 2 });
  const afterSeller = pdf.y;
  const rightX = left + width / 2 + 10;
  pdf.font("body").fontSize(9);
  pdf.text(`${doc.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice"} No.: ${doc.number}`, rightX, top, { width: width / 2 - 10 });
  pdf.text(`Date: ${when.bs}`, { width: width / 2 - 10 });
  pdf.text(`Date (AD): ${when.ad}`, { width: width / 2 - 10 });
  pdf.text(`Order No.: ${doc.orderNumber}`, { width: width / 2 - 10 });
  if (opts.invoiceNumber) pdf.text(`Against invoice: ${opts.invoiceNumber}`, { width: width / 2 - 10 });
  pdf.y = Math.max(afterSeller, pdf.y) + 10;

  pdf.font("bold").fontSize(10).text("Buyer", left, pdf.y);
  pdf.font("body").fontSize(9);
  pdf.text(`Name: ${doc.buyer.name}`);
  pdf.text(`Address: ${doc.buyer.address}`);
  pdf.text(`Phone: ${doc.buyer.phone ?? ""}`);
  pdf.text(`Buyer's PAN: ${doc.buyer.pan || "—"}`);
  if (doc.reason) pdf.text(`Reason: ${doc.reason}`);
  pdf.moveDown(0.6);

  const cols = [
    { label: "S.N.", w: 30, align: "left" as const },
    { label: "Description", w: width - 30 - 40 - 90 - 100, align: "left" as const },
    { label: "Qty", w: 40, align: "right" as const },
    { label: "Rate (Rs.)", w: 90, align: "right" as const },
    { label: "Amount (Rs.)", w: 100, align: "right" as const },
  ];
  const row = (cells: string[], font: "body" | "bold" = "body") => {
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
    const y = pdf.y;
    let x = left;
    let bottom = y;
    pdf.font(font).fontSize(9);
    cells.forEach((c, i) => {
      pdf.text(c, x + 2, y + 2, { width: cols[i]!.w - 4, align: cols[i]!.align });
      bottom = Math.max(bottom, pdf.y);
      x += cols[i]!.w;
    });
    pdf.moveTo(left, bottom + 2).lineTo(left + width, bottom + 2).lineWidth(0.5).strokeColor("#999999").stroke();
    pdf.x = left;
    pdf.y = bottom + 4;
  };
  row(cols.map((c) => c.label), "bold");
  doc.lines.forEach((l, i) => row([String(i + 1), `${l.description}${l.size ? ` (Size ${l.size})` : ""}`, String(l.quantity), formatAmount(l.rate), formatAmount(l.amount)]));
  row(["", "Shipping", "", "", formatAmount(doc.shippingAmount)]);
  if (vat) {
    row(["", "Taxable amount", "", "", formatAmount(doc.taxable)], "bold");
    row(["", `VAT ${VAT_RATE_PERCENT}%`, "", "", formatAmount(doc.vat)], "bold");
  }
  row(["", "Total", "", "", formatAmount(doc.total)], "bold");
  pdf.moveDown(0.5);
  pdf.font("body").fontSize(9).text(`In words: ${amountInWords(doc.total)}`, left, pdf.y, { width });
  if (vat) pdf.text(`Prices include VAT ${VAT_RATE_PERCENT}%; VAT is taken out of each line and of shipping, rounded to the paisa.`, { width });
  pdf.text(`Payment: ${doc.paymentMethod}${doc.paymentReference ? ` — reference ${doc.paymentReference}` : ""}`, { width });
  pdf.end();
  return pdf;
}

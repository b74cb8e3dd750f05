import { createRequire } from "node:module";
import type PDFDocumentClass from "pdfkit";
import { adDateInNepal, amountInNepaliWords, amountInWords, BS_MONTHS, BS_MONTHS_NE, documentTitle, formatAmount, toNepaliDigits, VAT_RATE_PERCENT } from "@khelkud/contracts";
import type { TaxDocument } from "./invoices.service.js";

/**
 * A tax document as a printable HTML page and as a PDF. Both show only what was stored at issue; `copy` marks a reprint.
 * The PDF embeds Noto Sans Devanagari (SIL Open Font License; the TTFs of @expo-google-fonts/noto-sans-devanagari), whose
 * OpenType tables pdfkit's fontkit applies, so a buyer's name written in Devanagari is shaped correctly.
 *
 * A document of an order placed in Nepali (`locale` "ne") is bilingual (docs/decisions/117): every label in Nepali with
 * the English after it, amounts, quantities and dates in Devanagari digits, the date in Bikram Sambat with the
 * Gregorian date beside it, and the lines' Nepali names. English documents are printed exactly as before.
 *
 * The amount in words is read from the stored total alone (docs/decisions/123): a Nepali document prints the Nepali
 * sentence and, under it, the English one it always had; an English document only the English one. A reprint therefore
 * prints the same words as the first print.
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
  if (doc.locale === "ne") return { bs: toNepaliDigits(`${doc.issuedDateBs.replaceAll("-", ".")} (${d} ${BS_MONTHS_NE[m - 1]} ${y})`), ad: `${adText} AD` };
  return { bs: `${doc.issuedDateBs.replaceAll("-", ".")} BS (${d} ${BS_MONTHS[m - 1]} ${y})`, ad: `${adText} AD` };
}

const DEVANAGARI = /[\u0900-\u097F]/;

const NE_TITLES: Record<string, string> = { "Tax Invoice": "कर बिजक", Invoice: "बिल", "Credit Note": "क्रेडिट नोट" };

function title(doc: TaxDocument): string {
  const english = documentTitle(doc.kind, doc.vatRegistered);
  return doc.locale === "ne" ? `${NE_TITLES[english] ?? english} / ${english}` : english;
}

/** What the shop stored in English and prints in Nepali on a Nepali document (payment method and reference). */
const NE_VALUES: Record<string, string> = {
  "Cash on Delivery": "क्यास अन डेलिभरी",
  "Cash collected on delivery": "डेलिभरीमा नगद बुझिएको",
  Khalti: "खल्ती",
  eSewa: "इसेवा",
  // A credit note's refund (docs/decisions/191).
  "Refunded by Khalti": "खल्तीमार्फत फिर्ता",
  "Refunded by eSewa": "इसेवामार्फत फिर्ता",
  "Refunded by Cash": "नगद फिर्ता",
  "Refunded by Bank transfer": "बैंक ट्रान्सफरमार्फत फिर्ता",
};

/**
 * The document's words in its language. English: the labels as they always were. Nepali: "नेपाली / English" for
 * labels, Devanagari digits for amounts and counts. Identifiers (document and order numbers, PAN, phone, the
 * transaction reference) stay in the digits they were issued with, as the tax office and the wallets know them.
 */
function wordsFor(doc: TaxDocument) {
  const ne = doc.locale === "ne";
  const both = (nepali: string, english: string) => (ne ? `${nepali} / ${english}` : english);
  /** A column heading: the Nepali above the English, so narrow columns do not break a label in two. */
  const stacked = (nepali: string, english: string) => (ne ? `${nepali}\n${english}` : english);
  const vat = doc.vatRegistered;
  return {
    ne,
    copy: both("प्रतिलिपि", "COPY"),
    phone: both("फोन", "Phone"),
    sellerNumber: vat ? both("भ्याट नं.", "VAT No.") : both("प्यान नं.", "PAN No."),
    number: doc.kind === "CREDIT_NOTE" ? both("क्रेडिट नोट नं.", "Credit note No.") : both("बिजक नं.", "Invoice No."),
    date: both("मिति", "Date"),
    dateAd: both("मिति (ई.सं.)", "Date (AD)"),
    order: both("अर्डर नं.", "Order No."),
    against: both("सम्बन्धित बिजक", "Against invoice"),
    buyer: both("खरिदकर्ता", "Buyer"),
    name: both("नाम", "Name"),
    address: both("ठेगाना", "Address"),
    buyerPan: both("खरिदकर्ताको प्यान नं.", "Buyer's PAN"),
    reason: both("कारण", "Reason"),
    sn: stacked("क्र.सं.", "S.N."),
    description: stacked("विवरण", "Description"),
    qty: stacked("संख्या", "Qty"),
    rate: stacked("दर (रु.)", "Rate (Rs.)"),
    amount: stacked("रकम (रु.)", "Amount (Rs.)"),
    shipping: both("ढुवानी", "Shipping"),
    taxable: both("करयोग्य रकम", "Taxable amount"),
    vatLine: ne ? `मूल्य अभिवृद्धि कर (भ्याट) ${toNepaliDigits(VAT_RATE_PERCENT)}% / VAT ${VAT_RATE_PERCENT}%` : `VAT ${VAT_RATE_PERCENT}%`,
    total: both("जम्मा", "Total"),
    /** The amount in words: one line per language, each under its own label (docs/decisions/123). */
    inWords: (paisa: number) => [...(ne ? [`अक्षरमा: ${amountInNepaliWords(paisa)}`] : []), `In words: ${amountInWords(paisa)}`],
    vatNote: ne
      ? `मूल्यमा ${toNepaliDigits(VAT_RATE_PERCENT)}% भ्याट समावेश छ; भ्याट हरेक लाइन र ढुवानीबाट छुट्याएर पैसासम्म मिलाइएको छ। / Prices include VAT ${VAT_RATE_PERCENT}%; VAT is taken out of each line and of shipping, rounded to the paisa.`
      : `Prices include VAT ${VAT_RATE_PERCENT}%; VAT is taken out of each line and of shipping, rounded to the paisa.`,
    payment: both("भुक्तानी", "Payment"),
    reference: ne ? "सन्दर्भ" : "reference",
    /** A value stored in English, in the document's language. */
    value: (v: string) => (ne ? (NE_VALUES[v] ?? v) : v),
    money: (paisa: number) => (ne ? toNepaliDigits(formatAmount(paisa)) : formatAmount(paisa)),
    count: (n: number) => (ne ? toNepaliDigits(n) : String(n)),
    line: (l: TaxDocument["lines"][number]) => {
      const text = ne ? (l.descriptionNe ?? l.description) : l.description;
      return l.size ? `${text} (${ne ? "साइज" : "Size"} ${l.size})` : text;
    },
  };
}

const esc = (s: string | null | undefined) => (s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const head = (s: string) => esc(s).replace("\n", "<br>");

export function renderHtml(doc: TaxDocument, opts: RenderOptions): string {
  const when = dates(doc);
  const vat = doc.vatRegistered;
  const w = wordsFor(doc);
  const rows = doc.lines
    .map((l, i) => `<tr><td>${w.count(i + 1)}</td><td>${esc(w.line(l))}</td><td class="n">${w.count(l.quantity)}</td><td class="n">${w.money(l.rate)}</td><td class="n">${w.money(l.amount)}</td></tr>`)
    .join("");
  return `<!doctype html>
<html lang="${w.ne ? "ne" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title(doc))} ${esc(doc.number)}</title>
<style>
body{font-family:"Noto Sans Devanagari","Noto Sans",system-ui,sans-serif;color:#111;max-width:800px;margin:24px auto;padding:0 16px;font-size:14px}
h1{font-size:22px;text-align:center;margin:0 0 4px}.copy{text-align:center;font-weight:700;letter-spacing:.2em;color:#b00}html[lang=ne] .copy{letter-spacing:0}html[lang=ne] .words{font-style:normal}
.grid{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;margin:16px 0}.grid div{min-width:240px}
table{width:100%;border-collapse:collapse;margin:12px 0}th,td{border:1px solid #999;padding:4px 6px;text-align:left;vertical-align:top}
.n{text-align:right;white-space:nowrap}tfoot td{font-weight:600}.words{font-style:italic}
@media print{body{margin:0}}
@media (max-width:480px){body{padding:0 8px;font-size:13px}th,td{padding:3px 4px}}
</style></head><body>
<h1>${esc(title(doc))}</h1>
${opts.copy ? `<p class="copy">${esc(w.copy)}</p>` : ""}
<div class="grid">
<div><strong>${esc(doc.seller.name)}</strong><br>${esc(doc.seller.address)}<br>${doc.seller.phone ? `${esc(w.phone)}: ${esc(doc.seller.phone)}<br>` : ""}${esc(w.sellerNumber)}: ${esc(doc.seller.pan) || "—"}</div>
<div>${esc(w.number)}: <strong>${esc(doc.number)}</strong><br>${esc(w.date)}: ${esc(when.bs)}<br>${esc(w.dateAd)}: ${esc(when.ad)}<br>${esc(w.order)}: ${esc(doc.orderNumber)}${opts.invoiceNumber ? `<br>${esc(w.against)}: ${esc(opts.invoiceNumber)}` : ""}</div>
</div>
<div><strong>${esc(w.buyer)}:</strong> ${esc(doc.buyer.name)}<br>${esc(w.address)}: ${esc(doc.buyer.address)}<br>${esc(w.phone)}: ${esc(doc.buyer.phone)}<br>${esc(w.buyerPan)}: ${esc(doc.buyer.pan) || "—"}</div>
${doc.reason ? `<p>${esc(w.reason)}: ${esc(doc.reason)}</p>` : ""}
<table><thead><tr><th>${head(w.sn)}</th><th>${head(w.description)}</th><th class="n">${head(w.qty)}</th><th class="n">${head(w.rate)}</th><th class="n">${head(w.amount)}</th></tr></thead>
<tbody>${rows}<tr><td></td><td>${esc(w.shipping)}</td><td></td><td></td><td class="n">${w.money(doc.shippingAmount)}</td></tr></tbody>
<tfoot>
${vat ? `<tr><td colspan="4">${esc(w.taxable)}</td><td class="n">${w.money(doc.taxable)}</td></tr><tr><td colspan="4">${esc(w.vatLine)}</td><td class="n">${w.money(doc.vat)}</td></tr>` : ""}
<tr><td colspan="4">${esc(w.total)}</td><td class="n">${w.money(doc.total)}</td></tr></tfoot></table>
<p class="words">${w.inWords(doc.total).map(esc).join("<br>")}</p>
${vat ? `<p>${esc(w.vatNote)}</p>` : ""}
<p>${esc(w.payment)}: ${esc(w.value(doc.paymentMethod))}${doc.paymentReference ? ` — ${esc(w.reference)} ${esc(w.value(doc.paymentReference))}` : ""}</p>
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
  const w = wordsFor(doc);
  const left = 40;
  const width = pdf.page.width - 80;
  /**
   * Writes text; Devanagari goes inside a span that carries the text as written (ActualText). Shaped Devanagari is
   * drawn as glyphs in visual order (ि before its consonant, a conjunct or reph as one glyph), which PDF readers that
   * copy, search or read aloud would otherwise turn into "िबजक" for "बिजक" (docs/decisions/178).
   */
  function say(text: string, ...rest: [PDFKit.Mixins.TextOptions?] | [number, number, PDFKit.Mixins.TextOptions?]) {
    const marked = DEVANAGARI.test(text);
    if (marked) pdf.markContent("Span", { actual: text });
    (pdf.text as (t: string, ...r: unknown[]) => unknown)(text, ...rest);
    if (marked) pdf.endMarkedContent();
  }

  pdf.font("bold").fontSize(18);
  say(title(doc), { align: "center" });
  if (opts.copy) {
    pdf.font("bold").fontSize(12).fillColor("#b00000");
    say(w.copy, { align: "center" });
    pdf.fillColor("black");
  }
  pdf.moveDown(0.5);
  const top = pdf.y;
  pdf.font("bold").fontSize(11);
  say(doc.seller.name, left, top, { width: width / 2 });
  pdf.font("body").fontSize(9);
  say(doc.seller.address, { width: width / 2 });
  if (doc.seller.phone) say(`${w.phone}: ${doc.seller.phone}`, { width: width / 2 });
  say(`${w.sellerNumber}: ${doc.seller.pan || "—"}`, { width: width / 2 });
  const afterSeller = pdf.y;
  const rightX = left + width / 2 + 10;
  pdf.font("body").fontSize(9);
  say(`${w.number}: ${doc.number}`, rightX, top, { width: width / 2 - 10 });
  say(`${w.date}: ${when.bs}`, { width: width / 2 - 10 });
  say(`${w.dateAd}: ${when.ad}`, { width: width / 2 - 10 });
  say(`${w.order}: ${doc.orderNumber}`, { width: width / 2 - 10 });
  if (opts.invoiceNumber) say(`${w.against}: ${opts.invoiceNumber}`, { width: width / 2 - 10 });
  pdf.y = Math.max(afterSeller, pdf.y) + 10;

  pdf.font("bold").fontSize(10);
  say(w.buyer, left, pdf.y);
  pdf.font("body").fontSize(9);
  say(`${w.name}: ${doc.buyer.name}`);
  say(`${w.address}: ${doc.buyer.address}`);
  say(`${w.phone}: ${doc.buyer.phone ?? ""}`);
  say(`${w.buyerPan}: ${doc.buyer.pan || "—"}`);
  if (doc.reason) say(`${w.reason}: ${doc.reason}`);
  pdf.moveDown(0.6);

  const cols = [
    { label: w.sn, w: 30, align: "left" as const },
    { label: w.description, w: width - 30 - 40 - 90 - 100, align: "left" as const },
    { label: w.qty, w: 40, align: "right" as const },
    { label: w.rate, w: 90, align: "right" as const },
    { label: w.amount, w: 100, align: "right" as const },
  ];
  const row = (cells: string[], font: "body" | "bold" = "body") => {
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
    const y = pdf.y;
    let x = left;
    let bottom = y;
    pdf.font(font).fontSize(9);
    cells.forEach((c, i) => {
      say(c, x + 2, y + 2, { width: cols[i]!.w - 4, align: cols[i]!.align });
      bottom = Math.max(bottom, pdf.y);
      x += cols[i]!.w;
    });
    pdf.moveTo(left, bottom + 2).lineTo(left + width, bottom + 2).lineWidth(0.5).strokeColor("#999999").stroke();
    pdf.x = left;
    pdf.y = bottom + 4;
  };
  row(cols.map((c) => c.label), "bold");
  doc.lines.forEach((l, i) => row([w.count(i + 1), w.line(l), w.count(l.quantity), w.money(l.rate), w.money(l.amount)]));
  row(["", w.shipping, "", "", w.money(doc.shippingAmount)]);
  if (vat) {
    row(["", w.taxable, "", "", w.money(doc.taxable)], "bold");
    row(["", w.vatLine, "", "", w.money(doc.vat)], "bold");
  }
  row(["", w.total, "", "", w.money(doc.total)], "bold");
  pdf.moveDown(0.5);
  pdf.font("body").fontSize(9);
  w.inWords(doc.total).forEach((line, i) => (i ? say(line, { width }) : say(line, left, pdf.y, { width })));
  if (vat) say(w.vatNote, { width });
  say(`${w.payment}: ${w.value(doc.paymentMethod)}${doc.paymentReference ? ` — ${w.reference} ${w.value(doc.paymentReference)}` : ""}`, { width });
  pdf.end();
  return pdf;
}

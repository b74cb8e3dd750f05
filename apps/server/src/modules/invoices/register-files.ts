import { once } from "node:events";
import type { Writable } from "node:stream";
import type * as ExcelJSModule from "exceljs";
import { csvLine } from "../../lib/csv.js";
import type { SalesRegister, SalesRegisterRow } from "./invoices.service.js";

/** The sales book's columns (docs/decisions/080); amounts in rupees with paisa, credit notes negative. */
const HEADERS = ["Date (BS)", "Date (AD)", "Invoice No.", "Document", "Buyer", "Buyer PAN", "Total (Rs.)", "Taxable (Rs.)", "VAT (Rs.)", "Exempt (Rs.)"];
const rupees = (p: number) => Number((p / 100).toFixed(2));
const documentName = (x: SalesRegisterRow) => (x.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice");
const totalsRow = (t: SalesRegister["totals"]) => ["", "", "", "Total", "", "", rupees(t.total), rupees(t.taxable), rupees(t.vat), rupees(t.exempt)];

/**
 * The register as CSV lines, written as its rows are read (decision 159): the header first, the totals last (they are
 * complete once every row has been read).
 */
export async function* registerCsv(r: SalesRegister): AsyncGenerator<string> {
  yield csvLine(HEADERS);
  const fixed = (n: number) => rupees(n).toFixed(2);
  let lines: string[] = [];
  for await (const x of r.rows) {
    lines.push(csvLine([x.dateBs, x.dateAd, x.number, documentName(x), x.buyer, x.buyerPan, fixed(x.total), fixed(x.taxable), fixed(x.vat), fixed(x.exempt)]));
    // A few hundred lines per chunk: fewer, larger writes than one per document.
    if (lines.length === 500) {
      yield lines.join("");
      lines = [];
    }
  }
  yield lines.join("") + csvLine(totalsRow(r.totals).map((v) => (typeof v === "number" ? v.toFixed(2) : v)));
}

/** exceljs (about 25 MB resident) is loaded by the first spreadsheet, not at start (docs/decisions/098). */
let exceljs: Promise<typeof ExcelJSModule> | undefined;

/**
 * The register as a spreadsheet, written to `out` as its rows are read, with exceljs's streaming writer: each row is
 * committed (and its XML written out) as soon as it is added, so memory stays flat however long the period
 * (decision 159). Resolves once the file is complete; `out` is ended.
 */
export async function writeRegisterXlsx(r: SalesRegister, out: Writable): Promise<void> {
  const ExcelJS = await (exceljs ??= import("exceljs").then((m) => (m as { default?: typeof ExcelJSModule }).default ?? m));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = "Khelkud";
  const sheet = book.addWorksheet("Sales register");
  // Widths and the amounts' format are set before the first row, which the streaming writer cannot go back to.
  sheet.columns = [12, 12, 22, 12, 28, 12, 14, 14, 12, 12].map((width, i) => ({ width, ...(i >= 6 ? { style: { numFmt: "#,##0.00" } } : {}) }));
  const bold = (values: unknown[]) => {
    const row = sheet.addRow(values);
    row.font = { bold: true };
    row.commit();
  };
  bold([r.title]);
  bold(HEADERS);
  let n = 0;
  for await (const x of r.rows) {
    sheet.addRow([x.dateBs, x.dateAd, x.number, documentName(x), x.buyer, x.buyerPan, rupees(x.total), rupees(x.taxable), rupees(x.vat), rupees(x.exempt)]).commit();
    if (++n % 500 === 0) {
      // The client went away: stop reading the period. A slow reader: wait for it, so the file never piles up here.
      if (out.destroyed) return;
      if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    }
  }
  bold(totalsRow(r.totals));
  sheet.commit();
  await book.commit();
}

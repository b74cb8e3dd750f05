import type * as ExcelJSModule from "exceljs";
import { toCsv } from "../../lib/csv.js";
import type { SalesRegister } from "./invoices.service.js";

/** The sales book's columns (docs/decisions/080); amounts in rupees with paisa, credit notes negative. */
const HEADERS = ["Date (BS)", "Date (AD)", "Invoice No.", "Document", "Buyer", "Buyer PAN", "Total (Rs.)", "Taxable (Rs.)", "VAT (Rs.)", "Exempt (Rs.)"];
const rupees = (p: number) => Number((p / 100).toFixed(2));

function body(r: SalesRegister): unknown[][] {
  const rows: unknown[][] = r.rows.map((x) => [x.dateBs, x.dateAd, x.number, x.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice", x.buyer, x.buyerPan, rupees(x.total).toFixed(2), rupees(x.taxable).toFixed(2), rupees(x.vat).toFixed(2), rupees(x.exempt).toFixed(2)]);
  rows.push(["", "", "", "Total", "", "", rupees(r.totals.total).toFixed(2), rupees(r.totals.taxable).toFixed(2), rupees(r.totals.vat).toFixed(2), rupees(r.totals.exempt).toFixed(2)]);
  return rows;
}

export function registerCsv(r: SalesRegister): string {
  return toCsv(HEADERS, body(r));
}

/** exceljs (about 25 MB resident) is loaded by the first spreadsheet, not at start (docs/decisions/098). */
let exceljs: Promise<typeof ExcelJSModule> | undefined;

export async function registerXlsx(r: SalesRegister): Promise<Buffer> {
  const ExcelJS = await (exceljs ??= import("exceljs").then((m) => (m as { default?: typeof ExcelJSModule }).default ?? m));
  const book = new ExcelJS.Workbook();
  book.creator = "Khelkud";
  const sheet = book.addWorksheet("Sales register");
  sheet.addRow([r.title]).font = { bold: true };
  sheet.addRow(HEADERS).font = { bold: true };
  for (const x of r.rows) sheet.addRow([x.dateBs, x.dateAd, x.number, x.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice", x.buyer, x.buyerPan, rupees(x.total), rupees(x.taxable), rupees(x.vat), rupees(x.exempt)]);
  sheet.addRow(["", "", "", "Total", "", "", rupees(r.totals.total), rupees(r.totals.taxable), rupees(r.totals.vat), rupees(r.totals.exempt)]).font = { bold: true };
  for (const col of [7, 8, 9, 10]) sheet.getColumn(col).numFmt = "#,##0.00";
  sheet.columns.forEach((c, i) => (c.width = [12, 12, 22, 12, 28, 12, 14, 14, 12, 12][i]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

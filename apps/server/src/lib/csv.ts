/**
 * One CSV cell: quoted when needed; a leading = + - @ is neutralised so spreadsheets do not run it as a formula (a plain
 * number such as a credit note's -2499.00 is no formula and stays a number).
 */
function csvCell(value: unknown): string {
  let text = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, its end included. */
export function csvLine(row: unknown[]): string {
  return row.map(csvCell).join(",") + "\r\n";
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map(csvLine).join("");
}

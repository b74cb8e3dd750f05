import fs from "node:fs";
import { pdfText as pdfTextOf } from "../../apps/server/src/test/pdf-text";

/** The text of a downloaded PDF file, a line per row of text (apps/server/src/test/pdf-text.ts reads it). */
export async function pdfText(file: string): Promise<string> {
  return pdfTextOf(fs.readFileSync(file));
}

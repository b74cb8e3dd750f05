/**
 * The text of a PDF (a Buffer) as PDFium reads it — the engine of Chrome's PDF viewer, through its WebAssembly build on
 * npm (@hyzyla/pdfium), so the suites need no system tool; the server tests and the end-to-end suite
 * (e2e/support/pdf-text.ts) both read PDFs through it. A line per row of text; cells of one row are separated by spaces.
 * PDFium reads a span's ActualText in place of its glyphs, as a shopper's copy or search does, so shaped Devanagari
 * comes back as it was written (docs/decisions/178).
 */
export async function pdfText(data: Buffer): Promise<string> {
  const library = await (pdfium ??= import("@hyzyla/pdfium").then((m) => m.PDFiumLibrary.init()));
  const doc = await library.loadDocument(new Uint8Array(data));
  try {
    const pages: string[] = [];
    for (const page of doc.pages()) pages.push(page.getText());
    return pages
      .join("\n")
      .split(/\r?\n/)
      .map((line) => line.replace(/[ \t]+/g, " ").trim())
      .filter(Boolean)
      .join("\n");
  } finally {
    doc.destroy();
  }
}

/** One PDFium per test process: its WebAssembly is compiled once. */
let pdfium: Promise<import("@hyzyla/pdfium").PDFiumLibrary> | undefined;

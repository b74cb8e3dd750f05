/**
 * The text of a PDF (a Buffer), a line per row of text, read with Mozilla's pdf.js (an npm package, so the suites need
 * no system tool); the server tests and the end-to-end suite (e2e/support/pdf-text.ts) both read PDFs through it. Runs on
 * one row (same baseline) are joined with a space, left to right. pdf.js gives the glyphs in the order they are drawn, so shaped Devanagari comes back with
 * its vowel signs where they are placed (ि before its consonant): tests read digits, numbers and words without them.
 * The independent vowel ई is drawn as two glyphs, the second mapped to no text; pdf.js reads that empty entry as a stray
 * Latin letter after it ("दुई" comes back as "दुई6"; poppler reads it right), so tests also read words without ई.
 */
export async function pdfText(data: Buffer): Promise<string> {
  // pdf.js 6 uses Promise.withResolvers (Node 22+); the tests also run on Node 20.
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown, reject: unknown;
    const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const doc = await task.promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!("str" in item) || item.str === "") continue;
      const y = Math.round(item.transform[5]);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4], s: item.str });
      rows.set(y, row);
    }
    for (const [, row] of [...rows].sort((a, b) => b[0] - a[0])) lines.push(row.sort((a, b) => a.x - b.x).map((r) => r.s).join(" "));
  }
  await task.destroy();
  return lines.join("\n");
}

// Makes app/fonts/mukta-latin-400-first-paint.woff2 and -700-first-paint.woff2, the faces English pages preload and set
// their text in (docs/decisions/137): Mukta's Latin faces (@fontsource/mukta, SIL Open Font License) cut to Basic
// Latin and the few other characters the shop's English texts and demo data use (LATIN_FIRST_PAINT_TEXT), with their
// kerning and without the TrueType hinting instructions, as for the Devanagari cut (docs/decisions/118). Each file
// is then under the 14.6 KB a new connection's first round trip carries, where the whole faces (20–22 KB) need two.
// app.css gives them the family "Mukta First" with the range this script prints; a character outside it falls to the
// whole "Mukta" faces, which download only when a page has such a character. Run it again when @fontsource/mukta is
// updated or when the range should grow (then copy the printed range into app.css and LATIN_FIRST_PAINT_RANGE):
//   node apps/web/scripts/subset-latin-fonts.mjs
import fs from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/**
 * Basic Latin (U+0020–007E), the no-break space, and the punctuation and signs of the shop's English texts: © « ° · »
 * × é – — ‘ ’ “ ” • … −. Characters Mukta's Latin face does not have (arrows such as → ↑) are left to the fallback fonts, as
 * they are today; the printed range lists only what the cut maps.
 */
export const LATIN_FIRST_PAINT_TEXT =
  Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)).join("") +
  "\u00a0\u00a9\u00ab\u00b0\u00b7\u00bb\u00d7\u00e9\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2212";

/** `U+0020-007E, U+00A0, …` for the code points `points` (sorted), runs of consecutive points joined. */
export function unicodeRange(points) {
  const parts = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    const hex = (c) => c.toString(16).toUpperCase().padStart(4, "0");
    parts.push(i === j ? `U+${hex(points[i])}` : `U+${hex(points[i])}-${hex(points[j])}`);
    i = j + 1;
  }
  return parts.join(", ");
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const require = createRequire(import.meta.url);
  const hb = await import("harfbuzzjs");
  const fontverter = (await import("fontverter")).default;
  for (const weight of [400, 700]) {
    const source = fs.readFileSync(require.resolve(`@fontsource/mukta/files/mukta-latin-${weight}-normal.woff2`));
    const subset = await subsetFont(source, LATIN_FIRST_PAINT_TEXT, { targetFormat: "woff2", noHinting: true });
    const out = new URL(`../app/fonts/mukta-latin-${weight}-first-paint.woff2`, import.meta.url);
    fs.writeFileSync(out, subset);
    const face = new hb.Face(new hb.Blob(new Uint8Array(await fontverter.convert(subset, "truetype"))));
    const mapped = [...face.collectUnicodes()].filter((c) => LATIN_FIRST_PAINT_TEXT.includes(String.fromCodePoint(c))).sort((a, b) => a - b);
    console.log(`${out.pathname}: ${subset.length} bytes (from ${source.length}); unicode-range: ${unicodeRange(mapped)}`);
  }
}

// Makes app/fonts/mukta-devanagari-400.woff2 and -700.woff2, the Devanagari faces Nepali pages set their text in:
// Mukta (@fontsource/mukta, SIL Open Font License) with the whole Devanagari block, so any name an admin types still
// renders with every conjunct (the shaping tables GSUB/GPOS and every ligature they reach are kept), and without the
// TrueType hinting instructions, which are about 40% of the file and which phones and Macs never use
// (docs/decisions/118). Run it again when @fontsource/mukta is updated:
//   node apps/web/scripts/subset-devanagari-fonts.mjs
import fs from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/**
 * Code points the faces keep, as in the `unicode-range` of their @font-face in app.css: the Devanagari block
 * (letters, signs, digits, danda), ZWNJ and ZWJ (which choose half forms), the rupee signs, and the dotted circle
 * the shaper draws under a mark that has no letter. Vedic signs and North Indic fractions, which Nepali text does not use, are left out.
 */
export const DEVANAGARI_RANGES = [
  [0x0900, 0x097f],
  [0x200c, 0x200d],
  [0x20a8, 0x20a8],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
];

const require = createRequire(import.meta.url);
let text = "";
for (const [from, to] of DEVANAGARI_RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
for (const weight of [400, 700]) {
  const source = fs.readFileSync(require.resolve(`@fontsource/mukta/files/mukta-devanagari-${weight}-normal.woff2`));
  const subset = await subsetFont(source, text, { targetFormat: "woff2", noHinting: true });
  const out = new URL(`../app/fonts/mukta-devanagari-${weight}.woff2`, import.meta.url);
  fs.writeFileSync(out, subset);
  console.log(`${out.pathname}: ${subset.length} bytes (from ${source.length})`);
}
const hex = (c) => c.toString(16).toUpperCase().padStart(4, "0");
console.log(`unicode-range: ${DEVANAGARI_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ")}`);

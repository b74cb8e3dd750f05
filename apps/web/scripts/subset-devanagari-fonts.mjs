// Makes app/fonts/mukta-devanagari-400.woff2 and -700.woff2, the Devanagari faces Nepali pages set their text in:
// Mukta (@fontsource/mukta, SIL Open Font License) with the whole Devanagari block, so any name an admin types still
// renders with every conjunct (the shaping tables GSUB/GPOS and every ligature they reach are kept), and without the
// TrueType hinting instructions, which are about 40% of the file and which phones and Macs never use
// (docs/decisions/118).
// Then app/fonts/mukta-devanagari-first-paint.woff2, the face a Nepali page preloads and paints its first frame in:
// the regular cut reduced to the glyphs the shop's own Nepali words shape to (scripts/nepali-corpus.mjs), every code
// point of the block still mapped (docs/decisions/134). Run it again when @fontsource/mukta is updated or when
// app/fonts.test.ts says a word of the shop no longer shapes the same in the first-paint face:
//   node apps/web/scripts/subset-devanagari-fonts.mjs
import fs from "node:fs";
import { createRequire } from "node:module";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";
import { nepaliWords } from "./nepali-corpus.mjs";

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
/**
 * The glyphs `words` pass through when HarfBuzz (the browser's shaper) shapes them in `ttf`: the final ones and those
 * of every step in between (a half form that a later rule joins into a conjunct), with the .notdef glyph.
 */
function glyphsOf(ttf, words) {
  const font = new hb.Font(new hb.Face(new hb.Blob(ttf)));
  const glyphs = new Set([0]);
  for (const word of words) {
    const buffer = new hb.Buffer();
    buffer.addText(word);
    buffer.guessSegmentProperties();
    for (const step of hb.shapeWithTrace(font, buffer, [], 0, hb.TracePhase.DONT_STOP)) {
      if (step.glyphs) for (const glyph of step.t) glyphs.add(glyph.g);
    }
  }
  return glyphs;
}

/**
 * `ttf` with the glyphs the code points map to and `glyphs`, and the shaping rules among them only (HarfBuzz's
 * subsetter without layout closure, which subset-font cannot be asked for by glyph).
 */
async function subsetToGlyphs(ttf, codePoints, glyphs) {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(require.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm")));
  const hbs = instance.exports;
  hbs._initialize();
  const heap = () => new Uint8Array(hbs.memory.buffer);
  const input = hbs.hb_subset_input_create_or_fail();
  const data = hbs.malloc(ttf.byteLength);
  heap().set(ttf, data);
  const blob = hbs.hb_blob_create(data, ttf.byteLength, 2 /* writable */, 0, 0);
  const face = hbs.hb_face_create(blob, 0);
  hbs.hb_blob_destroy(blob);
  const features = hbs.hb_subset_input_set(input, 6 /* layout feature tags */);
  hbs.hb_set_clear(features);
  hbs.hb_set_invert(features);
  hbs.hb_subset_input_set_flags(input, hbs.hb_subset_input_get_flags(input) | 0x1 /* no hinting */ | 0x200 /* no layout closure */);
  const unicodes = hbs.hb_subset_input_unicode_set(input);
  for (const c of codePoints) hbs.hb_set_add(unicodes, c);
  const gids = hbs.hb_subset_input_set(input, 0 /* glyph ids */);
  for (const g of glyphs) hbs.hb_set_add(gids, g);
  const subset = hbs.hb_subset_or_fail(face, input);
  if (subset === 0) throw new Error("hb_subset_or_fail failed");
  const result = hbs.hb_face_reference_blob(subset);
  const at = hbs.hb_blob_get_data(result, 0);
  const out = Buffer.from(heap().subarray(at, at + hbs.hb_blob_get_length(result)));
  hbs.hb_blob_destroy(result);
  hbs.hb_face_destroy(subset);
  hbs.hb_face_destroy(face);
  hbs.hb_subset_input_destroy(input);
  hbs.free(data);
  return out;
}

const regular = await fontverter.convert(fs.readFileSync(new URL("../app/fonts/mukta-devanagari-400.woff2", import.meta.url)), "truetype");
const words = nepaliWords();
const codePoints = [...text].map((c) => c.codePointAt(0));
const firstPaint = await fontverter.convert(await subsetToGlyphs(regular, codePoints, glyphsOf(regular, words)), "woff2", "truetype");
const firstPaintOut = new URL("../app/fonts/mukta-devanagari-first-paint.woff2", import.meta.url);
fs.writeFileSync(firstPaintOut, firstPaint);
console.log(`${firstPaintOut.pathname}: ${firstPaint.length} bytes, the glyphs of ${words.length} words of the shop`);

const hex = (c) => c.toString(16).toUpperCase().padStart(4, "0");
console.log(`unicode-range: ${DEVANAGARI_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ")}`);

import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { nepaliWords } from "../scripts/nepali-corpus.mjs";
import { DEVANAGARI_CUT_RANGE } from "./lib/late-fonts";
import { en } from "./locales/en";

/**
 * The shop's cut of Mukta's Devanagari faces (docs/decisions/118): every letter of the Devanagari block that
 * @fontsource's face has, the shaping tables that join them into conjuncts, no hinting, and the range app.css declares.
 */

const require = createRequire(import.meta.url);
const css = fs.readFileSync(new URL("./app.css", import.meta.url), "utf8");
const RANGE = DEVANAGARI_CUT_RANGE;

/** WOFF2's known table tags, in the order of their index in the table directory. */
const KNOWN_TAGS = "cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill"
  .match(/.{4}\s?/g)!
  .map((t) => t.slice(0, 4).trim());

function base128(bytes: Buffer, at: { i: number }): number {
  let value = 0;
  for (;;) {
    const b = bytes[at.i++]!;
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) return value;
  }
}

/** The tables of a WOFF2 file and the bytes of its (never transformed) cmap. */
function readWoff2(file: Buffer): { tags: string[]; cmap: Buffer } {
  expect(file.toString("latin1", 0, 4)).toBe("wOF2");
  const numTables = file.readUInt16BE(12);
  const compressedLength = file.readUInt32BE(20);
  const at = { i: 48 };
  const tables: { tag: string; length: number }[] = [];
  for (let n = 0; n < numTables; n++) {
    const flags = file[at.i++]!;
    let tag = KNOWN_TAGS[flags & 0x3f]!;
    if ((flags & 0x3f) === 63) {
      tag = file.toString("latin1", at.i, at.i + 4).trim();
      at.i += 4;
    }
    const version = flags >> 6;
    const origLength = base128(file, at);
    const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
    tables.push({ tag, length: transformed ? base128(file, at) : origLength });
  }
  const data = zlib.brotliDecompressSync(file.subarray(at.i, at.i + compressedLength));
  let offset = 0;
  let cmap: Buffer | undefined;
  for (const t of tables) {
    if (t.tag === "cmap") cmap = data.subarray(offset, offset + t.length);
    offset += t.length;
  }
  return { tags: tables.map((t) => t.tag), cmap: cmap! };
}

/** The code points a cmap maps, from its format 4 or format 12 subtable. */
function codePoints(cmap: Buffer): Set<number> {
  const points = new Set<number>();
  const count = cmap.readUInt16BE(2);
  for (let n = 0; n < count; n++) {
    const sub = cmap.readUInt32BE(4 + n * 8 + 4);
    const format = cmap.readUInt16BE(sub);
    if (format === 4) {
      const segs = cmap.readUInt16BE(sub + 6) / 2;
      for (let s = 0; s < segs; s++) {
        const end = cmap.readUInt16BE(sub + 14 + s * 2);
        const start = cmap.readUInt16BE(sub + 16 + segs * 2 + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) points.add(c);
      }
    } else if (format === 12) {
      const groups = cmap.readUInt32BE(sub + 12);
      for (let g = 0; g < groups; g++) {
        const start = cmap.readUInt32BE(sub + 16 + g * 12);
        const end = cmap.readUInt32BE(sub + 20 + g * 12);
        for (let c = start; c <= end; c++) points.add(c);
      }
    }
  }
  return points;
}

describe("Mukta's Devanagari faces for Nepali pages", () => {
  for (const weight of [400, 700]) {
    it(`weight ${weight}: the whole block @fontsource's face covers, with its shaping tables, without hinting, in the range app.css declares`, () => {
      const cut = fs.readFileSync(new URL(`./fonts/mukta-devanagari-${weight}.woff2`, import.meta.url));
      const full = fs.readFileSync(require.resolve(`@fontsource/mukta/files/mukta-devanagari-${weight}-normal.woff2`));
      const ours = readWoff2(cut);
      const theirs = readWoff2(full);

      const inBlock = (points: Set<number>) => [...points].filter((c) => c >= 0x0900 && c <= 0x097f).sort((a, b) => a - b);
      expect(inBlock(codePoints(theirs.cmap)).length).toBeGreaterThan(100);
      expect(inBlock(codePoints(ours.cmap))).toEqual(inBlock(codePoints(theirs.cmap)));
      for (const c of [0x200c, 0x200d, 0x25cc]) expect(codePoints(ours.cmap).has(c), c.toString(16)).toBe(codePoints(theirs.cmap).has(c));

      expect(ours.tags).toEqual(expect.arrayContaining(["GSUB", "GPOS", "GDEF"]));
      expect(theirs.tags).toEqual(expect.arrayContaining(["fpgm", "prep"]));
      expect(ours.tags).not.toContain("fpgm");
      expect(ours.tags).not.toContain("prep");
      expect(cut.length).toBeLessThan(full.length * 0.7);

      const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!);
      const face = faces.find((f) => f.includes(`mukta-devanagari-${weight}.woff2`));
      expect(face).toBeDefined();
      expect(face).toContain('font-family: "Mukta"');
      expect(face).toContain(`font-weight: ${weight}`);
      expect(face).toContain(`unicode-range: ${RANGE};`);
    });
  }
});

/**
 * The first-paint face of Nepali pages (docs/decisions/134): the regular cut reduced to the glyphs the shop's own
 * words shape to. A word of the shop that shaped differently in it (a conjunct drawn from its parts, another width)
 * would change when the whole cut replaces it after the main picture, and move the text around it.
 */
describe("the first-paint face of Nepali pages", () => {
  const firstPaint = fs.readFileSync(new URL("./fonts/mukta-devanagari-first-paint.woff2", import.meta.url));
  const regular = fs.readFileSync(new URL("./fonts/mukta-devanagari-400.woff2", import.meta.url));

  it("maps every code point of the regular cut, in a file under half its size, and app.css paints the first frame in it", () => {
    expect(codePoints(readWoff2(firstPaint).cmap)).toEqual(codePoints(readWoff2(regular).cmap));
    expect(readWoff2(firstPaint).tags).toEqual(expect.arrayContaining(["GSUB", "GPOS", "GDEF"]));
    expect(firstPaint.length).toBeLessThan(regular.length / 2);

    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!).filter((f) => f.includes("mukta-devanagari-first-paint.woff2"));
    expect(faces).toHaveLength(2);
    for (const face of faces) {
      expect(face).toContain('font-family: "Mukta Nepali"');
      expect(face).toContain(`unicode-range: ${RANGE};`);
    }
    expect(css).not.toMatch(/"Mukta Nepali";[^}]*mukta-devanagari-400\.woff2/);
  });

  it("shapes every Nepali word of the shop exactly as the whole regular cut does", async () => {
    const fontOf = async (woff2: Buffer) => new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(await fontverter.convert(woff2, "truetype")))));
    const glyphIds = (font: hb.Font, word: string) => {
      const buffer = new hb.Buffer();
      buffer.addText(word);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      return buffer.getGlyphInfos().map((g) => g.codepoint);
    };
    // One after the other: fontverter's WOFF2 decoder does not take two files at once.
    const firstPaintFont = await fontOf(firstPaint);
    const regularFont = await fontOf(regular);
    const shaped = (font: hb.Font) => {
      return (word: string) => {
        const buffer = new hb.Buffer();
        buffer.addText(word);
        buffer.guessSegmentProperties();
        hb.shape(font, buffer);
        return buffer.getGlyphPositions().map((p, i) => `${buffer.getGlyphInfos()[i]!.cluster}:${p.xAdvance}/${p.xOffset},${p.yOffset}`).join(" ");
      };
    };
    const inFirstPaint = shaped(firstPaintFont);
    const inRegular = shaped(regularFont);
    const words = nepaliWords();
    expect(words.length).toBeGreaterThan(1000);
    const differ = words.filter((w) => inFirstPaint(w) !== inRegular(w));
    // Run `node apps/web/scripts/subset-devanagari-fonts.mjs` to remake the face with the new words.
    expect(differ).toEqual([]);
    // A conjunct none of the shop's words has (dda + ddha, written as escapes so the corpus does not read it here) is
    // still drawn, from its parts and with no missing-glyph box, until the whole cut arrives.
    const rare = "\u0921\u094D\u0922";
    expect(words.some((w) => w.includes(rare))).toBe(false);
    expect(inFirstPaint(rare)).not.toBe(inRegular(rare));
    expect(glyphIds(firstPaintFont, rare)).not.toContain(0);
  });
});

/**
 * The first-paint Latin faces of English pages (docs/decisions/137): Mukta's Latin faces cut to Basic Latin and the
 * other characters of the shop's English texts, which English pages preload instead of the whole faces. A character
 * of the shop's texts missing from the cut would download the whole face on every page that shows it; a text shaped
 * differently in the cut (another width, a lost kerning pair) would look different from Mukta.
 */
describe("the first-paint Latin faces of English pages", () => {
  const englishTexts = (tree: object): string[] => Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : englishTexts(v as object)));
  const texts = englishTexts(en);
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!);
  const rangeOf = (range: string) => {
    const points = new Set<number>();
    for (const part of range.split(",")) {
      const [from, to] = part.trim().replace(/^U\+/, "").split("-").map((h) => parseInt(h, 16));
      for (let c = from!; c <= (to ?? from!); c++) points.add(c);
    }
    return points;
  };

  for (const weight of [400, 700]) {
    it(`weight ${weight}: every character of the shop's English texts Mukta has, in one round trip's bytes, declared with its range in app.css`, () => {
      const cut = fs.readFileSync(new URL(`./fonts/mukta-latin-${weight}-first-paint.woff2`, import.meta.url));
      const whole = fs.readFileSync(require.resolve(`@fontsource/mukta/files/mukta-latin-${weight}-normal.woff2`));
      const ours = codePoints(readWoff2(cut).cmap);
      const theirs = codePoints(readWoff2(whole).cmap);
      expect(texts.length).toBeGreaterThan(500);
      const used = new Set(texts.flatMap((t) => [...t].map((ch) => ch.codePointAt(0)!)));
      // Run `node apps/web/scripts/subset-latin-fonts.mjs` with the character added to LATIN_FIRST_PAINT_TEXT.
      expect([...used].filter((c) => theirs.has(c) && !ours.has(c)).map((c) => String.fromCodePoint(c))).toEqual([]);
      for (let c = 0x20; c <= 0x7e; c++) expect(ours.has(c), String.fromCodePoint(c)).toBe(true);
      // Its kerning and no hinting; within the 14.6 KB (ten TCP segments) a new connection sends in its first round trip.
      expect(readWoff2(cut).tags).toContain("GPOS");
      expect(readWoff2(cut).tags).not.toContain("fpgm");
      expect(cut.length).toBeLessThan(14_600);

      const face = faces.find((f) => f.includes(`mukta-latin-${weight}-first-paint.woff2`));
      expect(face).toBeDefined();
      expect(face).toContain('font-family: "Mukta First"');
      expect(face).toContain(`font-weight: ${weight}`);
      expect(rangeOf(/unicode-range: ([^;]+);/.exec(face!)![1]!)).toEqual(ours);
    });
  }

  it("shapes every English text of the shop exactly as the whole faces do", async () => {
    const fontOf = async (woff2: Buffer) => new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(await fontverter.convert(woff2, "truetype")))));
    const shaped = (font: hb.Font) => (text: string) => {
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      return buffer.getGlyphPositions().map((p, i) => `${buffer.getGlyphInfos()[i]!.cluster}:${p.xAdvance}/${p.xOffset},${p.yOffset}`).join(" ");
    };
    for (const weight of [400, 700]) {
      // One after the other: fontverter's WOFF2 decoder does not take two files at once.
      const cut = shaped(await fontOf(fs.readFileSync(new URL(`./fonts/mukta-latin-${weight}-first-paint.woff2`, import.meta.url))));
      const whole = shaped(await fontOf(fs.readFileSync(require.resolve(`@fontsource/mukta/files/mukta-latin-${weight}-normal.woff2`))));
      const latin = texts.map((t) => t.replace(/[^\u0020-\u024F\u2000-\u206F\u2212]+/g, " "));
      expect(latin.filter((t) => cut(t) !== whole(t)), `weight ${weight}`).toEqual([]);
      // The whole face draws what the cut leaves out; the cut draws it as a missing glyph (0), which the browser never
      // uses: the character is outside the face's unicode-range and goes to the whole face.
      expect(cut("ñ")).not.toBe(whole("ñ"));
    }
  });
});

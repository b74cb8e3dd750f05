// Makes app/fonts/mukta-700-khelkud.woff2: Mukta Devanagari bold (@fontsource/mukta, SIL Open Font License) cut down
// to the letters of the two Devanagari words English pages show — the home hero's खेलकुद and the language switch's
// नेपाली — with their shaping rules (docs/decisions/068, 107). Run it again when either word changes:
//   node apps/web/scripts/subset-khelkud-font.mjs
import fs from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

export const KHELKUD_FONT_TEXT = "खेलकुदनेपाली";

const require = createRequire(import.meta.url);
const source = require.resolve("@fontsource/mukta/files/mukta-devanagari-700-normal.woff2");
const out = new URL("../app/fonts/mukta-700-khelkud.woff2", import.meta.url);
const subset = await subsetFont(fs.readFileSync(source), KHELKUD_FONT_TEXT, { targetFormat: "woff2" });
fs.writeFileSync(out, subset);
const codepoints = [...new Set([...KHELKUD_FONT_TEXT].map((c) => c.codePointAt(0)))].sort((a, b) => a - b);
console.log(`${out.pathname}: ${subset.length} bytes; unicode-range: ${codepoints.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`).join(", ")}`);

// The shop's own Nepali text: every run of Devanagari in the sources of the storefront, the server (mails, SMS, bills,
// demo data) and the shared contracts (messages). The first-paint face of Nepali pages keeps the glyphs these words
// shape to (scripts/subset-devanagari-fonts.mjs), and app/fonts.test.ts checks that they still shape the same in it
// as in the whole cut (docs/decisions/134).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = new URL("../../../", import.meta.url);
const SOURCES = ["apps/web/app", "apps/server/src", "packages/contracts/src"];
const SKIP = new Set(["node_modules", "build", "dist"]);
const DEVANAGARI_RUN = /[\u0900-\u097F\u200C\u200D]+/g;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs|sql)$/.test(entry.name)) yield full;
  }
}

/** Every distinct Devanagari word of the shop's sources, sorted. */
export function nepaliWords() {
  const words = new Set();
  for (const source of SOURCES) {
    for (const file of sourceFiles(fileURLToPath(new URL(source, ROOT)))) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(DEVANAGARI_RUN)) words.add(m[0]);
    }
  }
  return [...words].sort();
}

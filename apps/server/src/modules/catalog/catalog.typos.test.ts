/**
 * Typo tolerance measured the way a shopper meets it: every word of the demo catalogue's product titles and
 * category names, misspelt in each of the four ways people do on a phone at every position, must still find
 * every product holding that word (decision 020: one typo from 5 letters, two from 9).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PRODUCT_CATEGORIES, SEED_PRODUCTS, teamNeOf } from "../../db/seed/catalogue.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";
import { createCatalogService, type CatalogService } from "./catalog.service.js";
import { catalogueWords } from "./search-terms.js";

let t: TestContext;
/** Catalogue word → ids of the active products holding it in their title or category name. */
const holders = new Map<string, Set<string>>();

const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
/** The keys around a letter on a QWERTY phone keyboard (same row left/right, the rows above and below). */
function neighbours(c: string): string[] {
  const r = ROWS.findIndex((row) => row.includes(c));
  if (r < 0) return [];
  const i = ROWS[r]!.indexOf(c);
  const out = [ROWS[r]![i - 1], ROWS[r]![i + 1], ROWS[r - 1]?.[i], ROWS[r - 1]?.[i + 1], ROWS[r + 1]?.[i], ROWS[r + 1]?.[i - 1]];
  return out.filter((k): k is string => !!k);
}

type Kind = "deletion" | "transposition" | "substitution" | "insertion";
/** One typo of `kind` at position `i`, or null where that kind has no typo there. */
function typo(word: string, kind: Kind, i: number): string | null {
  const c = word[i]!;
  switch (kind) {
    case "deletion":
      return word.slice(0, i) + word.slice(i + 1);
    case "transposition":
      return i + 1 < word.length && word[i + 1] !== c ? word.slice(0, i) + word[i + 1] + c + word.slice(i + 2) : null;
    case "substitution": {
      const keys = neighbours(c);
      return keys.length ? word.slice(0, i) + keys[i % keys.length] + word.slice(i + 1) : null;
    }
    case "insertion": {
      // A doubled letter at even positions, the neighbouring key hit as well at odd ones.
      const extra = i % 2 === 0 ? c : (neighbours(c)[0] ?? c);
      return word.slice(0, i + 1) + extra + word.slice(i + 1);
    }
  }
}
const KINDS: Kind[] = ["deletion", "transposition", "substitution", "insertion"];

function singleTypos(word: string): string[] {
  const out = new Set<string>();
  for (const kind of KINDS) for (let i = 0; i < word.length; i++) out.add(typo(word, kind, i) ?? word);
  out.delete(word);
  return [...out];
}

/** Two typos, far enough apart not to undo each other: every pair of positions, the kinds taking turns. */
function doubleTypos(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    for (let j = i + 2; j < word.length; j++) {
      // The later position first, so the earlier one's index still points at the same letter.
      const second = typo(word, KINDS[(i + j) % 4]!, j);
      const both = second && typo(second, KINDS[(i * 3 + j) % 4]!, i);
      if (both && both !== word) out.add(both);
    }
  }
  return [...out];
}

/**
 * The two ways a word is corrected (decision 097): candidates from the database's trigram index (the test
 * default, nothing cached), and the whole vocabulary held in memory and checked in code (production's path while
 * the vocabulary is small).
 */
const PATHS = [
  ["nearest words from the database", () => t.app.services.catalog],
  ["the vocabulary held in memory", () => (inMemory ??= createCatalogService(t.database.db, { wordCacheMs: 1000 }))],
] as const;
let inMemory: CatalogService | undefined;

async function recall(catalog: CatalogService, words: string[], typosOf: (w: string) => string[]) {
  let found = 0;
  const missed: string[] = [];
  for (const word of words) {
    const want = holders.get(word)!;
    for (const q of typosOf(word)) {
      const result = await catalog.searchProducts({ q, page: 1, limit: 100, sortBy: "relevance", sortOrder: "desc" });
      const got = new Set(result.products.map((p) => p.id));
      if ([...want].every((id) => got.has(id))) found++;
      else missed.push(`${q} (${word})`);
    }
  }
  return { rate: found / (found + missed.length), total: found + missed.length, missed };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const categoryIds = new Map<string, string>();
  for (const c of PRODUCT_CATEGORIES) {
    const row = await insertCategory(db, { name: c.name, slug: c.slug, description: c.description, nameNe: c.nameNe });
    categoryIds.set(c.slug, row.id);
  }
  const categoryName = new Map<string, string>(PRODUCT_CATEGORIES.map((c) => [c.slug, c.name]));
  for (const p of SEED_PRODUCTS) {
    const row = await insertProduct(db, {
      name: p.name,
      nameNe: p.nameNe,
      team: p.team,
      teamNe: teamNeOf(p.team),
      brand: p.brand,
      categoryId: categoryIds.get(p.category)!,
      description: p.blurb,
    });
    for (const w of catalogueWords(`${p.name} ${p.brand} ${p.team ?? ""} ${categoryName.get(p.category)}`)) {
      if (!holders.has(w)) holders.set(w, new Set());
      holders.get(w)!.add(row.id);
    }
  }
});
afterAll(() => t.close());

describe.each(PATHS)("typo tolerance over the demo catalogue's vocabulary, %s", (_, service) => {
  const lettersOnly = () => [...holders.keys()].filter((w) => /^[a-z]+$/.test(w));

  it("finds ≥ 99% of one-typo misspellings of every word of 5 letters or more", async () => {
    const words = lettersOnly().filter((w) => w.length >= 5);
    expect(words.length).toBeGreaterThan(50);
    const r = await recall(service(), words, singleTypos);
    expect(r.total).toBeGreaterThan(1500);
    expect(r.missed.length / r.total, `missed: ${r.missed.join(", ")}`).toBeLessThanOrEqual(0.01);
  }, 240_000);

  it("finds ≥ 95% of two-typo misspellings of every word of 9 letters or more", async () => {
    const words = lettersOnly().filter((w) => w.length >= 9);
    expect(words.length).toBeGreaterThan(5);
    const r = await recall(service(), words, doubleTypos);
    expect(r.total).toBeGreaterThan(200);
    expect(r.missed.length / r.total, `missed: ${r.missed.join(", ")}`).toBeLessThanOrEqual(0.05);
  }, 240_000);

  it("finds nothing for words that are no misspelling of the catalogue", async () => {
    for (const q of ["qqqqq", "zxqv wbnm", "xylophone", "ज्ञ"]) {
      const result = await service().searchProducts({ q, page: 1, limit: 100, sortBy: "relevance", sortOrder: "desc" });
      expect(result.products, q).toEqual([]);
    }
  });
});

/**
 * "Did you mean" offers a word a shopper writes (docs/decisions/180): for a word typed in Latin letters a word of the
 * English texts (names, brands, teams, categories), for one typed in Devanagari a Devanagari word of a Nepali name,
 * never the romanisation of a Nepali name ("toli" of टोली, "esi" of एसी), which the vocabulary holds to match queries.
 */
describe.each(PATHS)("Did you mean over the demo catalogue with its Nepali names, %s", (_, service) => {
  const ask = (q: string) => service().searchProducts({ q, page: 1, limit: 100, sortBy: "relevance", sortOrder: "desc" });
  const inEnglish = (suggestion: string | undefined) => suggestion === undefined || suggestion.split(" ").every((w) => holders.has(w));

  it("offers no romanised Nepali word for kohli, mesi or psg", async () => {
    for (const q of ["kohli", "mesi", "psg"]) {
      const { products, didYouMean } = await ask(q);
      expect(products, q).toEqual([]);
      expect(inEnglish(didYouMean), `${q} → ${didYouMean}`).toBe(true);
    }
  });

  it("offers a word of the English texts for a Latin word near any romanised one", async () => {
    const vocabulary = (await t.database.db.execute(sql`SELECT word FROM search_vocabulary`)) as unknown as { rows: { word: string }[] };
    const romanised = vocabulary.rows.map((r) => r.word).filter((w) => /^[a-z]{4,8}$/.test(w) && !holders.has(w));
    expect(romanised.length).toBeGreaterThan(20);
    for (const word of romanised) {
      // Two letters more: past forgiving for a word of up to 8 letters, within what "Did you mean" looks for (before
      // decision 180 it offered the romanised word itself: "jemsxq" → "jems", of जेम्स).
      const { didYouMean } = await ask(`${word}xq`);
      expect(inEnglish(didYouMean), `${word}xq → ${didYouMean}`).toBe(true);
    }
  }, 120_000);

  it("still offers the English word for an English misspelling past forgiving", async () => {
    const far = await ask("barclnoaa");
    expect(far.products).toEqual([]);
    expect(far.didYouMean).toBe("barcelona");
    expect((await ask("barclnoaa hoem")).didYouMean).toBe("barcelona home");
  });

  it("writes the suggestion for a Devanagari misspelling in Devanagari, as the Nepali name does: लिवरपोल → लिभरपुल", async () => {
    const far = await ask("लिवरपोल");
    expect(far.products).toEqual([]);
    expect(far.didYouMean).toBe("लिभरपुल");
    const found = (await ask(far.didYouMean!)).products.map((p) => p.name);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((name) => name.startsWith("Liverpool "))).toBe(true);
    // Each word in the letters it was typed in.
    expect((await ask("लिवरपोल hoem")).didYouMean).toBe("लिभरपुल home");
  });

  it("offers nothing for a query with a word run together from Devanagari and Latin letters, which cannot be written back", async () => {
    for (const q of ["लिवरपोलhoem", "लिवरपोलhoem barclnoaa"]) {
      const answer = await ask(q);
      expect(answer.products, q).toEqual([]);
      expect(answer.didYouMean, q).toBeUndefined();
    }
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client.js";
import { devanagariToLatin } from "./devanagari.js";
import { allowedEdits, catalogueWords, FOLD_FROM, FOLD_TO, MAX_SEARCH_TOKENS, osaDistance, prefixDistance, searchTokens, typedWords } from "./search-terms.js";

describe("searchTokens", () => {
  it("lower-cases, drops punctuation and repeats", () => {
    expect(searchTokens("  Messi's  JERSEY, jersey!! #10 ")).toEqual(["messi", "s", "jersey", "10"]);
  });

  it("writes Devanagari in Latin letters", () => {
    expect(searchTokens("नेपाल क्रिकेट")).toEqual(["nepal", "kriket"]);
  });

  it("folds Latin diacritics as the database does (Dončić → doncic)", () => {
    expect(searchTokens("Luka DONČIĆ Mbappé")).toEqual(["luka", "doncic", "mbappe"]);
  });

  it("turns SQL and LIKE metacharacters into nothing", () => {
    expect(searchTokens("%_\\'\";--")).toEqual([]);
  });

  it("bounds the number and the length of tokens", () => {
    expect(searchTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_SEARCH_TOKENS);
    expect(searchTokens("x".repeat(500))[0]).toHaveLength(40);
  });
});

describe("typedWords", () => {
  const typed = (q: string) => typedWords(q, searchTokens(q));

  it("gives each token as the shopper wrote it: Latin words as tokens, Devanagari words in Devanagari", () => {
    expect(typed("Liverpool लिवरपोल, जर्सी!")).toEqual(["liverpool", "लिवरपोल", "जर्सी"]);
    expect(typed("टी-ट्वान्टी २०२५")).toEqual(["टी", "ट्वान्टी", "२०२५"]);
    expect(typed("nepal नेपाल")).toEqual(["nepal"]);
  });

  it("gives nothing for a Devanagari word run into Latin letters", () => {
    expect(typed("नेपालjersey jersey")).toEqual(["", "jersey"]);
  });
});

describe("catalogueWords", () => {
  it("splits a title the way the search_words column does", () => {
    expect(catalogueWords("Paris Saint-Germain Home Jersey 2025/26 – Mbappé #7")).toEqual([
      "paris",
      "saint",
      "germain",
      "home",
      "jersey",
      "2025",
      "26",
      "mbappe",
      "7",
    ]);
  });

  it("uses the same folding table as the migration", () => {
    expect([...FOLD_FROM]).toHaveLength(FOLD_TO.length);
    const sql = fs.readFileSync(path.join(migrationsFolder, "0007_search_vocabulary.sql"), "utf8");
    expect(sql).toContain(`translate(lower(t), '${FOLD_FROM}', '${FOLD_TO}')`);
  });
});

describe("devanagariToLatin", () => {
  it.each([
    ["नेपाल", "nepal"],
    ["मेस्सी", "messi"],
    ["क्रिकेट", "kriket"],
    ["बार्सिलोना", "barsilona"],
    ["संघ", "sangh"],
    ["जर्सी २०२५", "jarsi 2025"],
    ["Nepal नेपाल!", "Nepal nepal!"],
  ])("%s → %s", (from, to) => {
    expect(devanagariToLatin(from)).toBe(to);
  });
});

describe("typo distance", () => {
  it("counts insertion, deletion, substitution and a swap of neighbours as one edit each", () => {
    expect(osaDistance("barcelona", "barcelona")).toBe(0);
    expect(osaDistance("barcleona", "barcelona")).toBe(1);
    expect(osaDistance("barcelna", "barcelona")).toBe(1);
    expect(osaDistance("barcelonna", "barcelona")).toBe(1);
    expect(osaDistance("varcelona", "barcelona")).toBe(1);
    expect(osaDistance("brcelnoa", "barcelona")).toBe(2);
    expect(osaDistance("ca", "abc")).toBe(3);
  });

  it("stops past the limit", () => {
    expect(osaDistance("messi", "liverpool", 2)).toBe(3);
    expect(osaDistance("abcdefgh", "hgfedcba", 1)).toBe(2);
  });

  it("measures a typed beginning against a word", () => {
    expect(prefixDistance("barcel", "barcelona", 1)).toBe(0);
    expect(prefixDistance("brcel", "barcelona", 1)).toBe(1);
    expect(prefixDistance("jersi", "jersey", 1)).toBe(1);
    expect(prefixDistance("lakers", "barcelona", 1)).toBe(2);
  });

  it("allows none up to 4 letters, one for 5–8, two from 9, none in numbers", () => {
    expect([
      allowedEdits("psg"),
      allowedEdits("home"),
      allowedEdits("messi"),
      allowedEdits("liverpol"),
      allowedEdits("barcelona"),
      allowedEdits("2025"),
      allowedEdits("t20world"),
    ]).toEqual([0, 0, 1, 1, 2, 0, 0]);
  });
});

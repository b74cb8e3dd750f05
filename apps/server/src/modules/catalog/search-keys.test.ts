import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createTestDatabase } from "../../test/harness.js";
import { rankedSearchKeyAndText, type ProductFilter, type SearchToken } from "./catalog.repository.js";

/**
 * A ranked search's statement is kept by a key made of the names it binds (docs/decisions/136): a request whose key
 * was seen runs the kept text with its own values. Two different texts under one key would run one search with
 * another's statement, so every pair of these searches must have equal keys exactly when their texts are equal.
 */
const token = (text: string, over: Partial<SearchToken> = {}): SearchToken => ({ text, exact: [text], prefix: [], typo: [], categoryIds: [], ...over });
const searches = [
  { tokens: [token("messi")], phrase: ["messi"] },
  { tokens: [token("messi"), token("jersey")], phrase: ["messi", "jersey"] },
  { tokens: [token("mesi", { exact: [], typo: ["messi"] })], phrase: ["messi"] },
  { tokens: [token("zzz", { exact: [] })], phrase: ["zzz"] },
  { tokens: [token("football", { categoryIds: ["c1"] })], phrase: ["football"] },
  { tokens: [token("football", { exact: [], categoryIds: ["c1", "c2"] }), token("home")], phrase: ["football", "home"] },
];
const filters: Omit<ProductFilter, "search">[] = [
  {},
  { includeInactive: true },
  { categoryId: "c1" },
  { featured: true },
  { featured: false },
  { isNew: true },
  { brands: ["Nike"] },
  { brands: ["Nike", "Adidas"] },
  { minPricePaisa: 100 },
  { maxPricePaisa: 100 },
  { minPricePaisa: 100, maxPricePaisa: 200 },
  { excludeIds: ["p1"] },
  { categoryId: "c1", brands: ["Nike"], isNew: false },
];

describe("kept search statements", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("give two searches one key exactly when their statements' texts are equal", () => {
    const built = searches.flatMap((search) =>
      filters.flatMap((f) => [
        rankedSearchKeyAndText(database.db, { ...f, search }, 20, 0),
        // Other values of the same shape: the same text.
        rankedSearchKeyAndText(database.db, { ...f, search: { ...search, tokens: search.tokens.map((t) => ({ ...t, exact: t.exact.map((w) => `${w}x`) })) } }, 50, 100),
      ]),
    );
    const textsByKey = new Map<string, Set<string>>();
    const keysByText = new Map<string, Set<string>>();
    for (const { key, text } of built) {
      textsByKey.set(key, (textsByKey.get(key) ?? new Set()).add(text));
      keysByText.set(text, (keysByText.get(text) ?? new Set()).add(key));
    }
    expect([...textsByKey.values()].every((texts) => texts.size === 1)).toBe(true);
    expect([...keysByText.values()].every((keys) => keys.size === 1)).toBe(true);
    // The shapes really differ: most of these searches have statements of their own.
    expect(textsByKey.size).toBeGreaterThan(50);
  });
});

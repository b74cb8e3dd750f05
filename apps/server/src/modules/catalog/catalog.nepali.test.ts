/**
 * Devanagari and romanised Nepali search (docs/decisions/114): a product's Nepali name and description are searched
 * through the same romanisation as the query, in SQL (`khelkud_romanise`) and in code (`devanagariToLatin`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";
import { devanagariToLatin } from "./devanagari.js";

let t: TestContext;
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const names = (body: { data: { products: { name: string }[] } }) => body.data.products.map((p) => p.name);
const search = async (q: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/products/search?q=${encodeURIComponent(q)}` });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const football = await insertCategory(db, { name: "Football Jerseys", slug: "football-jerseys", nameNe: "फुटबल जर्सी" });
  const cricket = await insertCategory(db, { name: "Cricket Jerseys", slug: "cricket-jerseys" });
  await insertProduct(db, { name: "Nepal Home Jersey 2025", nameNe: "नेपाल घरेलु जर्सी", team: "Nepal", brand: "Kelme", categoryId: football.id, description: "Crimson home shirt.", descriptionNe: "रातो घरेलु कमिज।" });
  await insertProduct(db, { name: "Nepal Away Jersey 2025", nameNe: "नेपाल बाहिरी जर्सी", team: "Nepal", brand: "Kelme", categoryId: football.id });
  await insertProduct(db, { name: "Nepal Cricket ODI Jersey 2025", team: "Nepal Cricket Team", brand: "Shikhar", categoryId: cricket.id });
  await insertProduct(db, { name: "Liverpool Home Jersey 2025/26", nameNe: "लिभरपुल घरेलु जर्सी", team: "Liverpool", brand: "Nike", categoryId: football.id });
});
afterAll(() => t.close());

describe("Nepali search", () => {
  it("romanises Devanagari in SQL exactly as the query is romanised in code", async () => {
    const samples = ["नेपाल घरेलु जर्सी", "क्रिकेट", "मेस्सी", "फ़ुटबल", "संख्या २०८३", "अर्जेन्टिना", "ज़ोन", "ऋतु", "सिंहदरबार", "Jersey नेपाल 10", "ॐ"];
    for (const s of samples) {
      const [row] = await rows<{ r: string }>(sql`SELECT khelkud_romanise(${s}) AS r`);
      expect(row!.r, s).toBe(devanagariToLatin(s.normalize("NFKC")));
    }
  });

  it("'नेपाल जर्सी' finds the Nepal jerseys by their Nepali names", async () => {
    const { status, body } = await search("नेपाल जर्सी");
    expect(status).toBe(200);
    expect(names(body).slice(0, 2).sort()).toEqual(["Nepal Away Jersey 2025", "Nepal Home Jersey 2025"]);
    expect(names(body)).not.toContain("Liverpool Home Jersey 2025/26");
  });

  it("'नेपाल घरेलु जर्सी' finds the home shirt first; a word of the Nepali description finds it too", async () => {
    expect(names((await search("नेपाल घरेलु जर्सी")).body)[0]).toBe("Nepal Home Jersey 2025");
    expect(names((await search("रातो")).body)).toEqual(["Nepal Home Jersey 2025"]);
  });

  it("the romanised 'nepal jersi' finds the Nepal jerseys", async () => {
    const found = names((await search("nepal jersi")).body);
    expect(found).toEqual(expect.arrayContaining(["Nepal Home Jersey 2025", "Nepal Away Jersey 2025", "Nepal Cricket ODI Jersey 2025"]));
    expect(found).not.toContain("Liverpool Home Jersey 2025/26");
  });

  it("a Nepali word one letter off is corrected like an English one", async () => {
    // "घरेलू" (long ū) and "घरेलु" romanise the same; "gharelo" is one substitution from "gharelu".
    expect(names((await search("घरेलू")).body).sort()).toEqual(["Liverpool Home Jersey 2025/26", "Nepal Home Jersey 2025"]);
    expect(names((await search("gharelo")).body).sort()).toEqual(["Liverpool Home Jersey 2025/26", "Nepal Home Jersey 2025"]);
  });

  it("a Nepali name changed by any write (here raw SQL) is searchable by its new words only", async () => {
    await rows(sql`UPDATE products SET name_ne = 'नेपाल तेस्रो जर्सी' WHERE name = 'Nepal Away Jersey 2025'`);
    await new Promise((r) => setTimeout(r, 1100));
    expect(names((await search("तेस्रो")).body)).toEqual(["Nepal Away Jersey 2025"]);
    expect(names((await search("बाहिरी")).body)).toEqual([]);
  });

  it("a category's Nepali name finds the category's products (docs/decisions/117)", async () => {
    // "फुटबल" is no product's word: only the category "Football Jerseys" / "फुटबल जर्सी" has it.
    expect(names((await search("फुटबल")).body).sort()).toEqual(["Liverpool Home Jersey 2025/26", "Nepal Away Jersey 2025", "Nepal Home Jersey 2025"]);
    expect(names((await search("phutabal")).body)).toHaveLength(3);
  });

  it("a category's Nepali name written later (here raw SQL) finds its products, and once removed finds nothing", async () => {
    expect(names((await search("पोसाक")).body)).toEqual([]);
    await rows(sql`UPDATE categories SET name_ne = 'क्रिकेट पोसाक' WHERE slug = 'cricket-jerseys'`);
    await new Promise((r) => setTimeout(r, 1100));
    expect(names((await search("पोसाक")).body)).toEqual(["Nepal Cricket ODI Jersey 2025"]);
    await rows(sql`UPDATE categories SET name_ne = NULL WHERE slug = 'cricket-jerseys'`);
    await new Promise((r) => setTimeout(r, 1100));
    expect(names((await search("पोसाक")).body)).toEqual([]);
    const [vocabulary] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_vocabulary WHERE word = 'posaka' OR word = 'posak'`);
    expect(vocabulary!.n).toBe(0);
  });

  it("'Did you mean' offers a Latin word no romanisation, and a Devanagari word its Nepali name (docs/decisions/180)", async () => {
    // "jarsiqq" is two letters past "jarsi", the romanisation of जर्सी, which is there to match queries, not to offer.
    const latin = await search("jarsiqq");
    expect(latin.body.data.products).toEqual([]);
    expect(latin.body.data.didYouMean).toBeUndefined();
    const devanagari = await search("लिवरपोल");
    expect(devanagari.body.data.products).toEqual([]);
    expect(devanagari.body.data.didYouMean).toBe("लिभरपुल");
    expect(names((await search(devanagari.body.data.didYouMean)).body)).toEqual(["Liverpool Home Jersey 2025/26"]);
    // An English misspelling past forgiving still gets its English words.
    expect((await search("liverpoolxyz hoem")).body.data.didYouMean).toBe("liverpool home");
  });

  it("the vocabulary counts each word's English and Nepali holders and keeps how a Nepali name writes it, through any write", async () => {
    // Every word's counts as the triggers keep them, against a count of the catalogue from scratch.
    const recount = async () =>
      rows<{ word: string }>(sql`
        WITH holders AS (
          SELECT x.word, x.english, x.written FROM products p, khelkud_vocabulary_words(p.search_words, khelkud_product_english(p.name, p.brand, p.team), p.name_ne) x WHERE p.status = 'ACTIVE'
          UNION ALL
          SELECT x.word, x.english, x.written FROM categories c, khelkud_vocabulary_words(khelkud_category_words(c.name, c.name_ne), c.name, c.name_ne) x WHERE c.type = 'PRODUCT' AND c.status = 'ACTIVE'
        ), counted AS (
          SELECT word, count(*) FILTER (WHERE english)::int AS english, count(written)::int AS nepali, array_agg(written) FILTER (WHERE written IS NOT NULL) AS spellings FROM holders GROUP BY word
        )
        SELECT coalesce(v.word, c.word) AS word FROM search_vocabulary v FULL JOIN counted c ON c.word = v.word
        WHERE v.word IS NULL OR c.word IS NULL OR v.english <> c.english OR v.nepali <> c.nepali
          OR (v.devanagari IS NULL) <> (c.nepali = 0) OR NOT coalesce(v.devanagari = ANY (c.spellings), true)`);
    type Counted = { english: number; nepali: number; devanagari: string | null };
    const word = async (w: string) => (await rows<Counted>(sql`SELECT english, nepali, devanagari FROM search_vocabulary WHERE word = ${w}`))[0];
    expect(await recount()).toEqual([]);
    expect(await word("nepal")).toMatchObject({ devanagari: "नेपाल" });
    expect((await word("nepal"))!.english).toBeGreaterThan(0);
    expect(await word("liverpool")).toMatchObject({ nepali: 0, devanagari: null });
    expect(await word("libharapul")).toEqual({ english: 0, nepali: 1, devanagari: "लिभरपुल" });
    expect(await word("phutabal")).toEqual({ english: 0, nepali: 1, devanagari: "फुटबल" });

    const liverpool = sql`WHERE name = 'Liverpool Home Jersey 2025/26'`;
    // Another spelling of the same word: its counts stay, the spelling written last is kept.
    await rows(sql`UPDATE products SET name_ne = 'लिभरपूल घरेलु जर्सी' ${liverpool}`);
    expect(await word("libharapul")).toEqual({ english: 0, nepali: 1, devanagari: "लिभरपूल" });
    await rows(sql`UPDATE products SET price = price + 100 ${liverpool}`);
    expect(await recount()).toEqual([]);
    await rows(sql`UPDATE products SET status = 'INACTIVE' ${liverpool}`);
    expect(await word("libharapul")).toBeUndefined();
    expect(await recount()).toEqual([]);
    await rows(sql`UPDATE products SET status = 'ACTIVE' ${liverpool}`);
    await rows(sql`UPDATE categories SET name_ne = 'फुटबल पोसाक', name = 'Football Kits' WHERE slug = 'football-jerseys'`);
    expect(await word("posak")).toEqual({ english: 0, nepali: 1, devanagari: "पोसाक" });
    expect(await word("kits")).toMatchObject({ english: 1, nepali: 0 });
    expect(await recount()).toEqual([]);
    await rows(sql`DELETE FROM products WHERE name = 'Nepal Home Jersey 2025'`);
    expect(await recount()).toEqual([]);
  });

  it("malformed Nepali queries answer 200 or 400, never 500", async () => {
    for (const q of ["्", "़़़", "\u0000नेपाल", "ॐ".repeat(5000), "नेपाल%' OR 1=1 --"]) {
      const { status } = await search(q);
      expect([200, 400], q).toContain(status);
    }
  });
});

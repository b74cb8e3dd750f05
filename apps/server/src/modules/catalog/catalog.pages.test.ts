/**
 * A product list's page is read first and only its rows get their category, stock and main picture
 * (docs/decisions/163). Whichever statement serves the list (every product, a category whose counts are kept, a price
 * range, a search in a chosen order), walking its pages must give the catalogue in the order the shopper chose, each
 * product once, with its own category, stock and picture.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PRODUCT_SORTS } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";
import { rawRows } from "../../db/common-queries.js";

let t: TestContext;
let jerseys: { id: string; slug: string; name: string };

interface Card {
  id: string;
  name: string;
  finalPrice: number;
  rating: number | null;
  reviewCount: number;
  stock: number;
  category: { id: string; name: string } | null;
  image: { url: string; width: number } | null;
}

/** Product rows as stored: the price paid, rating, creation, total stock and main picture, to check cards against. */
interface Stored {
  id: string;
  name: string;
  paid: number;
  rating: number | null;
  reviews: number;
  created: string;
  category: string | null;
  stock: number;
  image: string | null;
}

const LETTERS = "ABCDEFGHIJKLMN";

beforeAll(async () => {
  t = await createTestApp();
  jerseys = await insertCategory(t.database.db, { name: "Paged Jerseys" });
  const shorts = await insertCategory(t.database.db, { name: "Paged Shorts" });
  // Fourteen products with ties in price (paid), rating and review count, some on sale, some unrated, some without a
  // picture or a category, created a minute apart in an order unlike their names.
  for (let i = 0; i < 14; i++) {
    const price = [150_000, 200_000, 250_000][i % 3]!;
    await insertProduct(t.database.db, {
      name: `${LETTERS[(i * 5) % 14]} Paged Kit`,
      price,
      salePrice: i % 4 === 0 ? price - 50_000 : null,
      ratingAverage: i % 5 === 0 ? null : [3.5, 4, 4.5][i % 3]!,
      reviewCount: i % 5 === 0 ? 0 : (i % 2) + 1,
      categoryId: i % 6 === 5 ? null : i % 2 ? jerseys.id : shorts.id,
      createdAt: new Date(Date.UTC(2026, 10, 1, 10, i * 7 % 14)),
      sizes: [
        { size: "S", stock: i },
        { size: "M", stock: 2 * i + 1 },
      ],
      imageCount: i % 3 === 1 ? 0 : 2,
    });
  }
});
afterAll(() => t.close());

async function stored(): Promise<Stored[]> {
  return rawRows<Stored>(
    t.database.db,
    sql`
    SELECT p.id, p.name, CASE WHEN p.sale_price IS NOT NULL AND p.sale_price < p.price THEN p.sale_price ELSE p.price END AS paid,
      p.rating_average::float8 AS rating, p.review_count AS reviews, p.created_at::text AS created, p.category_id AS category,
      (SELECT sum(stock)::int FROM product_sizes s WHERE s.product_id = p.id) AS stock,
      (SELECT key FROM product_images i WHERE i.product_id = p.id AND i.is_primary) AS image
    FROM products p WHERE p.status = 'ACTIVE' AND p.name LIKE '% Paged Kit'`,
  );
}

/** The shopper's order, written out from the rules (docs/product-rules.md §11), with the product id last as the tie-break. */
function expectedOrder(rows: Stored[], sort: (typeof PRODUCT_SORTS)[number]): string[] {
  const byId = (a: Stored, b: Stored) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const cmp: Record<typeof sort, (a: Stored, b: Stored) => number> = {
    newest: (a, b) => (a.created === b.created ? -byId(a, b) : a.created < b.created ? 1 : -1),
    name: (a, b) => (a.name === b.name ? byId(a, b) : a.name < b.name ? -1 : 1),
    "price-low": (a, b) => a.paid - b.paid || byId(a, b),
    "price-high": (a, b) => b.paid - a.paid || byId(a, b),
    rating: (a, b) => (a.rating === null ? 1 : 0) - (b.rating === null ? 1 : 0) || (b.rating ?? 0) - (a.rating ?? 0) || b.reviews - a.reviews || byId(a, b),
  };
  return [...rows].sort(cmp[sort]).map((r) => r.id);
}

/** Every page of a list, four products a page, until past the last; with the total each page gave. */
async function walk(query: string): Promise<{ cards: Card[]; totals: number[] }> {
  const cards: Card[] = [];
  const totals: number[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await t.app.inject({ method: "GET", url: `/api/products?limit=4&page=${page}&${query}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { products: Card[]; pagination: { total: number } };
    totals.push(data.pagination.total);
    if (data.products.length === 0) break;
    cards.push(...data.products);
  }
  return { cards, totals };
}

function expectCardsMatch(cards: Card[], rows: Stored[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const card of cards) {
    const row = byId.get(card.id)!;
    expect({ id: card.id, stock: card.stock, category: card.category?.id ?? null, finalPrice: card.finalPrice, picture: card.image ? card.image.url.includes(row.image!) : null }).toEqual({
      id: row.id,
      stock: row.stock,
      category: row.category,
      finalPrice: row.paid,
      picture: row.image === null ? null : true,
    });
  }
}

describe("a list's pages, read page first", () => {
  const lists: [string, string, (r: Stored) => boolean][] = [
    // Every product on sale: the prepared statement with the kept total.
    ["every product", "", () => true],
    // A category: the kept per-category counts, then the page.
    ["a category", "category=paged-jerseys", (r) => r.category === jerseys?.id],
    // A price range across categories: the finer kept counts.
    ["a price range", "minPrice=1500&maxPrice=2000", (r) => r.paid >= 150_000 && r.paid <= 200_000],
    // A search in a chosen order: the search's own count, then the same page statement.
    ["a search", "q=paged", () => true],
  ];
  for (const [what, query, keep] of lists) {
    it(`${what}: each order walked four at a time gives every product once, in that order, with its own stock, category and picture`, async () => {
      const rows = (await stored()).filter(keep);
      expect(rows.length).toBeGreaterThan(4);
      for (const sort of PRODUCT_SORTS) {
        const { cards, totals } = await walk(`${query}${query ? "&" : ""}sort=${sort}`);
        // The demo's own products are not in the test database: only these fourteen are on sale.
        expect([sort, cards.map((c) => c.id)]).toEqual([sort, expectedOrder(rows, sort)]);
        expect(new Set(totals)).toEqual(new Set([rows.length]));
        expectCardsMatch(cards, rows);
      }
    });
  }
});

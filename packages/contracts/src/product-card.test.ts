import { describe, expect, it } from "vitest";
import type { Product } from "./catalog.js";
import { CARD_DESCRIPTION_CHARS, toProductCard, toPurchase, unsizedPurchase } from "./product-card.js";

const long = "A jersey for match days and every day after them. ".repeat(8);
const product = {
  id: "p1",
  name: "Nepal Home Jersey",
  nameNe: "नेपाल घरेलु जर्सी",
  description: long,
  descriptionNe: "खेलका दिन र त्यसपछिका हरेक दिनका लागि जर्सी। ".repeat(8),
  features: ["Quick-dry knit"],
  featuresNe: ["छिटो सुक्ने बुनाइ"],
  specifications: { Fabric: "Polyester" },
  specificationsNe: { Fabric: "पलिएस्टर" },
  keywords: ["nepal"],
  metaTags: ["jersey"],
  metaTitle: "Buy",
  metaDescription: "Official",
  finalPrice: 350000,
  status: "ACTIVE",
  categoryId: "c1",
  category: { id: "c1", name: "Football Jerseys", slug: "football-jerseys", nameNe: null },
  createdAt: "2026-11-01T00:00:00.000Z",
  stock: 7,
  sizes: [
    { size: "M", stock: 2, available: true },
    { size: "L", stock: 5, available: true },
  ],
  colors: ["Crimson"],
  personalisable: true,
  printFee: null,
  printScripts: ["LATIN"],
  players: [{ id: "paudel-7", name: "PAUDEL", number: 7 }],
  images: [
    { id: "i1", url: "/media/products/front.png", altText: "front view", altTextNe: "", isPrimary: true, sortOrder: 0, width: 800, height: 800 },
    { id: "i2", url: "/media/products/back.png", altText: "back view", altTextNe: "", isPrimary: false, sortOrder: 1, width: 800, height: 800 },
  ],
} as unknown as Product;

describe("product cards (docs/decisions/071, 139)", () => {
  it("a list card keeps two lines of each description and none of the long texts or SEO fields", () => {
    const card = toProductCard(product) as Record<string, unknown>;
    expect((card.description as string).length).toBe(CARD_DESCRIPTION_CHARS);
    expect(card.description).toMatch(/…$/);
    expect((card.descriptionNe as string).length).toBe(CARD_DESCRIPTION_CHARS);
    for (const field of ["features", "featuresNe", "specifications", "specificationsNe", "keywords", "metaTags", "metaTitle", "metaDescription"]) expect(card).not.toHaveProperty(field);
    // Nothing a card shows or does needs the status (every listed product is active), the category's id twice or the date.
    for (const field of ["status", "categoryId", "createdAt"]) expect(card).not.toHaveProperty(field);
    // Nor its category or sale price: no card shows them (docs/decisions/142).
    for (const field of ["category", "salePrice"]) expect(card).not.toHaveProperty(field);
    expect(card).toMatchObject({ id: "p1", name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी", finalPrice: 350000 });
  });

  it("a card carries the main picture only, as a card shows it: where it is, what it shows and its size", () => {
    expect(toProductCard(product).images).toEqual([{ url: "/media/products/front.png", altText: "front view", altTextNe: "", width: 800, height: 800 }]);
    expect(toProductCard({ ...product, images: [] }).images).toEqual([]);
  });

  it("a card leaves sizes, colours and printing to quick view, and says only whether a size must be chosen (docs/decisions/142)", () => {
    const card = toProductCard(product) as Record<string, unknown>;
    for (const field of ["sizes", "colors", "players", "printScripts", "printFee", "personalisable"]) expect(card).not.toHaveProperty(field);
    expect(card.sized).toBe(true);
    expect(toProductCard({ ...product, sizes: [] }).sized).toBe(false);
  });

  it("what buying needs keeps the sizes, colours and players, without the long texts", () => {
    const purchase = toPurchase(product) as Record<string, unknown>;
    expect(purchase).toMatchObject({ category: { id: "c1", name: "Football Jerseys", slug: "football-jerseys", nameNe: null }, sizes: product.sizes, colors: ["Crimson"], personalisable: true, players: product.players, printScripts: ["LATIN"] });
    for (const field of ["features", "specifications", "keywords", "metaTitle", "status", "createdAt"]) expect(purchase).not.toHaveProperty(field);
    expect(purchase.images).toEqual([{ url: "/media/products/front.png", altText: "front view", altTextNe: "", width: 800, height: 800 }]);
  });

  it("a card is bought without a choice only when its product has no sizes", () => {
    expect(() => unsizedPurchase(toProductCard(product))).toThrow(/has sizes/);
    expect(unsizedPurchase(toProductCard({ ...product, sizes: [] }))).toMatchObject({ id: "p1", stock: 7, sizes: [] });
  });

  it("a grid card sends no description at all, but the names the cart keeps", () => {
    const card = toProductCard(product, { description: false });
    expect(card.description).toBe("");
    expect(card.descriptionNe).toBeNull();
    expect(card).toMatchObject({ name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी" });
  });
});

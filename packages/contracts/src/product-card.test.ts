import { describe, expect, it } from "vitest";
import type { Product } from "./catalog.js";
import { CARD_DESCRIPTION_CHARS, toProductCard } from "./product-card.js";

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
  images: [
    { id: "i1", url: "/media/products/front.png", altText: "front view" },
    { id: "i2", url: "/media/products/back.png", altText: "back view" },
  ],
} as unknown as Product;

describe("product cards (docs/decisions/071, 139)", () => {
  it("a list card keeps two lines of each description and none of the long texts or SEO fields", () => {
    const card = toProductCard(product) as Record<string, unknown>;
    expect((card.description as string).length).toBe(CARD_DESCRIPTION_CHARS);
    expect(card.description).toMatch(/…$/);
    expect((card.descriptionNe as string).length).toBe(CARD_DESCRIPTION_CHARS);
    for (const field of ["features", "featuresNe", "specifications", "specificationsNe", "keywords", "metaTags", "metaTitle", "metaDescription"]) expect(card).not.toHaveProperty(field);
    expect(card).toMatchObject({ id: "p1", name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी", finalPrice: 350000 });
  });

  it("a card carries the main picture only", () => {
    expect(toProductCard(product).images).toEqual([{ id: "i1", url: "/media/products/front.png", altText: "front view" }]);
    expect(toProductCard({ ...product, images: [] }).images).toEqual([]);
  });

  it("a grid card sends no description at all, but the names the cart keeps", () => {
    const card = toProductCard(product, { description: false });
    expect(card.description).toBe("");
    expect(card.descriptionNe).toBeNull();
    expect(card).toMatchObject({ name: "Nepal Home Jersey", nameNe: "नेपाल घरेलु जर्सी" });
  });
});

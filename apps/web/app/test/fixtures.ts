import type { ProductCardData } from "@khelkud/contracts";

/** A product as the catalogue sends it to cards and the product page (money in paisa). */
export function productFixture(overrides: Partial<ProductCardData> = {}): ProductCardData {
  return {
    id: "p-nepal-home",
    name: "Nepal Cricket Home Jersey",
    slug: "nepal-cricket-home-jersey",
    description: "The home jersey.",
    nameNe: null,
    descriptionNe: null,
    brand: "Khelkud",
    team: "Nepal",
    price: 350_000,
    salePrice: null,
    finalPrice: 350_000,
    discountPercent: null,
    stock: 7,
    sizes: [
      { size: "S", stock: 0, available: false },
      { size: "M", stock: 2, available: true },
      { size: "L", stock: 5, available: true },
    ],
    colors: [],
    featured: false,
    isNew: false,
    rating: null,
    reviewCount: 0,
    category: null,
    images: [],
    personalisable: false,
    printFee: null,
    printScripts: ["LATIN"],
    players: [],
    ...overrides,
  };
}

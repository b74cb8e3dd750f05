import type { ProductCardData, PurchaseData } from "@khelkud/contracts";

/** A product as buying sees it: quick view and the product page's purchase panel (money in paisa). */
export function productFixture(overrides: Partial<PurchaseData> = {}): PurchaseData {
  return {
    id: "p-nepal-home",
    name: "Nepal Cricket Home Jersey",
    slug: "nepal-cricket-home-jersey",
    description: "The home jersey.",
    nameNe: null,
    descriptionNe: null,
    brand: "Khelkud",
    team: "Nepal",
    teamNe: null,
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

/** The same product as a catalogue card sends it: without what only choosing a size or a print needs. */
export function cardFixture(overrides: Partial<ProductCardData> = {}): ProductCardData {
  const { sizes, colors: _colors, players: _players, printScripts: _printScripts, printFee: _printFee, personalisable: _personalisable, category: _category, salePrice: _salePrice, ...card } = productFixture();
  return { ...card, sized: sizes.length > 0, ...overrides };
}

import { describe, expect, it } from "vitest";
import { StoreSettingsSchema, type Product } from "@khelkud/contracts";
import { loader as rootLoader } from "../root";
import { loader as productLoader } from "./product";
import { loader as contactLoader } from "./info/contact";
import { loader as termsLoader } from "./info/terms";
import { loader as privacyLoader } from "./info/privacy";

/**
 * The pages' data in the page's language (docs/decisions/126): the product page's features and the store's address
 * (footer, contact, terms, privacy) from the loaders the server renders with, on a Nepali and an English URL.
 */

const ADDRESS = "New Road, Kathmandu 44600, Nepal";
const ADDRESS_NE = "न्युरोड, काठमाडौं 44600, नेपाल";
const FEATURES = ["Quick-dry knit", "Ribbed collar"];
const FEATURES_NE = ["छिटो सुक्ने बुनाइ", "रिब भएको कलर"];
const SPECS = { Brand: "Kelme", Material: "100% recycled polyester", Fit: "Regular" };
/** No "Brand" and a key the English table does not have: neither may change the Nepali page's rows. */
const SPECS_NE = { Material: "१००% रिसाइकल गरिएको पोलिएस्टर", Fit: "सामान्य", Weight: "२०० ग्राम" };

function product(over: Partial<Product> = {}): Product {
  return {
    ...{ id: "p1", name: "Nepal Cricket Jersey", slug: "nepal-cricket-jersey", description: "The ODI shirt.", nameNe: null, descriptionNe: null, brand: "Kelme", team: "Nepal" },
    ...{ price: 199_900, salePrice: null, finalPrice: 199_900, discountPercent: null, stock: 3, sizes: [{ size: "M", stock: 3, available: true }], colors: [] },
    ...{ features: FEATURES, featuresNe: FEATURES_NE, specifications: SPECS, specificationsNe: SPECS_NE, featured: false, isNew: false, status: "ACTIVE", rating: null, reviewCount: 0, categoryId: null, category: null },
    ...{ images: [], metaTitle: null, metaDescription: null, keywords: [], metaTags: [], personalisable: false, printFee: null, printScripts: ["LATIN"], players: [] },
    createdAt: "2026-11-01T00:00:00.000Z",
    ...over,
  } as Product;
}

function context(settings: Record<string, unknown>, p: Product = product()) {
  return {
    services: {
      settings: { get: async () => StoreSettingsSchema.parse(settings), figures: async () => ({ products: 1, teams: 1, customers: null, support: null }) },
      catalog: { listCategories: async () => [], getProductBySlugOrId: async () => p, listRelatedProducts: async () => [] },
    },
    publicUrl: "http://localhost",
    user: null,
    cspNonce: "",
  };
}

type AnyLoader = (args: never) => Promise<unknown>;
async function load<T>(fn: AnyLoader, path: string, ctx: ReturnType<typeof context>): Promise<T> {
  return (await fn({ request: new Request(`http://localhost${path}`), params: { slugOrId: "nepal-cricket-jersey" }, context: ctx } as never)) as T;
}

describe("the product page's features", () => {
  it("are the Nepali ones on /ne, the English ones on the English page", async () => {
    const ne = await load<{ product: Product }>(productLoader, "/ne/products/nepal-cricket-jersey", context({}));
    expect(ne.product.features).toEqual(FEATURES_NE);
    const en = await load<{ product: Product }>(productLoader, "/products/nepal-cricket-jersey", context({}));
    expect(en.product.features).toEqual(FEATURES);
  });

  it("fall back to the English ones on /ne when no Nepali feature is written", async () => {
    const ne = await load<{ product: Product }>(productLoader, "/ne/products/nepal-cricket-jersey", context({}, product({ featuresNe: [] })));
    expect(ne.product.features).toEqual(FEATURES);
  });
});

describe("the product page's specification table (docs/decisions/132)", () => {
  it("on /ne has the English rows in their order, each with its Nepali value where one is written and its English value otherwise", async () => {
    const ne = await load<{ product: Product }>(productLoader, "/ne/products/nepal-cricket-jersey", context({}));
    expect(Object.entries(ne.product.specifications)).toEqual([
      ["Brand", "Kelme"],
      ["Material", "१००% रिसाइकल गरिएको पोलिएस्टर"],
      ["Fit", "सामान्य"],
    ]);
  });

  it("is the English one on the English page, and on /ne when no Nepali value is written", async () => {
    const en = await load<{ product: Product }>(productLoader, "/products/nepal-cricket-jersey", context({}));
    expect(en.product.specifications).toEqual(SPECS);
    const ne = await load<{ product: Product }>(productLoader, "/ne/products/nepal-cricket-jersey", context({}, product({ specificationsNe: {} })));
    expect(ne.product.specifications).toEqual(SPECS);
  });
});

describe("the store's address", () => {
  const pages: [string, AnyLoader, (data: unknown) => string][] = [
    ["footer", rootLoader, (d) => (d as { shop: { address: string } }).shop.address],
    ["contact", contactLoader, (d) => (d as { address: string }).address],
    ["terms", termsLoader, (d) => (d as { address: string }).address],
    ["privacy", privacyLoader, (d) => (d as { address: string }).address],
  ];

  it.each(pages)("in the %s is the Nepali one on /ne and the English one on the English page", async (name, fn, read) => {
    const ctx = context({ address: ADDRESS, addressNe: ADDRESS_NE });
    const path = name === "footer" ? "" : `/${name}`;
    expect(read(await load(fn, `/ne${path}`, ctx))).toBe(ADDRESS_NE);
    expect(read(await load(fn, path || "/", ctx))).toBe(ADDRESS);
  });

  it.each(pages)("in the %s falls back to the English one on /ne when the Nepali one is empty", async (name, fn, read) => {
    const path = name === "footer" ? "" : `/${name}`;
    expect(read(await load(fn, `/ne${path}`, context({ address: ADDRESS })))).toBe(ADDRESS);
  });
});

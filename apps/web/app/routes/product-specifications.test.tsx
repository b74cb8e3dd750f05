// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import type { Product } from "@khelkud/contracts";
import "../lib/i18n-ne";
import ProductPage from "./product";
import { localProduct } from "../lib/local-text";
import { productFixture } from "../test/fixtures";

/**
 * The product page's specification table as a shopper reads it (docs/decisions/132): on a Nepali page (the app under
 * the basename `/ne`) the shop's known names in Nepali, each value in Nepali where one is written and in English
 * otherwise; on an English page all English.
 */
const product = {
  ...productFixture(),
  features: [],
  featuresNe: [],
  specifications: { Brand: "Kelme", Material: "100% recycled polyester", Care: "Machine wash cold, inside out; do not iron print", Weight: "200 g" },
  specificationsNe: { Material: "१००% रिसाइकल गरिएको पोलिएस्टर" },
  keywords: [],
  metaTags: [],
  metaTitle: null,
  metaDescription: null,
  status: "ACTIVE",
  categoryId: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  images: [],
} as Product;

function renderProductPage(basename?: string) {
  const locale = basename === "/ne" ? "ne" : "en";
  const router = createMemoryRouter(
    [
      {
        path: "/products/:slug",
        loader: () => ({ product: localProduct(product, locale), related: new Promise<never>(() => {}) }),
        HydrateFallback: () => null,
        Component: () => <ProductPage {...({ loaderData: useLoaderData() } as unknown as Parameters<typeof ProductPage>[0])} />,
      },
    ],
    { basename, initialEntries: [`${basename ?? ""}/products/${product.slug}`] },
  );
  return render(<RouterProvider router={router} />);
}

/** The table's rows as [name, value] after opening its tab. */
async function specificationRows(tabName: RegExp): Promise<string[][]> {
  fireEvent.click(await screen.findByRole("tab", { name: tabName }));
  return [...document.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent!, row.querySelector("dd")!.textContent!]);
}

describe("the product page's specification table", () => {
  // The reviews tab asks the API for its list; no API runs here, and the table does not need it.
  beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("on a Nepali page names the known rows in Nepali and shows the Nepali value where one is written, the English value otherwise", async () => {
    renderProductPage("/ne");
    expect(await specificationRows(/विशेषताहरू/)).toEqual([
      ["ब्रान्ड", "Kelme"],
      ["कपडा", "१००% रिसाइकल गरिएको पोलिएस्टर"],
      ["हेरचाह", "Machine wash cold, inside out; do not iron print"],
      ["Weight", "200 g"],
    ]);
  });

  it("on an English page is all English", async () => {
    renderProductPage();
    expect(await specificationRows(/Specifications/)).toEqual([
      ["Brand", "Kelme"],
      ["Material", "100% recycled polyester"],
      ["Care", "Machine wash cold, inside out; do not iron print"],
      ["Weight", "200 g"],
    ]);
  });
});

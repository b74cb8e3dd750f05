// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import Catalogue from "./catalogue";
import { parseCatalogueParams } from "../lib/catalogue-params";
import { pack } from "../lib/packed";
import { cardFixture } from "../test/fixtures";

/** The address bar, as the shopper would read it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The catalogue page on a route whose data follows the URL (one product, two brands, one category). */
function renderCatalogue(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/products",
      loader: ({ request }) => ({
        state: parseCatalogueParams(new URL(request.url).searchParams),
        products: pack([cardFixture()]),
        more: 0,
        pagination: { page: 1, limit: 50, total: 1, totalPages: 1 },
        facets: { brands: [{ name: "Adidas", count: 4 }, { name: "Khelkud", count: 9 }], categories: [{ id: "c1", slug: "cricket-jerseys", name: "Cricket Jerseys", count: 12 }] },
        didYouMean: undefined,
        publicUrl: "http://localhost",
      }),
      HydrateFallback: () => null,
      Component: (props) => (
        <>
          <Catalogue {...(props as unknown as Parameters<typeof Catalogue>[0])} />
          <Address />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const address = () => screen.getByLabelText("address").textContent;

describe("the catalogue keeps its state in the URL", () => {
  afterEach(cleanup);

  it("shows the products its loader sent as one string, each as a card linking to its page", async () => {
    renderCatalogue("/products");
    const link = await screen.findByRole("link", { name: "Nepal Cricket Home Jersey" });
    expect(link.getAttribute("href")).toBe("/products/nepal-cricket-home-jersey");
    expect(screen.getByRole("button", { name: "Quick view Nepal Cricket Home Jersey" })).toBeTruthy();
  });

  it("a sort puts `sort` in the URL and goes back to page 1", async () => {
    renderCatalogue("/products?brand=Adidas&page=3");
    fireEvent.change(await screen.findByLabelText("Sort by"), { target: { value: "price-low" } });
    await waitFor(() => expect(address()).toBe("/products?brand=Adidas&sort=price-low"));
  });

  it("ticking a brand adds it, unticking removes it; each answer is read back from the URL", async () => {
    renderCatalogue("/products?category=cricket-jerseys");
    fireEvent.click(await screen.findByRole("checkbox", { name: /Khelkud/ }));
    await waitFor(() => expect(address()).toBe("/products?category=cricket-jerseys&brand=Khelkud"));
    expect((screen.getByRole("checkbox", { name: /Khelkud/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /Khelkud/ }));
    await waitFor(() => expect(address()).toBe("/products?category=cricket-jerseys"));
  });

  it("shows each filter as a chip whose link removes just that filter", async () => {
    renderCatalogue("/products?q=nepal&brand=Adidas&minPrice=1000&sort=rating");
    expect(await screen.findByRole("heading", { level: 1, name: "1 result for “nepal”" })).toBeTruthy();
    const chips = screen.getByRole("list", { name: "Active filters" });
    expect([...chips.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Search: nepal", "/products?brand=Adidas&minPrice=1000&sort=rating"],
      ["Adidas", "/products?q=nepal&minPrice=1000&sort=rating"],
      [expect.stringContaining("1,000"), "/products?q=nepal&brand=Adidas&sort=rating"],
    ]);
  });

  it("drops values it cannot use instead of failing, and the list view is a link that keeps the rest", async () => {
    renderCatalogue("/products?sort=cheapest&page=-4&brand=Adidas");
    const list = await screen.findByRole("link", { name: "List view" });
    expect(list.getAttribute("href")).toBe("/products?brand=Adidas&view=list");
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { catalogueUrl, laterCards, parseCatalogueParams } from "./catalogue-params";

const parse = (qs: string) => parseCatalogueParams(new URLSearchParams(qs));

describe("catalogue URL state", () => {
  it("reads every filter from the URL", () => {
    expect(parse("q=messi&category=football-jerseys&brand=Nike&brand=Adidas&minPrice=1000&maxPrice=5000&sort=price-low&view=list&page=2")).toEqual({
      q: "messi",
      category: "football-jerseys",
      brands: ["Nike", "Adidas"],
      minPrice: 1000,
      maxPrice: 5000,
      sort: "price-low",
      view: "list",
      page: 2,
    });
  });

  it("drops control characters (a NUL byte) from text filters instead of passing them to the database", () => {
    const state = parse("q=%00shirt&category=a%00b&brand=%00&brand=Nike%00");
    expect(state.q).toBe("shirt");
    expect(state.category).toBe("ab");
    expect(state.brands).toEqual(["Nike"]);
  });

  it("drops bad values instead of failing", () => {
    expect(parse("sort=DROP&page=-4&minPrice=abc&maxPrice=-1&view=table")).toEqual({ q: "", category: "", brands: [], minPrice: undefined, maxPrice: undefined, sort: undefined, view: "grid", page: 1 });
  });

  it("swaps a minimum above the maximum", () => {
    expect(parse("minPrice=6000&maxPrice=2000")).toMatchObject({ minPrice: 2000, maxPrice: 6000 });
  });

  it("round-trips, leaving defaults and the slider's ends out of the link", () => {
    expect(catalogueUrl({ brands: ["Under Armour"], minPrice: 0, maxPrice: 10000, page: 1, view: "grid" })).toBe("/products?brand=Under+Armour");
    const state = parse("q=nepal&brand=Kelme&maxPrice=3000&view=list&page=3");
    expect(parseCatalogueParams(new URL(catalogueUrl(state), "http://x").searchParams)).toEqual(state);
  });
});

describe("the cards a document held back, from the page's cards read again", () => {
  const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `p${from + i}` }));
  const drawn = ids(50);
  const carried = new Set(drawn.slice(0, 12).map((c) => c.id));
  const shown = (page: { id: string }[]) => [...drawn.slice(0, 12), ...laterCards(page, carried, 38)].map((c) => c.id);

  it("are cards 13-50 when nothing changed", () => {
    expect(laterCards(drawn, carried, 38)).toEqual(drawn.slice(12));
  });

  it("show a card pushed past the twelfth place once, when a product was added at the top", () => {
    const page = [{ id: "new" }, ...drawn.slice(0, 49)];
    const cards = shown(page);
    expect(new Set(cards).size).toBe(50);
    expect(cards.filter((id) => id === "p11")).toHaveLength(1);
    expect(cards).toContain("new");
  });

  it("still show the thirteenth card when a product among the first twelve went away (it moved up to the twelfth place)", () => {
    const page = [...drawn.slice(0, 5), ...drawn.slice(6), { id: "p50" }];
    expect(shown(page)).toEqual([...drawn.slice(0, 12).map((c) => c.id), ...page.slice(11, 49).map((c) => c.id)]);
    expect(shown(page)).toContain("p12");
  });

  it("are as many as were held back, and fewer when the page got shorter", () => {
    expect(laterCards(ids(60), carried, 38)).toHaveLength(38);
    expect(laterCards(ids(20), carried, 38).map((c) => c.id)).toEqual(ids(8, 12).map((c) => c.id));
  });
});

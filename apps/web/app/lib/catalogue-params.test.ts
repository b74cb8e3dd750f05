import { describe, expect, it } from "vitest";
import { catalogueUrl, parseCatalogueParams } from "./catalogue-params";

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

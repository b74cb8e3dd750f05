import type { AppLoadContext } from "react-router";
import { CATALOGUE_PAGE_SIZE, toProductCard } from "@khelkud/contracts";
import { localProduct, requestLocale } from "./local-text";
import { parseCatalogueParams } from "./catalogue-params";

/** The catalogue page the URL asks for: its filters, its products as cards in the request's language, its facets. */
export async function readCatalogue(request: Request, context: AppLoadContext) {
  const state = parseCatalogueParams(new URL(request.url).searchParams);
  const list = await context.services.catalog.listProducts({
    page: state.page,
    limit: CATALOGUE_PAGE_SIZE,
    q: state.q || undefined,
    category: state.category || undefined,
    brand: state.brands,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    sort: state.sort,
    facets: true,
  });
  const locale = requestLocale(request);
  // The grid shows no description; the list view (its own URL) shows two lines of it (docs/decisions/139).
  const card = { description: state.view === "list" };
  return { state, list, locale, cards: list.products.map((p) => localProduct(toProductCard(p, card), locale)) };
}

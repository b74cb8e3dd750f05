import { PRICE_SLIDER, PRODUCT_SORTS, SEARCH_MAX_LENGTH, urlText, type ProductSort } from "@khelkud/contracts";

/** Everything the catalogue shows is in the URL (linkable, survives reload). Bad values are dropped, never an error page. */
export interface CatalogueState {
  q: string;
  category: string;
  brands: string[];
  /** Whole rupees; undefined = no bound. */
  minPrice?: number;
  maxPrice?: number;
  sort?: ProductSort;
  view: "grid" | "list";
  page: number;
}

const MAX_PAGE = 100_000;

function rupees(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) return undefined;
  return Math.min(Math.round(n), 10_000_000);
}

export function parseCatalogueParams(params: URLSearchParams): CatalogueState {
  const sort = params.get("sort");
  const page = Number(params.get("page") ?? "1");
  let minPrice = rupees(params.get("minPrice"));
  let maxPrice = rupees(params.get("maxPrice"));
  if (minPrice === PRICE_SLIDER.min) minPrice = undefined;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const brands = [...new Set(params.getAll("brand").map((b) => urlText(b, 100)).filter(Boolean))].slice(0, 50);
  return {
    q: urlText(params.get("q"), SEARCH_MAX_LENGTH),
    category: urlText(params.get("category") ?? params.get("categoryId"), 200),
    brands,
    minPrice,
    maxPrice,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ProductSort) : undefined,
    view: params.get("view") === "list" ? "list" : "grid",
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The canonical catalogue URL for a state: defaults left out, so equal states give equal links. */
export function catalogueUrl(state: Partial<CatalogueState>): string {
  const p = new URLSearchParams();
  if (state.q) p.set("q", state.q);
  if (state.category) p.set("category", state.category);
  for (const b of state.brands ?? []) p.append("brand", b);
  if (state.minPrice !== undefined && state.minPrice > PRICE_SLIDER.min) p.set("minPrice", String(state.minPrice));
  if (state.maxPrice !== undefined && state.maxPrice < PRICE_SLIDER.max) p.set("maxPrice", String(state.maxPrice));
  if (state.sort) p.set("sort", state.sort);
  if (state.view === "list") p.set("view", "list");
  if (state.page && state.page > 1) p.set("page", String(state.page));
  const qs = p.toString();
  return qs ? `/products?${qs}` : "/products";
}

export function hasFilters(state: CatalogueState): boolean {
  return Boolean(state.q || state.category || state.brands.length || state.minPrice !== undefined || state.maxPrice !== undefined);
}

/**
 * How many of a catalogue page's cards its document carries as loader data; the rest are rendered from
 * `context.heldBack` and fetched from `/catalogue-cards` after hydration. Eight fill the first screen at every common
 * width (two rows of three from 768 px, the first rows of two on a phone) and keep the first page's document, in
 * Nepali too, inside the 14.6 KB a new connection carries in its first round trip (docs/decisions/152, 170).
 */
export const CARDS_IN_DOCUMENT = 8;

/** The key a catalogue document's held-back cards go under in `context.heldBack` (docs/decisions/152). */
export const LATER_CARDS = "catalogue-cards";

/**
 * The cards a document held back, from the page's cards as `/catalogue-cards` reads them a moment later: those not
 * among the cards the document carries (`carried`, their ids), in order, as many as it held back. When the catalogue
 * has not changed in between these are the cards after the document's, as the server drew them. When it has (a
 * product added, removed or repriced), a card that crossed the last place the document carries is shown once, not
 * twice, and when one of the document's cards went away the first card after them, now among them, is still shown.
 */
export function laterCards<T extends { id: string }>(page: T[], carried: ReadonlySet<string>, held: number): T[] {
  return page.filter((card) => !carried.has(card.id)).slice(0, held);
}

/**
 * Catalogue constants (docs/product-rules.md §11) and sort names, free of zod so the browser bundle can import them
 * without pulling in the schemas.
 */
export const PRODUCT_SORTS = ["newest", "name", "price-low", "price-high", "rating"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const CATALOGUE_PAGE_SIZE = 50;
export const PRICE_SLIDER = { min: 0, max: 10_000, step: 100 } as const;
export const SHOWCASE_SIZE = 6;
export const SHOWCASE_INTERVAL_MS = 4000;
export const FEATURED_GRID_SIZE = 8;
export const RELATED_PRODUCTS = 6;
export const SUGGESTIONS_SHOWN = 5;
export const SEARCH_MAX_LENGTH = 200;
/** What a search text longer than SEARCH_MAX_LENGTH gets, wherever a search is typed (shop, blog, admin lists). */
export const SEARCH_TOO_LONG = `Search text must be at most ${SEARCH_MAX_LENGTH} characters`;

export const SEARCH_SORT_BY = ["relevance", "createdAt", "price", "name", "rating"] as const;

/**
 * A product's page opened on its Reviews tab, as a site path in English: the order page's "Write Review" button and the
 * Delivered e-mail's and SMS's link, which put it under `/ne` for an order placed in Nepali. The product page opens
 * that tab for `review=true`; a `#reviews` fragment would not, as no element has that id (docs/decisions/184).
 */
export function productReviewPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}?review=true`;
}

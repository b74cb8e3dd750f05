// What a product card (catalogue, home, "You May Also Like", quick view, cart and wishlist actions) needs of a
// product: the full product without its long texts and SEO fields, and with its main picture only (the card, the
// showcase, quick view, the cart line and the wishlist entry show that one; the product page's gallery has them all). Pages that list many products send this shape to
// the browser, so 50 cards do not ship 50 descriptions, specification tables and keyword lists (docs/decisions/071).
import type { Product, ProductImage } from "./catalog.js";

/** The list view shows two lines of the description; this many characters cover them. */
export const CARD_DESCRIPTION_CHARS = 180;

/** A card's picture: where it is, what it shows and its size (not its id or place in the gallery). */
export type CardImage = Omit<ProductImage, "id" | "isPrimary" | "sortOrder">;

export type ProductCardData = Omit<
  Product,
  "features" | "featuresNe" | "specifications" | "specificationsNe" | "keywords" | "metaTags" | "metaTitle" | "metaDescription" | "status" | "categoryId" | "createdAt" | "images"
> & { images: CardImage[] };

/** The options of a card only ever laid out in a grid: see toProductCard. */
export const GRID_CARD = { description: false } as const;

/**
 * `description: false` (GRID_CARD) for cards only ever laid out in a grid (home, "You May Also Like"), which show no description:
 * it is sent empty, about a tenth of the home page's compressed document (docs/decisions/139).
 */
export function toProductCard(product: Product, { description = true }: { description?: boolean } = {}): ProductCardData {
  const { features: _features, featuresNe: _featuresNe, specifications: _specifications, specificationsNe: _specificationsNe, keywords: _keywords, metaTags: _metaTags, metaTitle: _metaTitle, metaDescription: _metaDescription, status: _status, categoryId: _categoryId, createdAt: _createdAt, ...card } = product;
  const short = (text: string) => (text.length > CARD_DESCRIPTION_CHARS ? `${text.slice(0, CARD_DESCRIPTION_CHARS - 1).trimEnd()}…` : text);
  const images = card.images.slice(0, 1).map(({ id: _id, isPrimary: _isPrimary, sortOrder: _sortOrder, ...image }) => image);
  if (!description) return { ...card, images, description: "", descriptionNe: null };
  return { ...card, images, description: short(card.description), descriptionNe: card.descriptionNe === null ? null : short(card.descriptionNe) };
}

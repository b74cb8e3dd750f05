// What a product card (catalogue, home, "You May Also Like") and what buying (quick view, the product page's purchase
// panel, the cart line, Buy Now, the wishlist) need of a product. Pages that list many products send cards to the
// browser, so 50 cards do not ship 50 descriptions, specification tables and keyword lists (docs/decisions/071), nor
// the sizes, colours and players that only quick view reads: quick view fetches those when it opens (docs/decisions/142).
import type { Product, ProductImage } from "./catalog.js";

/** The list view shows two lines of the description; this many characters cover them. */
export const CARD_DESCRIPTION_CHARS = 180;

/** A card's picture: where it is, what it shows and its size (not its id or place in the gallery). */
export type CardImage = Omit<ProductImage, "id" | "isPrimary" | "sortOrder">;

/** What buying needs: the product without its long texts and SEO fields, with its main picture only. */
export type PurchaseData = Omit<
  Product,
  "features" | "featuresNe" | "specifications" | "specificationsNe" | "keywords" | "metaTags" | "metaTitle" | "metaDescription" | "status" | "categoryId" | "createdAt" | "images"
> & { images: CardImage[] };

/** What only choosing a size, colour or print needs: a card leaves it to quick view. */
type ChoiceFields = "sizes" | "colors" | "players" | "printScripts" | "printFee" | "personalisable";

/** A card: what it shows, and whether Add to Cart must first ask for a size (`sized`). Not its category or sale price,
 * which no card shows (the price it shows is `finalPrice`, with `price` struck through beside it). */
export type ProductCardData = Omit<PurchaseData, ChoiceFields | "category" | "salePrice"> & { sized: boolean };

/** The options of a card only ever laid out in a grid: see toProductCard. */
export const GRID_CARD = { description: false } as const;

/** What buying needs of a product (quick view, the wishlist's move to the cart). */
export function toPurchase(product: Product): PurchaseData {
  const { features: _features, featuresNe: _featuresNe, specifications: _specifications, specificationsNe: _specificationsNe, keywords: _keywords, metaTags: _metaTags, metaTitle: _metaTitle, metaDescription: _metaDescription, status: _status, categoryId: _categoryId, createdAt: _createdAt, ...rest } = product;
  const images = rest.images.slice(0, 1).map(({ id: _id, isPrimary: _isPrimary, sortOrder: _sortOrder, ...image }) => image);
  return { ...rest, images };
}

/**
 * `description: false` (GRID_CARD) for cards only ever laid out in a grid (home, "You May Also Like"), which show no description:
 * it is sent empty, about a tenth of the home page's compressed document (docs/decisions/139).
 */
export function toProductCard(product: Product, { description = true }: { description?: boolean } = {}): ProductCardData {
  const { sizes, colors: _colors, players: _players, printScripts: _printScripts, printFee: _printFee, personalisable: _personalisable, category: _category, salePrice: _salePrice, ...card } = toPurchase(product);
  const short = (text: string) => (text.length > CARD_DESCRIPTION_CHARS ? `${text.slice(0, CARD_DESCRIPTION_CHARS - 1).trimEnd()}…` : text);
  const sized = sizes.length > 0;
  if (!description) return { ...card, sized, description: "", descriptionNe: null };
  return { ...card, sized, description: short(card.description), descriptionNe: card.descriptionNe === null ? null : short(card.descriptionNe) };
}

/** What the cart and Buy Now read of a product: its line (names, picture, prices) and the stock of each size. */
export type Buyable = Pick<PurchaseData, "id" | "name" | "nameNe" | "slug" | "images" | "price" | "finalPrice" | "stock" | "sizes">;

/** A card bought without choosing anything: only a product without sizes (`sized: false`), whose line has no size. */
export function unsizedPurchase(card: ProductCardData): Buyable {
  if (card.sized) throw new Error(`${card.slug} has sizes: quick view chooses one`);
  return { ...card, sizes: [] };
}

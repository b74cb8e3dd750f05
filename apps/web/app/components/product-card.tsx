import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { unsizedPurchase, type ProductCardData } from "@khelkud/contracts";
import { addToCart } from "../lib/cart-store";
import { buyNow } from "../lib/buy-now";
import { toggleWishlist, useInWishlist } from "../lib/wishlist";
import { ProductImage } from "./product-image";
import { Price } from "./price";
import { QuickView } from "./quick-view";
import { StockBadge } from "./stock-badge";
import { useI18n } from "../lib/i18n";
import { CardSkeleton } from "./card-skeleton";

interface Props {
  product: ProductCardData;
  priority?: boolean;
  view?: "grid" | "list";
  /**
   * Cards far down a long list: the browser skips their layout and painting until they near the screen
   * (content-visibility: auto), which takes most of the work off the first load of a 50-product page (docs/decisions/071).
   */
  offscreen?: boolean;
}

function Badges({ product }: { product: ProductCardData }) {
  const { t, digits } = useI18n();
  return (
    <span className="card-badges">
      {product.featured ? <span className="tag bg-nepal">{t("card.featured")}</span> : null}
      {product.discountPercent ? <span className="tag bg-crimson">{t("price.off", { percent: digits(product.discountPercent) })}</span> : null}
      {product.isNew ? <span className="tag bg-green-700">{t("product.new")}</span> : null}
    </span>
  );
}

/** A round icon button on a card's picture; its icon is drawn by the stylesheet (`.card-icon-wish`, `.card-icon-view`). */
function IconButton({ label, pressed, onClick, icon }: { label: string; pressed?: boolean; onClick: () => void; icon: "wish" | "view" }) {
  return <button type="button" aria-label={label} aria-pressed={pressed} onClick={onClick} className={`card-icon card-icon-${icon}`} />;
}

/**
 * The width a card's picture is drawn at, so that the browser fetches the smallest file that fills it (docs/decisions/150).
 * Below 640 px the grids have two columns inside the page's 1rem padding, 0.75rem apart, and the picture sits inside
 * the card's 1 px border: half the viewport less 24 px (182 px on a 412 px phone, where "50vw" said 206 and a phone at
 * 1.75 device pixels per CSS pixel fetched the 480-pixel file for 318 pixels). From 640 px the gap is 1 rem, 2 px
 * narrower still; from 768 px three columns (33vw over-states them slightly); from 1280 px the widest card is the
 * catalogue's, 310 px.
 */
const GRID_IMAGE_SIZES = "(min-width: 1280px) 310px, (min-width: 768px) 33vw, calc(50vw - 24px)";
const LIST_IMAGE_SIZES = "(min-width: 640px) 192px, 128px";

/**
 * A product in the catalogue or on the home page. Every action goes through lib/cart. A shirt needs a size,
 * so Add to Cart and Buy Now on a sized product open quick view to choose one (the card cannot guess it).
 */
export function ProductCard({ product, priority = false, view = "grid", offscreen = false }: Props) {
  const navigate = useNavigate();
  const [quickView, setQuickView] = useState(false);
  const wished = useInWishlist(product.id);
  const image = product.images[0];
  const soldOut = product.stock <= 0;
  const list = view === "list";
  const { t } = useI18n();

  const onAdd = () => (product.sized ? setQuickView(true) : addToCart(unsizedPurchase(product)));
  const onBuy = () => {
    if (product.sized) return setQuickView(true);
    const url = buyNow(unsizedPurchase(product));
    if (url) navigate(url);
  };

  return (
    <article
      className={`card @container group ${list ? "flex-row" : "flex-col"} ${offscreen ? (list ? "card-later-row" : "card-later") : ""}`}
    >
      <div className={`card-media ${list ? "min-h-45 w-32 sm:min-h-61 sm:w-48" : ""}`}>
        <Link to={`/products/${product.slug}`} className="card-picture-link" prefetch="intent" tabIndex={-1}>
          {image ? (
            <ProductImage
              url={image.url}
              alt={image.altText}
              width={image.width}
              height={image.height}
              sizes={list ? LIST_IMAGE_SIZES : GRID_IMAGE_SIZES}
              priority={priority}
              maxWidth={640}
              className="card-picture"
            />
          ) : null}
        </Link>
        <Badges product={product} />
        {/* In the list the picture is a small square at the top of its column: the two buttons go in a row under it,
            not over the shirt, and the column is at least that tall (the square, 44 px and the gaps) whatever the text. */}
        <span className={list ? "card-icons top-auto bottom-2 flex-row" : "card-icons"}>
          <IconButton label={t(wished ? "card.wishRemove" : "card.wishAdd", { name: product.name })} pressed={wished} onClick={() => toggleWishlist(product)} icon="wish" />
          <IconButton label={t("card.quickView", { name: product.name })} onClick={() => setQuickView(true)} icon="view" />
        </span>
      </div>
      <div className="card-body">
        <p className="card-team">{product.team ?? product.brand}</p>
        <h3 className="card-name">
          <Link to={`/products/${product.slug}`} className="card-name-link" prefetch="intent">
            {product.name}
          </Link>
        </h3>
        {list ? <p className="line-clamp-2 hidden text-sm text-slate-600 sm:block">{product.description}</p> : null}
        {/* Fixed lines: the price takes at most two lines on a narrow card and always the room of two, the stock label
            its own line, so a card is as tall with the fallback font as with Mukta and nothing below moves when the
            font arrives (no layout shift; docs/decisions/071). */}
        <div className="card-foot">
          <div className={list ? "" : "min-h-[3.25rem] sm:min-h-0"}>
            <Price price={product.price} finalPrice={product.finalPrice} discountPercent={product.discountPercent} />
          </div>
          <StockBadge stock={product.stock} />
        </div>
        <div className={`card-buttons ${list ? "sm:max-w-sm" : ""}`}>
          <button
            type="button"
            disabled={soldOut}
            onClick={onAdd}
            className="card-add"
          >
            {soldOut ? t("stock.OUT_OF_STOCK") : t("product.addToCart")}
            {/* The accessible name starts with the visible text (WCAG 2.5.3) and names the product. */}
            <span className="sr-only">: {product.name}</span>
          </button>
          <button
            type="button"
            disabled={soldOut}
            onClick={onBuy}
            className="card-buy"
          >
            {t("product.buyNow")}
            <span className="sr-only">: {product.name}</span>
          </button>
        </div>
      </div>
      {quickView ? <QuickView product={product} onClose={() => setQuickView(false)} /> : null}
    </article>
  );
}

const PRODUCT_BARS = ["h-3 w-1/3 rounded bg-slate-200", "h-10 rounded bg-slate-200", "h-6 w-1/2 rounded bg-slate-200", "mt-2 h-9 rounded bg-slate-200"];

/** The exact size of a grid card, for loading states (no layout shift). */
export function ProductCardSkeleton() {
  return <CardSkeleton media="aspect-square" body="flex flex-col gap-2 p-3" bars={PRODUCT_BARS} />;
}

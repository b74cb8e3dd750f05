import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toProductCard, toPurchase, type Product } from "@khelkud/contracts";
import { clearWishlist, completeWishlistMove, moveWishlistItemToCart, removeFromWishlist, syncWishlistWithServer, useWishlist, wishlistItemName } from "../lib/wishlist";
import { QuickView } from "./quick-view";
import { StockBadge } from "./stock-badge";
import { RatingOrNone } from "./star-rating";
import { useI18n } from "../lib/i18n";
import { localProduct } from "../lib/local-text";

/** Profile → Wishlist tab (docs/product-rules.md §5): the same list on every device (merged with the server). */
export function ProfileWishlist() {
  const items = useWishlist();
  const [syncing, setSyncing] = useState(true);
  const [moving, setMoving] = useState<string | null>(null);
  // A product with sizes opens quick view: nothing goes to the cart until the shopper has chosen a size.
  const [choosing, setChoosing] = useState<Product | null>(null);
  const { t, money, digits, locale } = useI18n();

  useEffect(() => {
    syncWishlistWithServer()
      .catch((error: unknown) => console.warn("Wishlist sync failed", error))
      .finally(() => setSyncing(false));
  }, []);

  if (items === null || (syncing && items.length === 0)) {
    return <div className="h-48 animate-pulse rounded-xl bg-slate-200" aria-busy="true" aria-label={t("wishlist.loading")} />;
  }
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-10 text-center">
        <p className="text-lg font-semibold">{t("wishlist.empty")}</p>
        <p className="mt-1 text-sm text-slate-600">{t("wishlist.emptyText")}</p>
        <Link to="/products" className="mt-5 inline-block rounded-lg bg-crimson px-5 py-2.5 font-semibold text-white hover:bg-crimson-dark">
          {t("wishlist.browse")}
        </Link>
      </div>
    );
  }
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">
          {t("cart.items", { count: items.length, n: digits(items.length) })}
        </p>
        <button type="button" onClick={() => clearWishlist()} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-crimson hover:bg-red-50">
          {t("catalogue.clearAll")}
        </button>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("wishlist.label")}>
        {items.map((item) => (
          <li key={item.id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
            <Link to={`/products/${item.slug}`} className="block aspect-square bg-slate-100">
              {item.image ? <img src={item.image} alt={wishlistItemName(item, locale)} width={300} height={300} loading="lazy" className="h-full w-full object-cover" /> : null}
            </Link>
            <div className="flex flex-1 flex-col gap-1 p-3">
              <Link to={`/products/${item.slug}`} className="line-clamp-2 text-sm font-semibold hover:text-nepal">
                {wishlistItemName(item, locale)}
              </Link>
              <RatingOrNone rating={item.rating} reviewCount={item.reviewCount} size={12} />
              <p className="text-sm">
                <span className={`font-bold ${item.originalPrice > item.price ? "text-crimson" : ""}`}>{money(item.price)}</span>
                {item.originalPrice > item.price ? <span className="ml-2 text-xs text-slate-500 line-through">{money(item.originalPrice)}</span> : null}
              </p>
              <div>
                <StockBadge stock={item.stock} />
              </div>
              <div className="mt-auto flex gap-2 pt-2">
                <button
                  type="button"
                  disabled={item.stock <= 0 || moving === item.id}
                  onClick={async () => {
                    setMoving(item.id);
                    await moveWishlistItemToCart(item, setChoosing);
                    setMoving(null);
                  }}
                  className="min-h-11 flex-1 rounded-lg bg-crimson px-2 py-2 text-xs font-semibold text-white hover:bg-crimson-dark disabled:cursor-not-allowed disabled:bg-slate-300"
                >
                  {t("product.addToCart")}
                  <span className="sr-only"> {wishlistItemName(item, locale)}</span>
                </button>
                <button type="button" onClick={() => removeFromWishlist(item.id)} className="min-h-11 rounded-lg border border-slate-300 px-2 py-2 text-xs font-semibold hover:bg-slate-100" aria-label={t("card.wishRemove", { name: wishlistItemName(item, locale) })}>
                  {t("cart.remove")}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {choosing ? <QuickView product={localProduct(toProductCard(choosing), locale)} purchase={localProduct(toPurchase(choosing), locale)} onClose={() => setChoosing(null)} onAddedToCart={() => completeWishlistMove(choosing, { silent: true })} /> : null}
    </div>
  );
}

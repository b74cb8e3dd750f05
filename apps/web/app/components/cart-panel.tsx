import { useEffect, useRef } from "react";
import { PrintLine } from "./print-line";
import { Link, useLocation } from "react-router";
import { useI18n } from "../lib/i18n";
import { cartLineName, cartTotals, removeFromCart, updateQuantity, useCart } from "../lib/cart-store";
import { closeCartPanel, useCartPanelOpen } from "../lib/cart-panel";
import { QuantityStepper } from "./quantity-stepper";

export const sizeText = (size: string) => (size && size !== "default" ? size : null);
export const colorText = (color: string) => (color && color.toLowerCase() !== "default" ? color : null);

/** The cart as a side panel (docs/product-rules.md §5): a modal <dialog>, so focus stays inside and Escape closes it. */
export function CartPanel() {
  const open = useCartPanelOpen();
  const items = useCart();
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();
  const { t, money, digits, locale } = useI18n();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Any navigation closes the panel.
  useEffect(() => closeCartPanel(), [pathname]);

  const lines = items ?? [];
  const { totalItems, totalAmount } = cartTotals(lines);
  return (
    <dialog
      ref={ref}
      aria-labelledby="cart-panel-title"
      onClose={closeCartPanel}
      onClick={(e) => {
        if (e.target === e.currentTarget) closeCartPanel();
      }}
      className="fixed inset-y-0 left-auto right-0 m-0 h-full max-h-none w-full max-w-md bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="cart-panel-title" className="text-lg font-bold">
            {t("cart.yourCart")} {totalItems ? <span className="font-normal text-slate-600">({t("cart.items", { count: totalItems, n: digits(totalItems) })})</span> : null}
          </h2>
          <button type="button" onClick={closeCartPanel} className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-slate-100" aria-label={t("cart.close")}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <p className="text-lg font-semibold">{t("cart.empty")}</p>
            <Link to="/products" onClick={closeCartPanel} className="rounded-lg bg-crimson px-5 py-2.5 font-semibold text-white hover:bg-crimson-dark">
              {t("cart.continue")}
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto px-4">
              {lines.map((item) => (
                <li key={item.key} className="flex gap-3 py-3">
                  <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-100">
                    {item.image ? <img src={item.image} alt="" width={80} height={80} className="h-full w-full object-cover" /> : null}
                  </div>
                  <div className="min-w-0 flex-1">
                    <Link to={`/products/${item.slug}`} onClick={closeCartPanel} className="line-clamp-2 text-sm font-semibold hover:text-nepal">
                      {cartLineName(item, locale)}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {[sizeText(item.size) && t("cart.size", { size: sizeText(item.size) }), colorText(item.color)].filter(Boolean).join(" · ")}
                    </p>
                    <PrintLine print={item.print} fee={item.printFee ?? 0} className="text-xs" />
                    <div className="mt-1 flex items-center justify-between gap-2">
                      <QuantityStepper value={item.quantity} max={item.stock} label={cartLineName(item, locale)} onChange={(q) => (q <= 0 ? removeFromCart(item.key) : updateQuantity(item.key, q))} />
                      <span className="font-semibold">{money((item.price + (item.printFee ?? 0)) * item.quantity)}</span>
                    </div>
                    <button type="button" onClick={() => removeFromCart(item.key)} className="mt-1 text-xs font-semibold text-crimson hover:underline">
                      {t("cart.remove")}<span className="sr-only"> {cartLineName(item, locale)}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="border-t border-slate-200 p-4">
              <div className="flex justify-between text-base font-bold">
                <span>{t("cart.subtotal")}</span>
                <span>{money(totalAmount)}</span>
              </div>
              <p className="mt-1 text-xs text-slate-600">{t("cart.confirmedAtCheckout")}</p>
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Link to="/cart" onClick={closeCartPanel} className="rounded-lg border border-slate-300 py-2.5 text-center font-semibold hover:bg-slate-100">
                  {t("cart.view")}
                </Link>
                <Link to="/checkout" onClick={closeCartPanel} className="rounded-lg bg-crimson py-2.5 text-center font-semibold text-white hover:bg-crimson-dark">
                  {t("cart.checkout")}
                </Link>
              </div>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

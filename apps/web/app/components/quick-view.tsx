import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import type { ProductCardData } from "@khelkud/contracts";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { PurchasePanel } from "./purchase-panel";
import { RatingOrNone } from "./star-rating";
import { useI18n } from "../lib/i18n";

/** Quick view in a native modal <dialog>: focus stays inside, Escape and the backdrop close it. */
export function QuickView({ product, onClose, onAddedToCart }: { product: ProductCardData; onClose: () => void; onAddedToCart?: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useI18n();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const image = product.images[0];
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className="m-auto w-[min(56rem,calc(100vw-1.5rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="grid max-h-[90vh] auto-rows-max gap-5 overflow-y-auto p-4 sm:p-6 md:grid-cols-2">
        <div className="aspect-square overflow-hidden rounded-xl bg-slate-100">
          {image ? <ProductImage url={image.url} alt={image.altText} width={image.width} height={image.height} sizes="(min-width: 768px) 420px, 90vw" maxWidth={960} className="h-full w-full object-cover" /> : null}
        </div>
        <div>
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{product.team ?? product.brand}</p>
              <h2 id={titleId} className="mt-1 text-xl font-bold leading-tight">
                {product.name}
              </h2>
            </div>
            <button type="button" onClick={() => ref.current?.close()} aria-label={t("productInfo.quickViewClose")} className="-mr-1 -mt-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100">
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <div className="mt-2">
            <RatingOrNone rating={product.rating} reviewCount={product.reviewCount} />
          </div>
          <div className="mt-3">
            <Price price={product.price} finalPrice={product.finalPrice} discountPercent={product.discountPercent} large />
          </div>
          <div className="mt-5">
            <PurchasePanel product={product} onDone={() => ref.current?.close()} onAddedToCart={onAddedToCart} />
          </div>
          <Link to={`/products/${product.slug}`} className="mt-5 inline-block font-semibold text-nepal hover:underline">
            {t("productInfo.fullDetails")}
          </Link>
        </div>
      </div>
    </dialog>
  );
}

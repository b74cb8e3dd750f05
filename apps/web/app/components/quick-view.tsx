import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toPurchase, type Product, type ProductCardData, type PurchaseData } from "@khelkud/contracts";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { PurchasePanel } from "./purchase-panel";
import { RatingOrNone } from "./star-rating";
import { LoadError } from "./load-error";
import { api, ApiError } from "../lib/api";
import { localProduct } from "../lib/local-text";
import { useI18n } from "../lib/i18n";

type Loaded = { state: "loading" } | { state: "ready"; purchase: PurchaseData; retried?: boolean } | { state: "failed"; gone: boolean; retrying?: boolean };

/**
 * The sizes, colours, players and stock quick view chooses from: a card does not carry them (docs/decisions/142), so
 * they are read from the product's API when quick view opens: at most as old as the catalogue cache's 2 s, where the
 * page may be older. Closing quick view drops the request. Try Again stays on screen, busy, while it reads again, so
 * the focus it holds is not lost; the panel then takes the focus (`retried`).
 */
function usePurchase(product: ProductCardData, given: PurchaseData | undefined): [Loaded, () => void] {
  const { locale } = useI18n();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const fetched = given === undefined;
  useEffect(() => {
    if (!fetched) return;
    const controller = new AbortController();
    const retrying = attempt > 0;
    setLoaded((was) => (was.state === "failed" ? { ...was, retrying: true } : { state: "loading" }));
    api<{ product: Product }>(`/api/products/${encodeURIComponent(product.id)}`, { signal: controller.signal })
      .then(({ product: full }) => {
        if (!controller.signal.aborted) setLoaded({ state: "ready", purchase: localProduct(toPurchase(full), locale), retried: retrying });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: "failed", gone: error instanceof ApiError && error.status === 404 });
      });
    return () => controller.abort();
  }, [product.id, fetched, locale, attempt]);
  return [given ? { state: "ready", purchase: given } : loaded, () => setAttempt((n) => n + 1)];
}

/** The purchase panel's place while the product loads: as tall as a size row, a quantity and two buttons. */
function PanelSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="animate-pulse space-y-5">
      <span className="sr-only">{label}</span>
      <div className="h-4 w-1/3 rounded bg-slate-200" />
      <div className="flex gap-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-11 w-12 rounded-lg bg-slate-200" />
        ))}
      </div>
      <div className="h-11 w-40 rounded-lg bg-slate-200" />
      <div className="h-11 rounded-lg bg-slate-200" />
    </div>
  );
}

/**
 * Quick view in a native modal <dialog>: focus stays inside, Escape and the backdrop close it. `purchase`: what buying
 * needs, when the caller already has it (the wishlist); otherwise it is fetched.
 */
export function QuickView({ product, purchase: given, onClose, onAddedToCart }: { product: ProductCardData; purchase?: PurchaseData; onClose: () => void; onAddedToCart?: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useI18n();
  const [loaded, retry] = usePurchase(product, given);
  const panelRef = useRef<HTMLDivElement>(null);
  const retried = loaded.state === "ready" && loaded.retried === true;
  useEffect(() => {
    if (retried) panelRef.current?.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), button:not([disabled])")?.focus();
  }, [retried]);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  // Once loaded, the price and rating are the product's own, as fresh as its stock.
  const shown = loaded.state === "ready" ? loaded.purchase : product;
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
            <RatingOrNone rating={shown.rating} reviewCount={shown.reviewCount} />
          </div>
          <div className="mt-3">
            <Price price={shown.price} finalPrice={shown.finalPrice} discountPercent={shown.discountPercent} large />
          </div>
          <div ref={panelRef} className="mt-5" aria-busy={loaded.state === "loading" || (loaded.state === "failed" && loaded.retrying === true)}>
            {loaded.state === "ready" ? (
              <PurchasePanel product={loaded.purchase} onDone={() => ref.current?.close()} onAddedToCart={onAddedToCart} />
            ) : loaded.state === "loading" ? (
              <PanelSkeleton label={t("productInfo.quickViewLoading")} />
            ) : loaded.gone ? (
              <p role="alert" className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">
                {t("product.notFoundText")}
              </p>
            ) : (
              <LoadError title={t("product.loadError")} onRetry={retry} busy={loaded.retrying === true} compact />
            )}
          </div>
          <Link to={`/products/${product.slug}`} className="mt-5 inline-block font-semibold text-nepal hover:underline">
            {t("productInfo.fullDetails")}
          </Link>
        </div>
      </div>
    </dialog>
  );
}

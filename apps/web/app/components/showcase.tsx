import { useEffect, useState } from "react";
import { Link } from "react-router";
import { SHOWCASE_INTERVAL_MS, type ProductCardData } from "@khelkud/contracts";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { useI18n } from "../lib/i18n";

/**
 * The showcase picture's width as laid out: the page and the card each take 2rem off a phone's width, up to the card's
 * 416 px (from a 480 px viewport); 90vw asked a 412 px phone at 1.75× for the 960 w file where 640 w covers its 348 px.
 */
export const SHOWCASE_SIZES = "(min-width: 768px) 448px, (min-width: 480px) 416px, calc(100vw - 4rem)";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Home hero carousel: advances every 4 s, pauses on hover or focus, never moves by itself under reduced motion. */
export function Showcase({ products }: { products: ProductCardData[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = products.length;
  const { t, digits } = useI18n();

  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SHOWCASE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("showcase.label")}
      className="relative mx-auto w-full max-w-md"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      data-paused={paused ? "true" : "false"}
    >
      <div aria-live={paused ? "polite" : "off"}>
        {products.map((p, i) => {
          const image = p.images[0];
          return (
            <div key={p.id} role="group" aria-roledescription="slide" aria-label={t("showcase.slide", { i: digits(i + 1), n: digits(count) })} hidden={i !== index}>
              <Link to={`/products/${p.slug}`} className="group block rounded-2xl bg-white/5 p-4 ring-1 ring-white/15">
                <div className="aspect-square overflow-hidden rounded-xl bg-white">
                  {image ? (
                    <ProductImage url={image.url} alt={image.altText} width={image.width} height={image.height} sizes={SHOWCASE_SIZES} priority={i === 0} maxWidth={960} className="h-full w-full object-cover" />
                  ) : null}
                </div>
                <div className="mt-3 flex items-end justify-between gap-2">
                  <p className="font-semibold group-hover:underline">{p.name}</p>
                  <div className="shrink-0 [&_span]:text-white">
                    <Price price={p.price} finalPrice={p.finalPrice} discountPercent={p.discountPercent} />
                  </div>
                </div>
              </Link>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="mt-4 flex items-center justify-center gap-3">
          <button type="button" onClick={() => go(index - 1)} aria-label={t("showcase.previous")} className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="m15 6-6 6 6 6" />
            </svg>
          </button>
          {/* The dots are a desktop extra: on a phone Previous / Next (44 px) do the same and the dots would not fit at 44 px. */}
          <div className="hidden gap-1 sm:flex">
            {products.map((p, i) => (
              <button key={p.id} type="button" onClick={() => go(i)} aria-label={t("showcase.show", { i: digits(i + 1) })} aria-current={i === index ? "true" : undefined} className="flex h-6 w-6 items-center justify-center">
                <span className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-white" : "w-2.5 bg-white/40"}`} />
              </button>
            ))}
          </div>
          <button type="button" onClick={() => go(index + 1)} aria-label={t("showcase.next")} className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="m9 6 6 6-6 6" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}

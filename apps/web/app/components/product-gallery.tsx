import { useState } from "react";
import type { ProductImage as ProductImageData } from "@khelkud/contracts";
import { ProductImage } from "./product-image";
import { useI18n } from "../lib/i18n";

export const GALLERY_SIZES = "(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw";

/** Main picture with a 150% zoom that follows the pointer, and thumbnails to switch pictures. */
export function ProductGallery({ images, name }: { images: ProductImageData[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [origin, setOrigin] = useState<string | null>(null);
  const main = images[index] ?? images[0];
  const { t, digits } = useI18n();
  return (
    <div>
      <div
        className="aspect-square cursor-zoom-in overflow-hidden rounded-2xl border border-slate-200 bg-white"
        onPointerMove={(e) => {
          if (e.pointerType !== "mouse") return;
          const r = e.currentTarget.getBoundingClientRect();
          setOrigin(`${(((e.clientX - r.left) / r.width) * 100).toFixed(1)}% ${(((e.clientY - r.top) / r.height) * 100).toFixed(1)}%`);
        }}
        onPointerLeave={() => setOrigin(null)}
      >
        {main ? (
          <div className="h-full w-full transition-transform duration-150" style={{ transform: origin ? "scale(1.5)" : undefined, transformOrigin: origin ?? "center" }} data-zoomed={origin ? "true" : undefined}>
            <ProductImage url={main.url} alt={main.altText || name} width={main.width} height={main.height} sizes={GALLERY_SIZES} priority={index === 0} className="h-full w-full object-cover" />
          </div>
        ) : (
          <div className="flex h-full items-center justify-center text-slate-400">{t("gallery.noPicture")}</div>
        )}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-3" aria-label={t("gallery.pictures")}>
          {images.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t("gallery.show", { i: digits(i + 1), n: digits(images.length) })}
                aria-current={i === index ? "true" : undefined}
                className={`block w-20 overflow-hidden rounded-lg border-2 bg-white ${i === index ? "border-nepal" : "border-slate-200 hover:border-slate-400"}`}
              >
                <ProductImage url={img.url} alt="" width={img.width} height={img.height} sizes="80px" maxWidth={160} low className="aspect-square h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { Link } from "react-router";
import type { Product } from "@khelkud/contracts";
import { ProductImage } from "./product-image";
import { Price } from "./price";
import { StockBadge } from "./stock-badge";

export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const image = product.images[0];
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to={`/products/${product.slug}`} className="relative block aspect-square bg-slate-100" prefetch="intent">
        {image ? (
          <ProductImage
            url={image.url}
            alt={image.altText}
            width={image.width}
            height={image.height}
            sizes="(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw"
            priority={priority}
            maxWidth={640}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : null}
        <span className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {product.featured ? <span className="rounded bg-nepal px-1.5 py-0.5 text-xs font-bold text-white">Featured</span> : null}
          {product.discountPercent ? <span className="rounded bg-crimson px-1.5 py-0.5 text-xs font-bold text-white">{product.discountPercent}% OFF</span> : null}
          {product.isNew ? <span className="rounded bg-green-700 px-1.5 py-0.5 text-xs font-bold text-white">New</span> : null}
        </span>
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{product.team ?? product.brand}</p>
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm font-semibold leading-5 text-slate-900">
          <Link to={`/products/${product.slug}`} className="hover:text-nepal">
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-1 pt-1">
          <Price price={product.price} finalPrice={product.finalPrice} discountPercent={product.discountPercent} />
          <StockBadge stock={product.stock} />
        </div>
      </div>
    </article>
  );
}

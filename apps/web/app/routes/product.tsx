import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/product";
import { ProductImage } from "../components/product-image";
import { Price } from "../components/price";
import { StockBadge } from "../components/stock-badge";
import { OopsScreen } from "../components/status-screens";
import { orNotFound } from "../lib/errors";
import { pageTitle, preloadImage } from "../lib/seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await orNotFound(context.services.catalog.getProductBySlugOrId(params.slugOrId));
  return { product, publicUrl: context.publicUrl };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: pageTitle("Product Not Found") }, { name: "robots", content: "noindex" }];
  const { product: p, publicUrl } = data;
  const description = p.metaDescription ?? p.description.slice(0, 160);
  const main = p.images[0];
  return [
    ...(main ? [preloadImage(main.url, "(min-width: 1024px) 600px, 100vw")] : []),
    { title: p.metaTitle ?? pageTitle(p.name) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${publicUrl}/products/${p.slug}` },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p } = loaderData;
  const main = p.images[0];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to="/" className="hover:text-nepal hover:underline">Home</Link> /</li>
          <li><Link to="/products" className="hover:text-nepal hover:underline">Products</Link> /</li>
          {p.category ? (
            <li><Link to={`/products?category=${p.category.slug}`} className="hover:text-nepal hover:underline">{p.category.name}</Link> /</li>
          ) : null}
          <li aria-current="page" className="font-semibold text-slate-900">{p.name}</li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <div>
          <div className="aspect-square overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {main ? <ProductImage url={main.url} alt={main.altText} width={main.width} height={main.height} sizes="(min-width: 1024px) 600px, 100vw" priority className="h-full w-full object-cover" /> : null}
          </div>
          {p.images.length > 1 ? (
            <ul className="mt-3 flex gap-3">
              {p.images.map((img) => (
                <li key={img.id} className="w-20 overflow-hidden rounded-lg border border-slate-200 bg-white">
                  <ProductImage url={img.url} alt={img.altText} width={img.width} height={img.height} sizes="80px" maxWidth={160} className="aspect-square h-full w-full object-cover" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{p.team ?? p.brand}</p>
          <h1 className="mt-1 text-3xl font-bold leading-tight">{p.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {p.isNew ? <span className="rounded bg-green-700 px-1.5 py-0.5 text-xs font-bold text-white">New</span> : null}
            <span className="text-slate-600">{p.reviewCount > 0 && p.rating != null ? `${p.rating.toFixed(1)} / 5 (${p.reviewCount} reviews)` : "No reviews yet"}</span>
          </div>
          <div className="mt-4">
            <Price price={p.price} finalPrice={p.finalPrice} discountPercent={p.discountPercent} large />
          </div>
          <div className="mt-4">
            <StockBadge stock={p.stock} />
          </div>
          <h2 className="mt-6 text-sm font-bold uppercase tracking-wide text-slate-700">Sizes</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {p.sizes.map((s) => (
              <li key={s.size} className={`min-w-12 rounded-lg border px-3 py-2 text-center text-sm font-semibold ${s.available ? "border-slate-300 bg-white" : "border-slate-200 bg-slate-100 text-slate-400 line-through"}`}>
                {s.size}
                <span className="sr-only">{s.available ? "" : " (sold out)"}</span>
              </li>
            ))}
          </ul>
          <section className="mt-8">
            <h2 className="text-lg font-bold">Description</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{p.description}</p>
            {p.features.length ? (
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                {p.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            ) : null}
          </section>
          {Object.keys(p.specifications).length ? (
            <section className="mt-6">
              <h2 className="text-lg font-bold">Specifications</h2>
              <dl className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
                {Object.entries(p.specifications).map(([k, v]) => (
                  <div key={k} className="grid grid-cols-3 gap-2 px-3 py-2">
                    <dt className="font-semibold text-slate-600">{k}</dt>
                    <dd className="col-span-2">{v}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Product Not Found</h1>
        <p className="mt-2 text-slate-600">This product does not exist or is no longer available.</p>
        <Link to="/products" className="mt-8 rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
          Back to Products
        </Link>
      </section>
    );
  }
  return <OopsScreen />;
}

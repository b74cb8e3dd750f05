import { Suspense, useEffect } from "react";
import { arrived } from "../lib/deferred";
import { localProduct, requestLocale } from "../lib/local-text";
import { Await, isRouteErrorResponse, Link, useActionData, useSearchParams } from "react-router";
import { toast } from "../lib/toast";
import { GRID_CARD, imageVariantUrl, toProductCard, type Product, type ProductCardData } from "@khelkud/contracts";
import type { Route } from "./+types/product";
import { Breadcrumb } from "../components/breadcrumb";
import { Price } from "../components/price";
import { ProductCard } from "../components/product-card";
import { GALLERY_SIZES, ProductGallery } from "../components/product-gallery";
import { ProductReviews } from "../components/product-reviews";
import { PurchasePanel } from "../components/purchase-panel";
import { RatingOrNone } from "../components/star-rating";
import { RouteLoadError } from "../components/load-error";
import { MissingItem } from "../components/status-screens";
import { Tabs } from "../components/tabs";
import { orNotFound } from "../lib/errors";
import { absoluteUrl, breadcrumbJsonLd, canonicalLinks, canonicalUrl, paisaToDecimal, pageTitle, preloadImage, SHOP_NAME } from "../lib/seo";
import { READ_FIRST } from "../lib/page-handle";
import { useFreeShippingText } from "../lib/shop";
import { CheckIcon } from "../components/icons";
import { localizeMessage, metaT, tBrowser, useI18n } from "../lib/i18n";
import { addToCartAction, type AddToCartRefusal } from "../lib/add-to-cart.server";

/** Read first: scripts after the first paint (docs/decisions/072). */
export const handle = READ_FIRST;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const product = localProduct(await orNotFound(context.services.catalog.getProductBySlugOrId(params.slugOrId)), locale);
  // A failure only hides the section.
  const { value: related } = await arrived(
    context.services.catalog.listRelatedProducts(product.id, product.categoryId).then((list) => list.map((p) => localProduct(toProductCard(p, GRID_CARD), locale))),
  );
  return { product, related, publicUrl: context.publicUrl };
}

/** "Add to Cart" posted before or without the page's scripts (docs/decisions/104). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const product = await orNotFound(context.services.catalog.getProductBySlugOrId(params.slugOrId));
  return addToCartAction(request, context, product);
}

function describe(p: Product, t: ReturnType<typeof metaT>): string {
  if (p.metaDescription) return p.metaDescription;
  const text = p.description.replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, "")}…` : text || t("productInfo.byBrand", { name: p.name, brand: p.brand });
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!data) return [{ title: pageTitle(t("product.notFound")) }, { name: "robots", content: "noindex" }];
  const { product: p, publicUrl } = data;
  const path = `/products/${p.slug}`;
  const url = canonicalUrl(publicUrl, matches, path);
  const title = p.metaTitle ?? pageTitle(p.name);
  const description = describe(p, t);
  const main = p.images[0];
  // JPEG for link previews: Facebook, Viber and WhatsApp do not all read AVIF or WebP.
  const shareImage = main ? absoluteUrl(publicUrl, imageVariantUrl(main.url, 1280, "jpeg")) : null;
  const price = paisaToDecimal(p.finalPrice);
  const productLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description,
    sku: p.id,
    url,
    image: p.images.map((img) => absoluteUrl(publicUrl, imageVariantUrl(img.url, 1280, "jpeg"))),
    brand: { "@type": "Brand", name: p.brand },
    ...(p.category ? { category: p.category.name } : {}),
    ...(p.reviewCount > 0 && p.rating != null ? { aggregateRating: { "@type": "AggregateRating", ratingValue: p.rating, reviewCount: p.reviewCount } } : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "NPR",
      price,
      availability: p.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: SHOP_NAME },
    },
  };
  const crumbs = [
    { name: t("footer.home"), path: "/" },
    { name: t("nav.products"), path: "/products" },
    ...(p.category ? [{ name: p.category.name, path: `/products?category=${p.category.slug}` }] : []),
    { name: p.name, path: `/products/${p.slug}` },
  ];
  return [
    ...(main ? [preloadImage(main.url, GALLERY_SIZES)] : []),
    { title },
    { name: "description", content: description },
    ...(p.keywords.length ? [{ name: "keywords", content: p.keywords.join(", ") }] : []),
    ...canonicalLinks(publicUrl, matches, path),
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(shareImage && main
      ? [
          { property: "og:image", content: shareImage },
          { property: "og:image:width", content: String(Math.min(1280, main.width)) },
          { property: "og:image:height", content: String(Math.round((Math.min(1280, main.width) * main.height) / main.width)) },
          { property: "og:image:alt", content: main.altText || p.name },
        ]
      : []),
    { property: "product:price:amount", content: price },
    { property: "product:price:currency", content: "NPR" },
    { property: "og:price:amount", content: price },
    { property: "og:price:currency", content: "NPR" },
    { name: "twitter:card", content: shareImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(shareImage ? [{ name: "twitter:image", content: shareImage }] : []),
    { "script:ld+json": productLd },
    { "script:ld+json": breadcrumbJsonLd(publicUrl, matches, crumbs) },
  ];
}

function RelatedFailed() {
  useEffect(() => {
    toast.error(tBrowser("product.relatedFailed"), { duration: 3000 });
  }, []);
  return null;
}

function Related({ products }: { products: ProductCardData[] }) {
  const { t } = useI18n();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related" className="mt-14">
      <h2 id="related" className="mb-5 text-2xl font-bold">
        {t("product.related")}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-6">
        {products.map((r) => (
          <ProductCard key={r.id} product={r} offscreen />
        ))}
      </div>
    </section>
  );
}

/**
 * A specification's name in the page's language: the catalogue has the names the shop uses (Brand, Material, Fit,
 * Season, Care); a name an administrator made up is shown as written. Only plain words are looked up, so a "." or ":"
 * in a name is never read as a catalogue path.
 */
function specificationLabel(key: string, t: (key: string, options: { defaultValue: string }) => string): string {
  return /^[A-Za-z]+$/.test(key) ? t(`product.specKeys.${key}`, { defaultValue: key }) : key;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p, related } = loaderData;
  const [params] = useSearchParams();
  const freeShipping = useFreeShippingText();
  const { t, digits, locale } = useI18n();
  const answer = useActionData<typeof action>() as { refused?: AddToCartRefusal; formError?: string; printError?: string } | undefined;
  const specs = Object.entries(p.specifications);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb
        trail={[{ to: "/", label: t("footer.home") }, { to: "/products", label: t("nav.products") }, ...(p.category ? [{ to: `/products?category=${p.category.slug}`, label: p.category.name }] : [])]}
        current={p.name}
      />
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={p.images} name={p.name} />
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{p.team ?? p.brand}</p>
          <h1 className="mt-1 text-3xl font-bold leading-tight">{p.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {p.isNew ? <span className="rounded bg-green-700 px-1.5 py-0.5 text-xs font-bold text-white">{t("product.new")}</span> : null}
            <RatingOrNone rating={p.rating} reviewCount={p.reviewCount} />
          </div>
          <div className="mt-4">
            <Price price={p.price} finalPrice={p.finalPrice} discountPercent={p.discountPercent} large />
          </div>
          {params.get("added") === "1" ? (
            <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
              {t("cart.added", { name: p.name })}{" "}
              <Link to="/checkout" className="underline">
                {t("cart.checkout")}
              </Link>
            </p>
          ) : null}
          {answer?.refused || answer?.formError ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
              {answer.printError ? localizeMessage(answer.printError, locale) : t(answer.refused ?? "cart.notAdded")}
            </p>
          ) : null}
          <div className="mt-6">
            <PurchasePanel product={p} />
          </div>
          <ul className="mt-6 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
            {[t("product.authentic", { brand: p.brand }), t("product.payWays"), freeShipping, t("product.returns")].filter(Boolean).map((text) => (
              <li key={text} className="flex items-center gap-1.5">
                <CheckIcon className="h-4 w-4 shrink-0 text-green-700" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-10">
        <Tabs
          initial={params.get("review") === "true" ? "reviews" : undefined}
          items={[
            {
              id: "description",
              label: t("product.description"),
              content: (
                <div className="max-w-3xl">
                  <p className="leading-relaxed text-slate-700">{p.description}</p>
                  {p.features.length ? (
                    <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                      {p.features.map((f) => (
                        <li key={f}>{f}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ),
            },
            {
              id: "specifications",
              label: t("product.specifications"),
              content: specs.length ? (
                <dl className="max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
                  {specs.map(([k, v]) => (
                    <div key={k} className="grid grid-cols-3 gap-2 px-3 py-2">
                      <dt className="font-semibold text-slate-600">{specificationLabel(k, t)}</dt>
                      <dd className="col-span-2">{v}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="text-slate-600">{t("product.noSpecifications")}</p>
              ),
            },
            { id: "reviews", label: p.reviewCount > 0 ? t("product.reviewsCount", { n: digits(p.reviewCount) }) : t("product.reviews"), content: <ProductReviews product={p} /> },
          ]}
        />
      </div>

      <Suspense fallback={null}>
        <Await resolve={related} errorElement={<RelatedFailed />}>
          {(products) => <Related products={products} />}
        </Await>
      </Suspense>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MissingItem title={t("product.notFound")} text={t("product.notFoundText")} back="/products" backLabel={t("product.backToProducts")} />;
  }
  return <RouteLoadError title={t("product.loadError")} toastText={t("messages.failedProduct")} />;
}

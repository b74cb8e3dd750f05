import { Suspense } from "react";
import { arrived } from "../lib/deferred";
import { localPost, localProduct, requestLocale } from "../lib/local-text";
import { metaT, useI18n } from "../lib/i18n";
import { Await, Link } from "react-router";
import { FEATURED_GRID_SIZE, GRID_CARD, SHOWCASE_SIZE, toProductCard } from "@khelkud/contracts";
import type { Route } from "./+types/home";
import { ProductCard, ProductCardSkeleton } from "../components/product-card";
import { Showcase, SHOWCASE_SIZES } from "../components/showcase";
import { LatestPosts } from "../components/latest-posts";
import { canonicalLinks, canonicalUrl, preloadImage, SHOP_NAME } from "../lib/seo";
import { READ_FIRST } from "../lib/page-handle";
import { storeFigureList } from "../lib/store-figures";
import { FeatureTile } from "../components/feature-tile";

/** Read first: scripts after the first paint (docs/decisions/072). */
export const handle = READ_FIRST;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  // The showcase is the first SHOWCASE_SIZE of the featured grid's products (both the newest featured ones): one
  // query, and the page's data names each of those products once (docs/decisions/139).
  const featuredList = context.services.catalog
    .listProducts({ page: 1, limit: Math.max(SHOWCASE_SIZE, FEATURED_GRID_SIZE), featured: true, sort: "newest" })
    .then((r) => r.products.map((p) => localProduct(toProductCard(p, GRID_CARD), locale)));
  const [showcase, figures, latestPosts] = await Promise.all([
    // The hero is the largest thing on the page: awaited, and it never takes the page down with it.
    featuredList.then(
      (products) => products.slice(0, SHOWCASE_SIZE),
      () => [],
    ),
    context.services.settings.figures(),
    // The blog teaser must not take the home page down: on failure it shows Try Again in its place (docs/product-rules.md §1).
    context.services.blog.listPublished({ limit: 3 }).then((r) => r.blogs.map((b) => localPost(b, locale)), () => null),
  ]);
  // The grid shows an error state with Try Again if it failed.
  const { value: featured } = await arrived(featuredList.then((products) => products.slice(0, FEATURED_GRID_SIZE)));
  return { showcase, featured, figures, publicUrl: context.publicUrl, latestPosts };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const heroImage = data?.showcase[0]?.images[0];
  const t = metaT(matches);
  const title = `${SHOP_NAME} – ${t("seo.tagline")}`;
  return [
    ...(heroImage ? [preloadImage(heroImage.url, SHOWCASE_SIZES, 960)] : []),
    { title },
    { name: "description", content: t("seo.description") },
    ...canonicalLinks(data?.publicUrl, matches, "/"),
    { property: "og:title", content: title },
    { property: "og:description", content: t("seo.description") },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonicalUrl(data?.publicUrl, matches, "/") },
    ...(heroImage && data ? [{ property: "og:image", content: `${data.publicUrl}${heroImage.url}` }] : []),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

function FeaturedSkeleton() {
  const { t } = useI18n();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" role="status" aria-label={t("homePage.loadingFeatured")}>
      {[0, 1, 2, 3].map((i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

function FeaturedError() {
  const { t } = useI18n();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="font-semibold text-red-800">{t("homePage.featuredFailed")}</p>
      <button type="button" onClick={() => window.location.reload()} className="mt-4 rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
        {t("common.tryAgain")}
      </button>
    </div>
  );
}

const TILES = [
  { key: "authentic", icon: "M9 12l2 2 4-4M12 3l7 4v5c0 5-3.5 8-7 9-3.5-1-7-4-7-9V7z" },
  { key: "delivery", icon: "M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a2 2 0 1 0 0-.01M17 18a2 2 0 1 0 0-.01" },
  { key: "payment", icon: "M3 7h18v10H3zM3 11h18M7 15h3" },
  { key: "returns", icon: "M4 12a8 8 0 1 0 3-6.2M4 4v5h5" },
];

/** Written out so Tailwind sees every class; a figure left empty in the settings leaves no gap. */
const FIGURE_COLUMNS = ["hidden", "grid-cols-1", "grid-cols-2", "grid-cols-3", "grid-cols-4"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { showcase, featured } = loaderData;
  const { t, digits } = useI18n();
  const figures = storeFigureList(loaderData.figures, {
    products: t("homePage.figures.products"),
    customers: t("homePage.figures.customers"),
    teams: t("homePage.figures.teams"),
    support: t("homePage.figures.support"),
  });
  return (
    <>
      <section className="bg-gradient-to-br from-nepal via-nepal-dark to-slate-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <p className="text-sm font-bold uppercase tracking-widest text-red-200">
              <span lang="ne" className="font-khelkud-word">
                खेलकुद
              </span>{" "}
              · {t("home.kicker")}
            </p>
            <h1 className="mt-3 text-4xl font-bold leading-tight md:text-5xl">{t("home.title")}</h1>
            <p className="mt-4 max-w-lg text-lg text-slate-200">{t("home.lead")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/products" className="rounded-lg bg-crimson px-6 py-3 font-bold hover:bg-crimson-dark">
                {t("home.shopNow")}
              </Link>
              <Link to="/products?category=cricket-jerseys&q=nepal" className="rounded-lg border border-white/40 px-6 py-3 font-bold hover:bg-white/10">
                {t("home.nepalCricket")}
              </Link>
            </div>
            <dl className={`mt-10 grid max-w-md gap-4 text-center ${FIGURE_COLUMNS[figures.length] ?? "grid-cols-4"}`}>
              {figures.map(({ value, label }) => (
                <div key={label}>
                  <dt className="sr-only">{label}</dt>
                  <dd className="text-2xl font-bold">{digits(value)}</dd>
                  <dd className="text-xs text-slate-300" aria-hidden="true">
                    {label}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <Showcase products={showcase} />
        </div>
      </section>

      <section aria-labelledby="why" className="below-fold-[27rem] lg:below-fold-[15rem] mx-auto max-w-7xl px-4 py-12">
        <h2 id="why" className="sr-only">
          {t("home.why")}
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {TILES.map((tile) => (
            <FeatureTile key={tile.key} icon={tile.icon} title={t(`home.tiles.${tile.key}.title`)} text={t(`home.tiles.${tile.key}.text`)} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured" className="mx-auto max-w-7xl px-4">
        <div className="mb-6 flex items-end justify-between">
          <h2 id="featured" className="text-2xl font-bold md:text-3xl">
            {t("home.featured")}
          </h2>
          <Link to="/products" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
            {t("home.viewAll")}
          </Link>
        </div>
        <Suspense fallback={<FeaturedSkeleton />}>
          <Await resolve={featured} errorElement={<FeaturedError />}>
            {(products) => (
              <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
                {products.map((p) => (
                  <ProductCard key={p.id} product={p} offscreen />
                ))}
              </div>
            )}
          </Await>
        </Suspense>
      </section>

      <LatestPosts posts={loaderData.latestPosts} />

      <section className="below-fold-[15rem] mx-auto mt-16 max-w-7xl px-4">
        <div className="rounded-2xl bg-crimson px-6 py-10 text-center text-white md:py-14">
          <h2 className="text-2xl font-bold md:text-3xl">{t("home.ctaTitle")}</h2>
          <p className="mx-auto mt-2 max-w-xl text-white">{t("home.ctaText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/products" className="rounded-lg bg-white px-6 py-3 font-bold text-crimson hover:bg-red-50">
              {t("home.explore")}
            </Link>
            <Link to="/contact" className="rounded-lg border border-white/60 px-6 py-3 font-bold hover:bg-white/10">
              {t("footer.contact")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

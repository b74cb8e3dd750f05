import { Suspense, memo, use, useEffect, useMemo, useRef, useState } from "react";
import { localCategory } from "../lib/local-text";
import { Link, useHref, useLocation, useNavigate, useNavigation } from "react-router";
import { MSG, PRICE_SLIDER, rupeesToPaisa, type CatalogueFacets, type ProductCardData } from "@khelkud/contracts";
import type { Route } from "./+types/catalogue";
import { Breadcrumb } from "../components/breadcrumb";
import { ProductCard } from "../components/product-card";
import { CARDS_IN_DOCUMENT, LATER_CARDS, catalogueUrl, hasFilters, laterCards, type CatalogueState } from "../lib/catalogue-params";
import { canonicalLinks, canonicalUrl, pageTitle } from "../lib/seo";
import { localizeMessage, metaT, useI18n } from "../lib/i18n";
import { READ_FIRST } from "../lib/page-handle";
import { useFreeShippingText } from "../lib/shop";
import { RouteLoadError } from "../components/load-error";
import { pack, usePacked } from "../lib/packed";
import { readCatalogue } from "../lib/catalogue.server";
import { heldBackFrom, useClickKeptWhileWaiting, useHeldBack } from "../lib/held-back";

/** Read first: scripts after the first paint (docs/decisions/072). */
export const handle = READ_FIRST;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { state, list, locale, cards } = await readCatalogue(request, context);
  const facets = { ...list.facets!, categories: list.facets!.categories.map((c) => localCategory(c, locale)) };
  // A document carries the first cards' data only; the server renders the rest from `heldBack` and the browser asks
  // for them after hydration (docs/decisions/152). A client navigation's data carries them all.
  let shown = cards;
  if (context.heldBack && cards.length > CARDS_IN_DOCUMENT) {
    context.heldBack.set(LATER_CARDS, cards.slice(CARDS_IN_DOCUMENT));
    shown = cards.slice(0, CARDS_IN_DOCUMENT);
  }
  return { state, products: pack(shown), more: cards.length - shown.length, pagination: list.pagination, facets, didYouMean: list.didYouMean, publicUrl: context.publicUrl };
}

function headingFor(state: CatalogueState, facets: CatalogueFacets, t: (key: string) => string) {
  const category = facets.categories.find((c) => c.id === state.category || c.slug === state.category);
  return category?.name ?? t("catalogue.allProducts");
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  if (!data) return [{ title: pageTitle(t("nav.products")) }];
  const { state, facets, publicUrl, pagination } = data;
  const heading = state.q ? t("catalogue.searchTitle", { q: state.q }) : headingFor(state, facets, t);
  const category = facets.categories.find((c) => c.id === state.category || c.slug === state.category);
  // Only the plain category listing is canonical; filtered, searched and later pages point at it and are not indexed.
  // Their alternates name the canonical listing in each language (docs/decisions/184).
  const canonicalPath = catalogueUrl({ category: category?.slug });
  const canonical = canonicalUrl(publicUrl, matches, canonicalPath);
  const filtered = state.q !== "" || state.brands.length > 0 || state.minPrice !== undefined || state.maxPrice !== undefined || state.sort !== undefined || state.page > 1;
  return [
    { title: pageTitle(heading) },
    { name: "description", content: category ? t("catalogue.metaDescription", { category: category.name, n: pagination.total }) : t("seo.description") },
    ...canonicalLinks(publicUrl, matches, canonicalPath),
    ...(filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:title", content: pageTitle(heading) },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
  ];
}

const SORT_OPTIONS = [
  { value: "newest", text: "catalogue.sort.newest" },
  { value: "name", text: "catalogue.sort.name" },
  { value: "price-low", text: "catalogue.sort.priceLow" },
  { value: "price-high", text: "catalogue.sort.priceHigh" },
  { value: "rating", text: "catalogue.sort.rating" },
] as const;

function Chip({ label, to }: { label: string; to: string }) {
  const { t } = useI18n();
  return (
    <li>
      <Link to={to} className="inline-flex items-center gap-1 rounded-full bg-nepal/10 py-1 pl-3 pr-2 text-sm font-semibold text-nepal hover:bg-nepal/20" aria-label={t("catalogue.removeFilter", { label })}>
        {label}
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </Link>
    </li>
  );
}

function PriceRange({ state, onCommit }: { state: CatalogueState; onCommit: (min: number, max: number) => void }) {
  const [min, setMin] = useState(state.minPrice ?? PRICE_SLIDER.min);
  const [max, setMax] = useState(state.maxPrice ?? PRICE_SLIDER.max);
  useEffect(() => {
    setMin(state.minPrice ?? PRICE_SLIDER.min);
    setMax(state.maxPrice ?? PRICE_SLIDER.max);
  }, [state.minPrice, state.maxPrice]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const schedule = (a: number, b: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onCommit(a, b), 450);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const { t, money } = useI18n();
  const label = (n: number, top: boolean) => (top && n >= PRICE_SLIDER.max ? `${money(rupeesToPaisa(n))}+` : money(rupeesToPaisa(n)));
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-slate-700">{t("catalogue.price")}</legend>
      <p className="mb-2 text-sm font-semibold" aria-live="polite">
        {label(min, false)} – {label(max, true)}
      </p>
      <PriceSlider
        bound="min"
        label={t("catalogue.minPrice")}
        value={min}
        valueText={label(min, false)}
        onChange={(v) => {
          const next = Math.min(v, max);
          setMin(next);
          schedule(next, max);
        }}
      />
      <PriceSlider
        bound="max"
        label={t("catalogue.maxPrice")}
        value={max}
        valueText={label(max, true)}
        onChange={(v) => {
          const next = Math.max(v, min);
          setMax(next);
          schedule(min, next);
        }}
      />
    </fieldset>
  );
}

/** One end of the price range: a slider named `minPrice` or `maxPrice`, so the filter form also works without scripts. */
function PriceSlider({ bound, label, value, valueText, onChange }: { bound: "min" | "max"; label: string; value: number; valueText: string; onChange: (value: number) => void }) {
  return (
    <>
      <label className={`${bound === "max" ? "mt-2 " : ""}block text-xs text-slate-600`} htmlFor={`price-${bound}`}>
        {label}
      </label>
      <input
        id={`price-${bound}`}
        name={`${bound}Price`}
        type="range"
        min={PRICE_SLIDER.min}
        max={PRICE_SLIDER.max}
        step={PRICE_SLIDER.step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-crimson"
      />
    </>
  );
}

function Sidebar({ state, facets, onNavigate }: { state: CatalogueState; facets: CatalogueFacets; onNavigate: (next: Partial<CatalogueState>) => void }) {
  const freeShipping = useFreeShippingText();
  const { t, digits } = useI18n();
  // Without scripts "Apply" sends the filters to this page in its language (`/ne/products` on a Nepali page).
  const action = useHref("/products");
  const selectedCategory = facets.categories.find((c) => c.id === state.category || c.slug === state.category);
  // Ticked brands stay listed even when nothing matches them any more, so they can be unticked.
  const brands = [...facets.brands];
  for (const b of state.brands) if (!brands.some((f) => f.name.toLowerCase() === b.toLowerCase())) brands.push({ name: b, count: 0 });
  const ticked = (name: string) => state.brands.some((b) => b.toLowerCase() === name.toLowerCase());
  return (
    <form method="get" action={action} className="space-y-6 rounded-xl border border-slate-200 bg-white p-4" onSubmit={(e) => e.preventDefault()}>
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {state.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold">{t("catalogue.filters")}</h2>
        <Link to={catalogueUrl({ view: state.view })} className="text-sm font-semibold text-crimson hover:underline">
          {t("catalogue.clearAll")}
        </Link>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-slate-700">{t("catalogue.category")}</legend>
        <ul className="space-y-1">
          {[{ id: "", slug: "", name: t("catalogue.allCategories"), count: -1 }, ...facets.categories].map((c) => (
            <li key={c.id || "all"}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-slate-50">
                <input
                  type="radio"
                  name="category"
                  value={c.slug}
                  defaultChecked={c.slug === "" ? !selectedCategory : selectedCategory?.id === c.id}
                  onChange={() => onNavigate({ category: c.slug })}
                  className="accent-nepal"
                />
                <span className="flex-1 text-sm">{c.name}</span>
                {c.count >= 0 ? <span className="text-xs text-slate-500">{digits(c.count)}</span> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-slate-700">{t("catalogue.brand")}</legend>
        <ul className="space-y-1" aria-label={t("catalogue.brands")}>
          {brands.map((b) => (
            <li key={b.name}>
              <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-slate-50">
                <input
                  type="checkbox"
                  name="brand"
                  value={b.name}
                  defaultChecked={ticked(b.name)}
                  onChange={(e) => onNavigate({ brands: e.target.checked ? [...state.brands, b.name] : state.brands.filter((x) => x.toLowerCase() !== b.name.toLowerCase()) })}
                  className="accent-nepal"
                />
                <span className="flex-1 text-sm">{b.name}</span>
                <span className="text-xs text-slate-500" data-testid="brand-count">
                  {digits(b.count)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <PriceRange state={state} onCommit={(min, max) => onNavigate({ minPrice: min, maxPrice: max })} />
      <noscript>
        <button type="submit" className="w-full rounded-lg bg-nepal py-2 font-semibold text-white">
          {t("catalogue.apply")}
        </button>
      </noscript>
      <aside className="rounded-lg bg-nepal/5 p-3 text-sm text-slate-700">
        <p className="font-bold text-nepal">{t("catalogue.tip")}</p>
        <p className="mt-1">{freeShipping ? t("catalogue.tipWithShipping", { freeShipping }) : t("catalogue.tipReturns")}</p>
      </aside>
    </form>
  );
}

function Pagination({ state, page, totalPages }: { state: CatalogueState; page: number; totalPages: number }) {
  const { t, digits } = useI18n();
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1).filter((p) => p === 1 || p === totalPages || Math.abs(p - page) <= 2);
  return (
    <nav aria-label={t("catalogue.pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={catalogueUrl({ ...state, page: page - 1 })} className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100">
          {t("catalogue.previous")}
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={catalogueUrl({ ...state, page: p })}
            aria-current={p === page ? "page" : undefined}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold ${p === page ? "bg-nepal text-white" : "border border-slate-300 bg-white hover:bg-slate-100"}`}
          >
            {digits(p)}
          </Link>
        </span>
      ))}
      {page < totalPages ? (
        <Link to={catalogueUrl({ ...state, page: page + 1 })} className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-100">
          {t("catalogue.next")}
        </Link>
      ) : null}
    </nav>
  );
}

interface LaterProps {
  /** The cards after the document's when the loader data has them (a client navigation's data), else null. */
  cards: ProductCardData[] | null;
  /** Where the browser fetches the page's cards, for those the document held back. */
  src: string;
  /** The ids of the cards the loader data carries, space-separated (a string, so the memo sees it unchanged). */
  carried: string;
  /** How many cards the document held back. */
  held: number;
  view: CatalogueState["view"];
  /** Told when the cards are in (hydrated or drawn): the grid's `data-later-cards` goes then. */
  onIn: (isIn: boolean) => void;
}

/**
 * The cards after the document's (`CARDS_IN_DOCUMENT`, docs/decisions/152), always at the same place in the grid, so that a revalidation
 * bringing them all keeps their cards as they are. A document held them back: the server renders them from
 * `context.heldBack`; the browser fetches them once after hydration, and the boundary keeps the server's cards (links
 * working) until they come. The boundary is inside the memo: a re-render of the page before they arrive (the filters
 * opened) reaches neither, so React leaves the server's cards in place instead of drawing the boundary again.
 */
const LaterCards = memo(function LaterCards(props: LaterProps) {
  return (
    <Suspense fallback={null}>
      <LaterList {...props} />
    </Suspense>
  );
});

function LaterList({ cards, src, carried, held, view, onIn }: LaterProps) {
  const drawn = useHeldBack<ProductCardData[]>(LATER_CARDS);
  const later = cards ?? drawn ?? laterCards(use(heldBackFrom<ProductCardData[]>(src)), new Set(carried.split(" ")), held);
  useEffect(() => onIn(true), [onIn]);
  return later.map((p) => <ProductCard key={p.id} product={p} view={view} offscreen />);
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { state, pagination, facets, didYouMean } = loaderData;
  const products = usePacked(loaderData.products);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [laterIn, setLaterIn] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  const head = useMemo(() => products.slice(0, CARDS_IN_DOCUMENT), [products]);
  const tail = useMemo(() => (products.length > CARDS_IN_DOCUMENT ? products.slice(CARDS_IN_DOCUMENT) : null), [products]);
  const carried = useMemo(() => head.map((p) => p.id).join(" "), [head]);
  useClickKeptWhileWaiting(grid, loaderData.more > 0 && !laterIn, head.length);
  const { t, money, digits } = useI18n();
  const go = (next: Partial<CatalogueState>) => navigate(catalogueUrl({ ...state, ...next, page: 1 }), { preventScrollReset: true });
  const heading = headingFor(state, facets, t);
  const category = facets.categories.find((c) => c.id === state.category || c.slug === state.category);
  const chips: { label: string; to: string }[] = [];
  if (state.q) chips.push({ label: t("catalogue.searchTitle", { q: state.q }), to: catalogueUrl({ ...state, q: "", page: 1 }) });
  if (state.category) chips.push({ label: category?.name ?? state.category, to: catalogueUrl({ ...state, category: "", page: 1 }) });
  for (const b of state.brands) chips.push({ label: b, to: catalogueUrl({ ...state, brands: state.brands.filter((x) => x !== b), page: 1 }) });
  if (state.minPrice !== undefined || state.maxPrice !== undefined) {
    const lo = money(rupeesToPaisa(state.minPrice ?? 0));
    const hi = state.maxPrice !== undefined ? money(rupeesToPaisa(state.maxPrice)) : `${money(rupeesToPaisa(PRICE_SLIDER.max))}+`;
    chips.push({ label: `${lo} – ${hi}`, to: catalogueUrl({ ...state, minPrice: undefined, maxPrice: undefined, page: 1 }) });
  }
  const first = pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1;
  const shown = products.length + loaderData.more;
  const laterSrc = useHref("/catalogue-cards") + location.search;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <header className="mb-5">
        <Breadcrumb trail={[{ to: "/", label: t("footer.home") }]} current={t("nav.products")} />
        <h1 className="text-2xl font-bold md:text-3xl">
          {state.q ? t("catalogue.results", { count: pagination.total, n: digits(pagination.total), q: state.q }) : heading}
        </h1>
      </header>

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <div>
          <button type="button" className="mb-3 min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 font-semibold lg:hidden" aria-expanded={filtersOpen} aria-controls="catalogue-filters" onClick={() => setFiltersOpen((o) => !o)}>
            {filtersOpen ? t("catalogue.hideFilters") : t("catalogue.showFilters")}
          </button>
          <div id="catalogue-filters" className={`${filtersOpen ? "block" : "hidden"} lg:block`}>
            {/* Keyed by the URL: inputs answer a click at once, then reset to what the new page says. */}
            <Sidebar key={location.search} state={state} facets={facets} onNavigate={go} />
          </div>
        </div>

        <section aria-labelledby="results-heading" aria-busy={navigation.state === "loading"}>
          <h2 id="results-heading" className="sr-only">
            {t("catalogue.resultsHeading")}
          </h2>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" role="status">
              {t("catalogue.showing", { count: pagination.total, shown: digits(shown), n: digits(pagination.total) })}
              {shown > 0 && pagination.totalPages > 1 ? (
                <span className="text-slate-500">
                  {" "}
                  ({digits(first)}–{digits(first + shown - 1)})
                </span>
              ) : null}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="sort" className="text-sm font-semibold text-slate-700">
                {t("catalogue.sortBy")}
              </label>
              <select
                id="sort"
                value={state.sort ?? ""}
                onChange={(e) => go({ sort: (e.target.value || undefined) as CatalogueState["sort"] })}
                className="h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              >
                {state.q ? <option value="">{t("catalogue.sort.bestMatch")}</option> : <option value="">{t("catalogue.sort.newest")}</option>}
                {SORT_OPTIONS.filter((o) => state.q || o.value !== "newest").map((o) => (
                  <option key={o.value} value={o.value}>
                    {t(o.text)}
                  </option>
                ))}
              </select>
              <div className="flex overflow-hidden rounded-lg border border-slate-300 bg-white" role="group" aria-label={t("catalogue.view")}>
                {(["grid", "list"] as const).map((v) => (
                  <Link
                    key={v}
                    to={catalogueUrl({ ...state, view: v })}
                    aria-current={state.view === v ? "true" : undefined}
                    aria-label={v === "grid" ? t("catalogue.gridView") : t("catalogue.listView")}
                    preventScrollReset
                    className={`flex h-11 w-11 items-center justify-center ${state.view === v ? "bg-nepal text-white" : "text-slate-700 hover:bg-slate-100"}`}
                  >
                    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      {v === "grid" ? <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
                    </svg>
                  </Link>
                ))}
              </div>
            </div>
          </div>

          {chips.length ? (
            <ul className="mb-4 flex flex-wrap gap-2" aria-label={t("catalogue.activeFilters")}>
              {chips.map((c) => (
                <Chip key={c.label} {...c} />
              ))}
            </ul>
          ) : null}

          {shown === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <h2 className="text-xl font-bold">{t("catalogue.noneFound")}</h2>
              {didYouMean ? (
                <p className="mt-2 text-lg text-slate-800">
                  {t("catalogue.didYouMean")}{" "}
                  <Link to={catalogueUrl({ ...state, q: didYouMean, page: 1 })} className="font-semibold text-nepal underline hover:text-nepal-dark">
                    {didYouMean}
                  </Link>
                  ?
                </p>
              ) : null}
              <p className="mt-2 text-slate-600">{hasFilters(state) ? t("catalogue.noMatch") : t("catalogue.noneYet")}</p>
              <Link to="/products" className="mt-6 inline-block rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
                {t("catalogue.clearFilters")}
              </Link>
            </div>
          ) : (
            <div className={state.view === "list" ? "flex flex-col gap-3" : "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3"} ref={grid} data-later-cards={loaderData.more > 0 && !laterIn ? "" : undefined}>
              {head.map((p, i) => (
                <ProductCard key={p.id} product={p} view={state.view} priority={i < 2} offscreen={i >= 6} />
              ))}
              {tail || loaderData.more > 0 ? <LaterCards cards={tail} src={laterSrc} carried={carried} held={loaderData.more} view={state.view} onIn={setLaterIn} /> : null}
            </div>
          )}
          <Pagination state={state} page={pagination.page} totalPages={pagination.totalPages} />
        </section>
      </div>
    </div>
  );
}

/** The catalogue's data failed to load (a server answer or the network on a client-side navigation). */
export function ErrorBoundary() {
  const { t, locale } = useI18n();
  return <RouteLoadError title={t("catalogue.loadError")} toastText={localizeMessage(MSG.failedProducts, locale)} />;
}

import { useEffect, useRef, useState } from "react";
import { localCategory, localPost, requestLocale } from "../lib/local-text";
import { pageMeta } from "../lib/seo";
import { Form, Link, useNavigation, useRevalidator, useSubmit } from "react-router";
import { urlText } from "@khelkud/contracts";
import type { Route } from "./+types/blogs";
import { BlogCard, BlogCardSkeleton } from "../components/blog-card";
import { LoadError } from "../components/load-error";
import { metaT, useI18n } from "../lib/i18n";
import { READ_FIRST } from "../lib/page-handle";

const LIST_LIMIT = 100;

/** Read first: scripts after the first paint (docs/decisions/072). */
export const handle = READ_FIRST;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = urlText(url.searchParams.get("q"), 200);
  const category = urlText(url.searchParams.get("category"), 200);
  const [list, total, categories] = await Promise.all([
    context.services.blog.listPublished({ q: q || undefined, category: category || undefined, limit: LIST_LIMIT }),
    context.services.blog.countAllPublished(),
    context.services.catalog.listCategories("BLOG"),
  ]);
  const locale = requestLocale(request);
  return { posts: list.blogs.map((b) => localPost(b, locale)), total, q, category, categories: categories.map((c) => ({ name: localCategory(c, locale).name, slug: c.slug })), publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [...pageMeta(matches, data?.publicUrl, "/blogs", t("blog.title"), t("blog.description")), { property: "og:type", content: "website" }];
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, total, q, category, categories } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState(q);
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blogs";
  const filtered = q !== "" || category !== "";
  const { t, digits } = useI18n();

  const submitForm = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  // Keep the box in step when the URL changes by other means (Clear Filters, back button), but keep what someone
  // typed before the page hydrated (slow connections) and search for it.
  useEffect(() => {
    const typedBeforeHydration = !hydrated.current && inputRef.current !== null && inputRef.current.value !== q;
    hydrated.current = true;
    if (typedBeforeHydration) {
      setText(inputRef.current!.value);
      submitForm(0);
      return;
    }
    setText(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- submitForm only reads refs and the router's stable submit
  }, [q]);

  return (
    <>
      <section className="bg-gradient-to-br from-nepal via-nepal-dark to-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
          <p className="text-sm font-bold uppercase tracking-widest text-red-200">{t("blog.kicker")}</p>
          <h1 className="mt-2 text-4xl font-bold md:text-5xl">{t("blog.heading")}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-200">{t("blog.lead")}</p>
          <Form ref={formRef} method="get" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row" onSubmit={() => clearTimeout(timer.current)}>
            <label className="relative flex-1">
              <span className="sr-only">{t("blog.searchLabel")}</span>
              <input
                ref={inputRef}
                type="search"
                name="q"
                value={text}
                maxLength={200}
                onChange={(e) => {
                  setText(e.target.value);
                  submitForm(350);
                }}
                placeholder={t("blog.searchPlaceholder")}
                className="h-12 w-full rounded-lg border-0 bg-white px-4 text-slate-900 placeholder:text-slate-500"
              />
            </label>
            <label>
              <span className="sr-only">{t("blog.category")}</span>
              <select
                name="category"
                defaultValue={category}
                key={category}
                onChange={() => submitForm(0)}
                className="h-12 w-full rounded-lg border-0 bg-white px-4 text-slate-900 sm:w-52"
              >
                <option value="">{t("blog.allCategories")}</option>
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="h-12 rounded-lg bg-crimson px-5 font-bold hover:bg-crimson-dark">
              {t("blog.search")}
            </button>
          </Form>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-8" aria-busy={loading}>
        <p className="mb-5 text-sm text-slate-600" aria-live="polite">
          {loading ? t("blog.loading") : t("blog.showing", { count: total, shown: digits(posts.length), n: digits(total) })}
        </p>
        {loading ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: Math.min(Math.max(posts.length, 3), 6) }, (_, i) => (
              <BlogCardSkeleton key={i} />
            ))}
          </div>
        ) : posts.length === 0 ? (
          <div className="mx-auto max-w-md rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <h2 className="text-xl font-bold">{t("blog.none")}</h2>
            <p className="mt-2 text-slate-600">{filtered ? t("blog.noMatch") : t("blog.noneYet")}</p>
            {filtered ? (
              <Link to="/blogs" replace className="mt-6 inline-block rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
                {t("blog.clearFilters")}
              </Link>
            ) : null}
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((p) => (
              <li key={p.id}>
                <BlogCard post={p} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** No invented sample posts (docs/product-rules.md §1): say it failed and offer to try again. */
export function ErrorBoundary() {
  const revalidator = useRevalidator();
  const { t } = useI18n();
  return <LoadError title={t("blog.loadError")} onRetry={() => revalidator.revalidate()} busy={revalidator.state === "loading"} />;
}

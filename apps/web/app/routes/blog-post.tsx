import { isRouteErrorResponse, Link, redirect, useRevalidator } from "react-router";
import { localPost, requestLocale } from "../lib/local-text";
import { imageVariantUrl } from "@khelkud/contracts";
import type { Route } from "./+types/blog-post";
import { Breadcrumb } from "../components/breadcrumb";
import { BlogCard } from "../components/blog-card";
import { LoadError } from "../components/load-error";
import { MissingItem } from "../components/status-screens";
import { ProductImage } from "../components/product-image";
import { SanitizedHtml } from "../components/rich-text";
import { orNotFound } from "../lib/errors";
import { metaT, useI18n } from "../lib/i18n";
import { canonicalLinks, canonicalUrl, pageTitle, preloadImage, SHOP_NAME } from "../lib/seo";
import { READ_FIRST } from "../lib/page-handle";

/** Read first: scripts after the first paint (docs/decisions/072). */
export const handle = READ_FIRST;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // An earlier slug of a published post: permanent redirect to its current address (drafts stay 404).
  const { post, movedTo } = await orNotFound(context.services.blog.resolveSlug(params.slug));
  if (movedTo !== undefined) throw redirect(`/blogs/${encodeURIComponent(movedTo)}`, 308);
  const locale = requestLocale(request);
  const related = (await context.services.blog.related(post)).map((r) => localPost(r, locale));
  return { post: localPost(post, locale), related, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: pageTitle(metaT(matches)("blog.notFound")) }, { name: "robots", content: "noindex" }];
  const { post, publicUrl } = data;
  const path = `/blogs/${post.slug}`;
  const url = canonicalUrl(publicUrl, matches, path);
  const description = post.metaDescription ?? post.excerpt;
  const image = post.featuredImage ? `${publicUrl}${imageVariantUrl(post.featuredImage.url, 1280, "jpeg")}` : undefined;
  return [
    ...(post.featuredImage ? [preloadImage(post.featuredImage.url, "(min-width: 896px) 832px, 100vw")] : []),
    { title: pageTitle(post.metaTitle ?? post.title) },
    { name: "description", content: description },
    ...canonicalLinks(publicUrl, matches, path),
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SHOP_NAME },
    ...(image ? [{ property: "og:image", content: image }, { property: "og:image:width", content: "1280" }, { property: "og:image:alt", content: post.title }] : []),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...(post.category ? [{ property: "article:section", content: post.category.name }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        description,
        ...(image ? { image: [image] } : {}),
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: { "@type": "Person", name: post.author.name },
        publisher: { "@type": "Organization", name: SHOP_NAME, url: publicUrl },
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        ...(post.category ? { articleSection: post.category.name } : {}),
        ...(post.keywords.length ? { keywords: post.keywords.join(", ") } : {}),
      },
    },
  ];
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  const { t, day } = useI18n();
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-8">
        <Breadcrumb trail={[{ to: "/", label: t("footer.home") }, { to: "/blogs", label: t("blog.title") }]} current={post.title} clampCurrent />
        <header>
          {post.category ? (
            // The pill stays small; the link around it is a whole tap target tall.
            <Link to={`/blogs?category=${post.category.slug}`} className="group inline-flex min-h-11 items-center">
              <span className="rounded-full bg-nepal/10 px-3 py-1 text-xs font-bold uppercase tracking-wide text-nepal group-hover:bg-nepal/20">{post.category.name}</span>
            </Link>
          ) : null}
          <h1 className="mt-3 text-3xl font-bold leading-tight md:text-4xl">{post.title}</h1>
          <p className="mt-3 text-slate-600">
            {t("blog.by")} <span className="font-semibold text-slate-900">{post.author.name}</span> · <time dateTime={post.publishedAt}>{day(post.publishedAt)}</time>
          </p>
        </header>
        {post.featuredImage ? (
          <div className="mt-6 aspect-[1200/630] overflow-hidden rounded-2xl bg-slate-200">
            <ProductImage
              url={post.featuredImage.url}
              alt={post.featuredImage.alt}
              width={post.featuredImage.width}
              height={post.featuredImage.height}
              sizes="(min-width: 896px) 832px, 100vw"
              priority
              className="h-full w-full object-cover"
            />
          </div>
        ) : null}
        <SanitizedHtml html={post.content} className="mt-8" />
        <footer className="mt-10 border-t border-slate-200 pt-6">
          <Link to="/blogs" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
            {t("blog.backToAll")}
          </Link>
        </footer>
      </article>
      {related.length ? (
        <section aria-labelledby="related" className="mx-auto mt-4 max-w-7xl px-4">
          <h2 id="related" className="mb-5 text-2xl font-bold">
            {t("blog.related")}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((p) => (
              <li key={p.id}>
                <BlogCard post={p} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MissingItem title={t("blog.notFound")} text={t("blog.notFoundText")} back="/blogs" backLabel={t("blog.backToBlog")} />;
  }
  return <LoadError title={t("blog.postError")} onRetry={() => revalidator.revalidate()} busy={revalidator.state === "loading"} />;
}

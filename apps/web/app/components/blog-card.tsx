import { Link } from "react-router";
import type { BlogPostSummary } from "@khelkud/contracts";
import { useI18n } from "../lib/i18n";
import { ProductImage } from "./product-image";
import { CardSkeleton } from "./card-skeleton";

/** One post in a grid; put it in an <li> of a list (the product cards own the <article> role on shared pages). */
export function BlogCard({ post, headingLevel = 2 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blogs/${post.slug}`;
  const { t, day } = useI18n();
  return (
    <div className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to={href} prefetch="intent" className="relative block aspect-[1200/630] overflow-hidden bg-slate-200" tabIndex={-1} aria-hidden="true">
        {post.featuredImage ? (
          <ProductImage
            url={post.featuredImage.url}
            alt=""
            width={post.featuredImage.width}
            height={post.featuredImage.height}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            maxWidth={960}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col p-4">
        {post.category ? (
          <span className="self-start rounded-full bg-nepal/10 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-nepal">{post.category.name}</span>
        ) : null}
        <Heading className="mt-2 line-clamp-2 text-lg font-bold leading-snug">
          <Link to={href} prefetch="intent" className="inline-block min-h-11 hover:text-nepal">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-600">
          <span>
            {t("blog.by")} <span className="font-semibold text-slate-800">{post.author.name}</span> · <time dateTime={post.publishedAt}>{day(post.publishedAt)}</time>
          </span>
          <Link to={href} className="inline-flex min-h-11 shrink-0 items-center font-bold text-crimson hover:underline" aria-label={t("blog.readMoreLabel", { title: post.title })}>
            {t("blog.readMore")}
          </Link>
        </div>
      </div>
    </div>
  );
}

const BLOG_BARS = [
  "h-5 w-24 rounded-full bg-slate-200",
  "mt-3 h-5 w-11/12 rounded bg-slate-200",
  "mt-2 h-5 w-2/3 rounded bg-slate-200",
  "mt-3 h-4 w-full rounded bg-slate-100",
  "mt-1.5 h-4 w-full rounded bg-slate-100",
  "mt-1.5 h-4 w-1/2 rounded bg-slate-100",
  "mt-5 h-4 w-1/2 rounded bg-slate-100",
];

/** Same box as a card, so nothing moves when the real cards arrive. */
export function BlogCardSkeleton() {
  return <CardSkeleton media="aspect-[1200/630]" body="flex flex-1 flex-col p-4" bars={BLOG_BARS} />;
}

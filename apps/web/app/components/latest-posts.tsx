import { Link, useRevalidator } from "react-router";
import type { BlogPostSummary } from "@khelkud/contracts";
import { BlogCard } from "./blog-card";
import { LoadError } from "./load-error";
import { useI18n } from "../lib/i18n";

/** Home page: the latest three published posts, or Try Again when they could not be loaded (never sample posts). */
export function LatestPosts({ posts }: { posts: BlogPostSummary[] | null }) {
  const revalidator = useRevalidator();
  const { t } = useI18n();
  if (posts && posts.length === 0) return null;
  return (
    <section aria-labelledby="latest-posts" className="below-fold-[88rem] sm:below-fold-[59rem] lg:below-fold-[32rem] mx-auto mt-16 max-w-7xl px-4">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <h2 id="latest-posts" className="text-2xl font-bold md:text-3xl">
          {t("blog.latest")}
        </h2>
        <Link to="/blogs" className="inline-flex min-h-11 items-center font-semibold text-nepal hover:underline">
          {t("blog.viewAll")}
        </Link>
      </div>
      {posts ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p) => (
            <li key={p.id}>
              <BlogCard post={p} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <LoadError compact title={t("blog.latestError")} onRetry={() => revalidator.revalidate()} busy={revalidator.state === "loading"} />
      )}
    </section>
  );
}

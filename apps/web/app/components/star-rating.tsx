import { useI18n } from "../lib/i18n";

/**
 * The one star drawing of the shop: five stars filled to the floor of the rating (docs/product-rules.md §11), so a 4.6 shows four
 * stars everywhere (header, reviews tab, each review, wishlist). The number is always given as text too.
 */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t, digits } = useI18n();
  const filled = Math.floor(rating);
  return (
    <span className="inline-flex" role="img" aria-label={t("rating.rated", { rating: digits(rating) })} data-filled-stars={filled}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" className={i < filled ? "fill-amber-400" : "fill-slate-300"}>
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

/** Stars, the rating and the review count, for products that have reviews (no invented ratings). */
export function StarRating({ rating, reviewCount, size = 16 }: { rating: number; reviewCount: number; size?: number }) {
  const { t, digits } = useI18n();
  return (
    <span className="inline-flex items-center gap-1">
      <Stars rating={rating} size={size} />
      <span className="text-sm text-slate-600">
        {digits(rating.toFixed(1))}
        <span className="sr-only"> {t("rating.outOf5")}</span> ({t("rating.reviews", { count: reviewCount, n: digits(reviewCount) })})
      </span>
    </span>
  );
}

export function RatingOrNone({ rating, reviewCount, size }: { rating: number | null; reviewCount: number; size?: number }) {
  const { t } = useI18n();
  if (reviewCount > 0 && rating != null) return <StarRating rating={rating} reviewCount={reviewCount} size={size} />;
  return <span className="text-sm text-slate-500">{t("rating.none")}</span>;
}

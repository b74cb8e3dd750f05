/** Five stars filled to the floor of the rating (docs/product-rules.md §11). Only shown for products that have reviews (docs/product-rules.md §1). */
export function StarRating({ rating, reviewCount, size = 16 }: { rating: number; reviewCount: number; size?: number }) {
  const filled = Math.floor(rating);
  return (
    <span className="inline-flex items-center gap-1">
      <span className="inline-flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <svg key={i} width={size} height={size} viewBox="0 0 20 20" fill={i < filled ? "#f59e0b" : "#cbd5e1"}>
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
          </svg>
        ))}
      </span>
      <span className="text-sm text-slate-600">
        <span className="sr-only">Rated </span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span> ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </span>
  );
}

export function RatingOrNone({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (reviewCount > 0 && rating != null) return <StarRating rating={rating} reviewCount={reviewCount} />;
  return <span className="text-sm text-slate-500">No reviews yet</span>;
}

import type { Product } from "@khelkud/contracts";
import { RatingOrNone } from "./star-rating";

/** The Reviews tab. Minimal here; the content branch owns the full version (list, form). */
export function ProductReviews({ product }: { product: Product }) {
  if (product.reviewCount === 0) return <p className="text-slate-600">No reviews yet</p>;
  return <RatingOrNone rating={product.rating} reviewCount={product.reviewCount} />;
}

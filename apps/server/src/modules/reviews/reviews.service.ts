import { CONTENT_MSG, MSG, ReviewInputSchema, type MyReview, type Review, type ReviewInput, type ReviewList } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import * as repo from "./reviews.repository.js";

/** "Sita Sharma" → "Sita S.": enough to be a person, not enough to find their account. */
export function displayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Customer";
  if (parts.length === 1) return parts[0]!;
  return `${parts[0]} ${parts[parts.length - 1]![0]!.toUpperCase()}.`;
}

function toDto(r: repo.ReviewRecord): Review {
  return {
    id: r.id,
    productId: r.productId,
    rating: r.rating,
    comment: r.comment,
    reviewer: { name: displayName(r.reviewerName) },
    verifiedBuyer: Boolean(r.verifiedBuyer),
    hidden: r.hidden,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

interface Actor {
  id: string;
}

/**
 * Reviews (docs/product-rules.md §12): a customer with a delivered order of a product (still so when they sent it back,
 * docs/decisions/185) rates it once; the product's rating and count follow the visible reviews, recomputed in the same
 * transaction as every change.
 */
export function createReviewsService(db: Db) {
  async function one(id: string): Promise<Review> {
    const [row] = await repo.findReviews(db, { id });
    if (!row) throw notFound(CONTENT_MSG.reviewNotFound);
    return toDto(row);
  }

  async function listForProduct(productId: string): Promise<ReviewList> {
    const product = await repo.findProductSummary(db, productId);
    if (!product || product.status !== "ACTIVE") throw notFound(MSG.productNotFound);
    const rows = await repo.findReviews(db, { productId, visibleOnly: true });
    return {
      reviews: rows.map(toDto),
      rating: product.reviewCount > 0 && product.ratingAverage != null ? Math.round(product.ratingAverage * 10) / 10 : null,
      reviewCount: product.reviewCount,
    };
  }

  async function mine(user: Actor, productId: string): Promise<MyReview> {
    const [[row], eligible] = await Promise.all([repo.findReviews(db, { productId, userId: user.id }), repo.hasReceivedOrderWith(db, user.id, productId)]);
    return { canReview: eligible && !row, review: row ? toDto(row) : null };
  }

  async function create(user: Actor, productId: string, input: ReviewInput): Promise<Review> {
    const { rating, comment } = ReviewInputSchema.parse(input);
    const id = await db.transaction(async (tx) => {
      const product = await repo.lockActiveProduct(tx, productId);
      if (!product || product.status !== "ACTIVE") throw notFound(MSG.productNotFound);
      if (!(await repo.hasReceivedOrderWith(tx, user.id, productId))) throw forbidden(CONTENT_MSG.reviewNotEligible);
      const created = await repo.insertReview(tx, { productId, userId: user.id, rating, comment });
      if (!created) throw conflict(CONTENT_MSG.reviewDuplicate);
      await repo.recomputeAggregates(tx, productId);
      return created;
    });
    return one(id);
  }

  /** Loads a review for a change by its author, inside the transaction, with the product locked. */
  async function ownedForChange(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], user: Actor, reviewId: string) {
    const existing = await repo.findReviewOwner(tx, reviewId);
    if (!existing) throw notFound(CONTENT_MSG.reviewNotFound);
    if (existing.userId !== user.id) throw forbidden(CONTENT_MSG.reviewNotYours);
    await repo.lockActiveProduct(tx, existing.productId);
    return existing;
  }

  async function update(user: Actor, reviewId: string, input: ReviewInput): Promise<Review> {
    const { rating, comment } = ReviewInputSchema.parse(input);
    await db.transaction(async (tx) => {
      const existing = await ownedForChange(tx, user, reviewId);
      await repo.updateReview(tx, reviewId, { rating, comment });
      await repo.recomputeAggregates(tx, existing.productId);
    });
    return one(reviewId);
  }

  async function remove(user: Actor, reviewId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const existing = await ownedForChange(tx, user, reviewId);
      await repo.deleteReview(tx, reviewId);
      await repo.recomputeAggregates(tx, existing.productId);
    });
  }

  /** Administrators hide (or show again) a review; hidden reviews leave the product's rating. */
  async function setVisibility(reviewId: string, hidden: boolean): Promise<Review> {
    await db.transaction(async (tx) => {
      const existing = await repo.findReviewOwner(tx, reviewId);
      if (!existing) throw notFound(CONTENT_MSG.reviewNotFound);
      await repo.lockActiveProduct(tx, existing.productId);
      await repo.updateReview(tx, reviewId, { hidden });
      await repo.recomputeAggregates(tx, existing.productId);
    });
    return one(reviewId);
  }

  return { listForProduct, mine, create, update, remove, setVisibility };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;

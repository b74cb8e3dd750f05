import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiFailureSchema, envelope, IdParamSchema, MyReviewSchema, ReviewInputSchema, ReviewListSchema, ReviewSchema, ReviewVisibilityInputSchema } from "@khelkud/contracts";
import type { ReviewsService } from "./reviews.service.js";

const errors = { 400: ApiFailureSchema, 401: ApiFailureSchema, 403: ApiFailureSchema, 404: ApiFailureSchema, 409: ApiFailureSchema };
const OneReview = envelope(z.object({ review: ReviewSchema }));

export function reviewsRoutes(reviews: ReviewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/products/:id/reviews",
      { schema: { tags: ["reviews"], summary: "Visible reviews of a product", params: IdParamSchema, response: { 200: envelope(ReviewListSchema), ...errors } } },
      async (req) => ({ success: true as const, data: await reviews.listForProduct(req.params.id) }),
    );
    app.get(
      "/products/:id/reviews/mine",
      {
        onRequest: app.requireUser,
        schema: { tags: ["reviews"], summary: "May the signed-in customer review this product; their review if any", params: IdParamSchema, response: { 200: envelope(MyReviewSchema), ...errors } },
      },
      async (req) => ({ success: true as const, data: await reviews.mine(req.user!, req.params.id) }),
    );
    app.post(
      "/products/:id/reviews",
      {
        onRequest: app.requireUser,
        schema: { tags: ["reviews"], summary: "Review a delivered product (once)", params: IdParamSchema, body: ReviewInputSchema, response: { 201: OneReview, ...errors } },
      },
      async (req, reply) => reply.status(201).send({ success: true as const, data: { review: await reviews.create(req.user!, req.params.id, req.body) } }),
    );
    app.put(
      "/reviews/:id",
      { onRequest: app.requireUser, schema: { tags: ["reviews"], summary: "Edit your review", params: IdParamSchema, body: ReviewInputSchema, response: { 200: OneReview, ...errors } } },
      async (req) => ({ success: true as const, data: { review: await reviews.update(req.user!, req.params.id, req.body) } }),
    );
    app.delete(
      "/reviews/:id",
      { onRequest: app.requireUser, schema: { tags: ["reviews"], summary: "Delete your review", params: IdParamSchema, response: { 200: envelope(z.object({ deleted: z.literal(true) })), ...errors } } },
      async (req) => {
        await reviews.remove(req.user!, req.params.id);
        return { success: true as const, data: { deleted: true as const } };
      },
    );
    app.put(
      "/reviews/:id/visibility",
      {
        onRequest: app.requireAdmin,
        schema: { tags: ["reviews"], summary: "Hide or show a review (administrators)", params: IdParamSchema, body: ReviewVisibilityInputSchema, response: { 200: OneReview, ...errors } },
      },
      async (req) => ({ success: true as const, data: { review: await reviews.setVisibility(req.params.id, req.body.hidden) } }),
    );
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiFailureSchema, envelope, WishlistAddSchema, WishlistEntrySchema, WishlistMergeSchema } from "@khelkud/contracts";
import type { WishlistService } from "./wishlist.service.js";

const errors = { 400: ApiFailureSchema, 401: ApiFailureSchema, 404: ApiFailureSchema, 409: ApiFailureSchema };
const listResponse = envelope(z.object({ items: z.array(WishlistEntrySchema) }));

export function wishlistRoutes(wishlist: WishlistService): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a signed-out caller hears 401 before any body validation.
    const auth = { onRequest: app.requireUser };
    app.get("/wishlist", { ...auth, schema: { tags: ["wishlist"], summary: "The signed-in customer's wishlist", response: { 200: listResponse, ...errors } } }, async (req) => ({
      success: true as const,
      data: { items: await wishlist.list(req.user!.id) },
    }));
    app.post("/wishlist", { ...auth, schema: { tags: ["wishlist"], summary: "Add a product", body: WishlistAddSchema, response: { 201: listResponse, ...errors } } }, async (req, reply) => {
      const items = await wishlist.add(req.user!.id, req.body.productId);
      return reply.status(201).send({ success: true as const, data: { items } });
    });
    app.post("/wishlist/merge", { ...auth, schema: { tags: ["wishlist"], summary: "Merge the ids kept in the browser before sign-in", body: WishlistMergeSchema, response: { 200: listResponse, ...errors } } }, async (req) => ({
      success: true as const,
      data: { items: await wishlist.merge(req.user!.id, req.body.productIds) },
    }));
    app.delete(
      "/wishlist/:productId",
      { ...auth, schema: { tags: ["wishlist"], summary: "Remove a product", params: z.object({ productId: z.string().min(1).max(100) }), response: { 200: listResponse, ...errors } } },
      async (req) => ({ success: true as const, data: { items: await wishlist.remove(req.user!.id, req.params.productId) } }),
    );
    app.delete("/wishlist", { ...auth, schema: { tags: ["wishlist"], summary: "Clear the wishlist", response: { 200: listResponse, ...errors } } }, async (req) => {
      await wishlist.clear(req.user!.id);
      return { success: true as const, data: { items: [] } };
    });
  };
}

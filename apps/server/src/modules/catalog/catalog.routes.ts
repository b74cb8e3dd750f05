import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ApiFailureSchema,
  CategorySchema,
  envelope,
  IdParamSchema,
  ListCategoriesQuerySchema,
  ListProductsQuerySchema,
  ProductSchema,
  ProductSuggestionSchema,
  ProductSummaryListSchema,
  SearchProductsQuerySchema,
  SlugParamSchema,
  SuggestProductsQuerySchema,
} from "@khelkud/contracts";
import type { CatalogService } from "./catalog.service.js";

const errors = { 400: ApiFailureSchema, 404: ApiFailureSchema };

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/products",
      {
        schema: {
          tags: ["catalog"],
          summary: "List active products",
          description: "What a list shows of each product (prices, stock, rating, category, the main picture); `GET /api/products/{id}` has its sizes, pictures and texts.",
          querystring: ListProductsQuerySchema,
          response: { 200: envelope(ProductSummaryListSchema), ...errors },
        },
      },
      async (req, reply) => {
        // The busiest public call: the serialised answer itself is reused for the cache's lifetime.
        const remember = req.query.q ? catalog.rememberSearch : catalog.remember;
        const body = await remember(`GET ${req.url}`, async () => JSON.stringify({ success: true, data: await catalog.listProductSummaries(req.query) }));
        // Already serialised: Fastify sends a string with a set content type as it is.
        return reply.type("application/json; charset=utf-8").send(body as never);
      },
    );
    app.get(
      "/products/search",
      {
        schema: {
          tags: ["catalog"],
          summary: "Search products (typo-tolerant, ranked)",
          description:
            "Matches name, description, brand, team and category; near spellings count. Blank text finds nothing. Each product as a list shows it (as `GET /api/products`); `GET /api/products/{id}` has its sizes, pictures and texts.",
          querystring: SearchProductsQuerySchema,
          response: { 200: envelope(ProductSummaryListSchema), ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await catalog.searchProducts(req.query) }),
    );
    app.get(
      "/products/suggestions",
      {
        schema: {
          tags: ["catalog"],
          summary: "Search-box suggestions (at most 10, default 5)",
          querystring: SuggestProductsQuerySchema,
          response: { 200: envelope(z.object({ suggestions: z.array(ProductSuggestionSchema) })), ...errors },
        },
      },
      async (req, reply) => {
        reply.header("Cache-Control", "public, max-age=60");
        return { success: true as const, data: { suggestions: await catalog.suggestProducts(req.query.q, req.query.limit) } };
      },
    );
    app.get(
      "/products/:id/related",
      { schema: { tags: ["catalog"], summary: "You May Also Like: up to 6 from the same category, topped up from featured", params: IdParamSchema, response: { 200: envelope(z.object({ products: z.array(ProductSchema) })), ...errors } } },
      async (req) => ({ success: true as const, data: { products: await catalog.listRelatedProducts(req.params.id) } }),
    );
    app.get(
      "/products/slug/:slug",
      { schema: { tags: ["catalog"], summary: "One product by slug", params: SlugParamSchema, response: { 200: envelope(z.object({ product: ProductSchema })), ...errors } } },
      async (req) => ({ success: true as const, data: { product: await catalog.getProductBySlug(req.params.slug) } }),
    );
    app.get(
      "/products/:id",
      { schema: { tags: ["catalog"], summary: "One product by id", params: IdParamSchema, response: { 200: envelope(z.object({ product: ProductSchema })), ...errors } } },
      async (req) => ({ success: true as const, data: { product: await catalog.getProduct(req.params.id) } }),
    );
    app.get(
      "/categories",
      { schema: { tags: ["catalog"], summary: "Active categories", querystring: ListCategoriesQuerySchema, response: { 200: envelope(z.object({ categories: z.array(CategorySchema) })), ...errors } } },
      async (req) => ({ success: true as const, data: { categories: await catalog.listCategories(req.query.type) } }),
    );
  };
}

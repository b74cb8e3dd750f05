import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiFailureSchema, BlogListSchema, BlogPostSchema, BlogPostSummarySchema, envelope, ListBlogsQuerySchema, SlugParamSchema } from "@khelkud/contracts";
import type { BlogService } from "./blog.service.js";

const errors = { 400: ApiFailureSchema, 404: ApiFailureSchema };

export function blogRoutes(blog: BlogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/blogs",
      {
        schema: {
          tags: ["blog"],
          summary: "Published blog posts (search, category, related by categoryId + exclude + limit)",
          querystring: ListBlogsQuerySchema,
          response: { 200: envelope(BlogListSchema), ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await blog.listPublished(req.query) }),
    );
    app.get(
      "/blogs/slug/:slug",
      {
        schema: {
          tags: ["blog"],
          summary: "One published post by slug, with up to 3 related posts; an earlier slug of a published post answers 308 to its current address",
          params: SlugParamSchema,
          response: { 200: envelope(z.object({ blog: BlogPostSchema, related: z.array(BlogPostSummarySchema) })), ...errors },
        },
      },
      async (req, reply) => {
        const { post, movedTo } = await blog.resolveSlug(req.params.slug);
        if (movedTo !== undefined) return reply.redirect(`/api/blogs/slug/${encodeURIComponent(movedTo)}`, 308);
        return { success: true as const, data: { blog: post, related: await blog.related(post) } };
      },
    );
  };
}

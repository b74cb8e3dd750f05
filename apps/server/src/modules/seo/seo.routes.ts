import type { FastifyPluginAsync } from "fastify";
import type { SeoService } from "./seo.service.js";

/** Served at the site root (not under /api), before the web app's catch-all. */
export function seoRoutes(seo: SeoService): FastifyPluginAsync {
  return async (app) => {
    app.get("/sitemap.xml", { schema: { hide: true } }, async (_req, reply) =>
      reply.header("Content-Type", "application/xml; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(await seo.sitemapXml()),
    );
    app.get("/robots.txt", { schema: { hide: true } }, async (_req, reply) =>
      reply.header("Content-Type", "text/plain; charset=utf-8").header("Cache-Control", "public, max-age=86400").send(seo.robotsTxt()),
    );
  };
}

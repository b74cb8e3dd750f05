import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { SeoService } from "./seo.service.js";

const PRODUCTS_FILE = /^products-([1-9][0-9]{0,5})\.xml$/;

/** Served at the site root (not under /api), before the web app's catch-all. */
export function seoRoutes(seo: SeoService): FastifyPluginAsync {
  return async (app) => {
    const xml = (reply: FastifyReply, body: string) => reply.header("Content-Type", "application/xml; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(body);
    app.get("/sitemap.xml", { schema: { hide: true } }, async (_req, reply) => xml(reply, await seo.sitemapIndexXml()));
    // The index's files (docs/decisions/157); any other name, a number past the last file included, is not found.
    app.get<{ Params: { file: string } }>("/sitemaps/:file", { schema: { hide: true } }, async (req, reply) => {
      const { file } = req.params;
      const n = PRODUCTS_FILE.exec(file)?.[1];
      const body = file === "pages.xml" ? await seo.pagesSitemapXml() : n ? await seo.productsSitemapXml(Number(n)) : null;
      if (body === null) return reply.code(404).header("Content-Type", "text/plain; charset=utf-8").send("Not found");
      return xml(reply, body);
    });
    // Browsers ask for /favicon.ico on pages that name no icon (the printable bill, the payment simulator's pages):
    // the shop's icon is an SVG (decision 139), so they are sent to it instead of a 404 in the console.
    app.get("/favicon.ico", { schema: { hide: true } }, async (_req, reply) => reply.header("Cache-Control", "public, max-age=86400").redirect("/favicon.svg", 301));
    app.get("/robots.txt", { schema: { hide: true } }, async (_req, reply) =>
      reply.header("Content-Type", "text/plain; charset=utf-8").header("Cache-Control", "public, max-age=86400").send(seo.robotsTxt()),
    );
  };
}

import type { Db } from "../../db/client.js";
import * as repo from "./seo.repository.js";
import { LOCALES, pathInLocale } from "@khelkud/contracts";

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/**
 * `/sitemap.xml` (home, catalogue, categories, active products, published blog posts, each in English and under `/ne/`
 * in Nepali, with the other language as an alternate; docs/decisions/105) and `/robots.txt`.
 */
export function createSeoService(db: Db, publicUrl: string) {
  async function sitemapXml(): Promise<string> {
    const { products, categories, posts } = await repo.findSitemapEntries(db);
    const alternates = (path: string) =>
      LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(publicUrl + pathInLocale(path, l))}"/>`).join("");
    const url = (path: string, lastmod?: Date) =>
      LOCALES.map(
        (l) => `  <url><loc>${xmlEscape(publicUrl + pathInLocale(path, l))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}${alternates(path)}</url>`,
      ).join("\n");
    const lines = [
      url("/"),
      url("/products"),
      ...categories.map((c) => url(`/products?category=${encodeURIComponent(c.slug)}`, c.updatedAt)),
      ...products.map((p) => url(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      url("/blogs"),
      ...posts.map((p) => url(`/blogs/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      ...["/about", "/contact"].map((p) => url(p)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join("\n")}\n</urlset>\n`;
  }

  function robotsTxt(): string {
    return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /checkout", "Disallow: /cart", "Disallow: /profile", "Disallow: /ne/checkout", "Disallow: /ne/cart", "Disallow: /ne/profile", "Disallow: /language", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  }

  return { sitemapXml, robotsTxt };
}
export type SeoService = ReturnType<typeof createSeoService>;

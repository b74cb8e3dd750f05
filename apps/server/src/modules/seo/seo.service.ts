import type { Db } from "../../db/client.js";
import * as repo from "./seo.repository.js";

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** `/sitemap.xml` (home, catalogue, categories, active products, published blog posts) and `/robots.txt`. */
export function createSeoService(db: Db, publicUrl: string) {
  async function sitemapXml(): Promise<string> {
    const { products, categories, posts } = await repo.findSitemapEntries(db);
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${xmlEscape(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
    const lines = [
      url("/"),
      url("/products"),
      ...categories.map((c) => url(`/products?category=${encodeURIComponent(c.slug)}`, c.updatedAt)),
      ...products.map((p) => url(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      url("/blogs"),
      ...posts.map((p) => url(`/blogs/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      ...["/about", "/contact"].map((p) => url(p)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</urlset>\n`;
  }

  function robotsTxt(): string {
    return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /checkout", "Disallow: /cart", "Disallow: /profile", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  }

  return { sitemapXml, robotsTxt };
}
export type SeoService = ReturnType<typeof createSeoService>;

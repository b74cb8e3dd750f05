import type { Db } from "../../db/client.js";
import { countActiveProducts } from "../catalog/catalog.service.js";
import * as repo from "./seo.repository.js";
import { LOCALES, pathInLocale } from "@khelkud/contracts";

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/**
 * Products per file of the sitemap (docs/decisions/157). Each is listed in English and in Nepali, so a file holds 2,000
 * addresses, about 560 KB: well inside the protocol's 50,000 addresses and 50 MB per file, and cheap to build.
 */
export const SITEMAP_PRODUCTS_PER_FILE = 1_000;

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;

/**
 * The sitemap (docs/decisions/105, 157) and `/robots.txt`. `/sitemap.xml` is an index of files: the pages (home,
 * catalogue, categories, blog and its published posts, about and contact) and the active products a thousand per file
 * in slug order. Every page is listed in English and under `/ne/` in Nepali, each naming the other as an alternate.
 */
export function createSeoService(db: Db, publicUrl: string, { productsPerFile = SITEMAP_PRODUCTS_PER_FILE } = {}) {
  const alternates = (path: string) => LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(publicUrl + pathInLocale(path, l))}"/>`).join("");
  const url = (path: string, lastmod?: Date) =>
    LOCALES.map(
      (l) => `  <url><loc>${xmlEscape(publicUrl + pathInLocale(path, l))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}${alternates(path)}</url>`,
    ).join("\n");
  const urlset = (lines: string[]) => `${URLSET_OPEN}${lines.join("\n")}\n</urlset>\n`;

  const productFiles = async () => Math.ceil((await countActiveProducts(db)) / productsPerFile);

  /** `/sitemap.xml`: the pages file and one file per thousand active products. */
  async function sitemapIndexXml(): Promise<string> {
    const files = ["/sitemaps/pages.xml", ...Array.from({ length: await productFiles() }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
    const entries = files.map((f) => `  <sitemap><loc>${xmlEscape(publicUrl + f)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  }

  /** `/sitemaps/pages.xml`: every page but the products'. */
  async function pagesSitemapXml(): Promise<string> {
    const { categories, posts } = await repo.findSitemapPages(db);
    return urlset([
      url("/"),
      url("/products"),
      ...categories.map((c) => url(`/products?category=${encodeURIComponent(c.slug)}`, c.updatedAt)),
      url("/blogs"),
      ...posts.map((p) => url(`/blogs/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      ...["/about", "/contact"].map((p) => url(p)),
    ]);
  }

  /** `/sitemaps/products-{n}.xml` (n from 1), or null past the last file. */
  async function productsSitemapXml(n: number): Promise<string | null> {
    if (!Number.isSafeInteger(n) || n < 1 || n > (await productFiles())) return null;
    const rows = await repo.findSitemapProducts(db, (n - 1) * productsPerFile, productsPerFile);
    // Products taken off sale since the count: the last file can come out empty.
    if (rows.length === 0) return null;
    return urlset(rows.map((p) => url(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt)));
  }

  function robotsTxt(): string {
    return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /checkout", "Disallow: /cart", "Disallow: /profile", "Disallow: /ne/checkout", "Disallow: /ne/cart", "Disallow: /ne/profile", "Disallow: /language", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  }

  return { sitemapIndexXml, pagesSitemapXml, productsSitemapXml, robotsTxt };
}
export type SeoService = ReturnType<typeof createSeoService>;

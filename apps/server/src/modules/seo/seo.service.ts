import type { Db } from "../../db/client.js";
import { countActiveProducts } from "../catalog/catalog.service.js";
import * as repo from "./seo.repository.js";
import { LOCALES, pathInLocale } from "@khelkud/contracts";

const XML_ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c]!);

/**
 * Products per file of the sitemap, on average (docs/decisions/157, 166). Each is listed in English and in Nepali, so
 * a file holds about 2,000 addresses, about 560 KB: well inside the protocol's 50,000 addresses and 50 MB per file,
 * and cheap to build.
 */
export const SITEMAP_PRODUCTS_PER_FILE = 1_000;

/** Where the i-th of `shares` equal shares of PostgreSQL's `hashtext` range (the 32-bit signed integers) starts. */
const hashShareStart = (i: number, shares: number) => Math.floor((i * 2 ** 32) / shares) - 2 ** 31;

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;

/**
 * The sitemap (docs/decisions/105, 157, 166) and `/robots.txt`. `/sitemap.xml` is an index of files: the pages
 * (home, catalogue, categories, blog and its published posts, the information pages) and the active products, about a
 * thousand per file, split by a hash of the slug, each file in slug order. Every page is listed in English and under
 * `/ne/` in Nepali, each naming the other as an alternate.
 */
/** The storefront's information pages, each with a canonical address of its own (apps/web/app/routes/info). */
const INFORMATION_PAGES = ["/about", "/contact", "/shipping", "/returns", "/size-guide", "/faq", "/terms", "/privacy"] as const;

export function createSeoService(db: Db, publicUrl: string, { productsPerFile = SITEMAP_PRODUCTS_PER_FILE } = {}) {
  // A page's entry in each language, each naming all of them: the addresses and the alternates built once per page.
  const url = (path: string, lastmod?: Date) => {
    const locs = LOCALES.map((l) => xmlEscape(publicUrl + pathInLocale(path, l)));
    const alternates = LOCALES.map((l, i) => `<xhtml:link rel="alternate" hreflang="${l}" href="${locs[i]}"/>`).join("");
    const date = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return locs.map((loc) => `  <url><loc>${loc}</loc>${date}${alternates}</url>`).join("\n");
  };
  const urlset = (lines: string[]) => `${URLSET_OPEN}${lines.join("\n")}\n</urlset>\n`;

  const productFiles = async () => Math.ceil((await countActiveProducts(db)) / productsPerFile);

  /** `/sitemap.xml`: the pages file and one file per thousand active products (rounded up). */
  async function sitemapIndexXml(): Promise<string> {
    const files = ["/sitemaps/pages.xml", ...Array.from({ length: await productFiles() }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
    const entries = files.map((f) => `  <sitemap><loc>${xmlEscape(publicUrl + f)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  }

  /** `/sitemaps/pages.xml`: every page but the products' (the information pages included). */
  async function pagesSitemapXml(): Promise<string> {
    const { categories, posts } = await repo.findSitemapPages(db);
    return urlset([
      url("/"),
      url("/products"),
      ...categories.map((c) => url(`/products?category=${encodeURIComponent(c.slug)}`, c.updatedAt)),
      url("/blogs"),
      ...posts.map((p) => url(`/blogs/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      ...INFORMATION_PAGES.map((p) => url(p)),
    ]);
  }

  /** `/sitemaps/products-{n}.xml` (n from 1), or null past the last file. */
  async function productsSitemapXml(n: number): Promise<string | null> {
    if (!Number.isSafeInteger(n) || n < 1) return null;
    const files = await productFiles();
    if (n > files) return null;
    // File n of N holds the products whose slug hashes into the n-th of N equal shares of the 32-bit range. A file
    // can come out empty (a shop of a few products split finely, or products taken off sale since the count): it
    // is then an empty list, as the index names it.
    const [from, to] = [hashShareStart(n - 1, files), n === files ? null : hashShareStart(n, files)];
    const rows = await repo.findSitemapProducts(db, from, to);
    return urlset(rows.map((p) => url(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt)));
  }

  function robotsTxt(): string {
    return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /checkout", "Disallow: /cart", "Disallow: /profile", "Disallow: /ne/checkout", "Disallow: /ne/cart", "Disallow: /ne/profile", "Disallow: /language", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
  }

  return { sitemapIndexXml, pagesSitemapXml, productsSitemapXml, robotsTxt };
}
export type SeoService = ReturnType<typeof createSeoService>;

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";
import { blogPosts } from "../../db/schema/index.js";
import { createSeoService } from "./seo.service.js";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example.np" });
  const db = t.database.db;
  const football = await insertCategory(db, { name: "Football Jerseys", slug: "football-jerseys" });
  await insertProduct(db, { name: "Nepal Home Jersey", slug: "nepal-home-jersey", categoryId: football.id });
  await insertProduct(db, { name: "Hidden Jersey", slug: "hidden-jersey", status: "INACTIVE" });
  await db.insert(blogPosts).values([
    { title: "Published", slug: "published-post", content: "<p>x</p>", status: "PUBLISHED", publishedAt: new Date() },
    { title: "Draft", slug: "draft-post", content: "<p>x</p>", status: "DRAFT" },
  ]);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /sitemap.xml", () => {
  it("is an index of the pages file and one file per thousand products, with absolute URLs", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://shop.example.np/sitemaps/pages.xml",
      "https://shop.example.np/sitemaps/products-1.xml",
    ]);
  });

  it("lists active products in the products file and categories and published posts in the pages file, in both languages", async () => {
    const products = await get("/sitemaps/products-1.xml");
    expect(products.statusCode).toBe(200);
    expect(products.headers["content-type"]).toContain("application/xml");
    expect(products.body).toContain("<loc>https://shop.example.np/products/nepal-home-jersey</loc>");
    // Each page in Nepali too, both naming the other (docs/decisions/105).
    expect(products.body).toContain("<loc>https://shop.example.np/ne/products/nepal-home-jersey</loc>");
    expect(products.body).not.toContain("hidden-jersey");
    const pages = (await get("/sitemaps/pages.xml")).body;
    expect(pages).toContain("<loc>https://shop.example.np/products?category=football-jerseys</loc>");
    expect(pages).toContain("<loc>https://shop.example.np/blogs/published-post</loc>");
    expect(pages).toContain("<loc>https://shop.example.np/ne</loc>");
    expect(pages).toContain('<xhtml:link rel="alternate" hreflang="ne" href="https://shop.example.np/ne/products?category=football-jerseys"/>');
    expect(pages).not.toContain("draft-post");
    // The information pages, each in both languages: shoppers search for the returns rules and the size guide.
    for (const path of ["/about", "/contact", "/shipping", "/returns", "/size-guide", "/faq", "/terms", "/privacy"]) {
      expect(pages, path).toContain(`<loc>https://shop.example.np${path}</loc>`);
      expect(pages, path).toContain(`<loc>https://shop.example.np/ne${path}</loc>`);
    }
    expect(pages).not.toContain("/products/");
  });

  it("answers 404 for a file past the last one and for any other name, NUL and overlong numbers included", async () => {
    for (const file of ["products-2.xml", "products-0.xml", "products-01.xml", "products-x.xml", "products-1.xml%00", "%00", "products-9999999.xml", "products-99999999999999999999999.xml", "pages.xml.gz", "PAGES.XML"]) {
      const res = await get(`/sitemaps/${file}`);
      expect(res.statusCode, file).toBe(404);
    }
  });

  it("splits the products into files by a hash of the slug: each product in one file, each file in slug order", async () => {
    const seo = createSeoService(t.database.db, "https://shop.example.np", { productsPerFile: 10 });
    const db = t.database.db;
    const slugsOf = (xml: string | null) => [...(xml ?? "").matchAll(/<loc>https:\/\/shop\.example\.np\/products\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const files = async (count: number) => Promise.all(Array.from({ length: count }, (_, i) => seo.productsSitemapXml(i + 1).then(slugsOf)));
    // With the one active product of beforeAll: 25 active products at ten per file, so three files of about eight.
    for (let i = 1; i <= 24; i++) await insertProduct(db, { name: `Kit ${i}`, slug: `kit-${String(i).padStart(2, "0")}` });
    await insertProduct(db, { name: "Hidden kit", slug: "kit-hidden", status: "INACTIVE" });
    const index = await seo.sitemapIndexXml();
    expect(index).toContain("https://shop.example.np/sitemaps/products-3.xml");
    expect(index).not.toContain("products-4.xml");
    expect(await seo.productsSitemapXml(4)).toBeNull();

    const before = await files(3);
    const active = ["nepal-home-jersey", ...Array.from({ length: 24 }, (_, i) => `kit-${String(i + 1).padStart(2, "0")}`)].sort();
    expect(before.flat().sort()).toEqual(active);
    for (const file of before) expect(file).toEqual([...file].sort());
    expect(before.filter((f) => f.length > 0)).toHaveLength(3);

    // A product added, with the number of files unchanged, lands in one file and moves no other product.
    await insertProduct(db, { name: "Kit 25", slug: "kit-25" });
    const after = await files(3);
    expect(after.map((file) => file.filter((s) => s !== "kit-25"))).toEqual(before);
    expect(after.flat().filter((s) => s === "kit-25")).toHaveLength(1);
  });
});

describe("GET /robots.txt", () => {
  it("allows the shop, keeps crawlers out of private pages and points to the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Disallow: /admin");
    expect(res.body).toContain("Disallow: /checkout");
    expect(res.body).toContain("Sitemap: https://shop.example.np/sitemap.xml");
  });
});

describe("GET /favicon.ico", () => {
  it("sends a browser to the shop's SVG icon instead of a 404, and HEAD too; a query changes nothing", async () => {
    for (const [method, url] of [["GET", "/favicon.ico"], ["HEAD", "/favicon.ico"], ["GET", "/favicon.ico?v=%00"]] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(301);
      expect(res.headers.location).toBe("/favicon.svg");
    }
  });
});

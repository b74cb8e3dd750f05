import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct } from "../../test/factories.js";
import { blogPosts } from "../../db/schema/index.js";

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

describe("GET /sitemap.xml", () => {
  it("lists active products, categories by slug and published posts with absolute URLs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    const xml = res.body;
    expect(xml).toContain("<loc>https://shop.example.np/products/nepal-home-jersey</loc>");
    expect(xml).toContain("<loc>https://shop.example.np/products?category=football-jerseys</loc>");
    expect(xml).toContain("<loc>https://shop.example.np/blogs/published-post</loc>");
    // Each page in Nepali too, both naming the other (docs/decisions/105).
    expect(xml).toContain("<loc>https://shop.example.np/ne/products/nepal-home-jersey</loc>");
    expect(xml).toContain("<loc>https://shop.example.np/ne</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="ne" href="https://shop.example.np/ne/products?category=football-jerseys"/>');
    expect(xml).not.toContain("hidden-jersey");
    expect(xml).not.toContain("draft-post");
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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema/index.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory } from "../../test/factories.js";

let t: TestContext;
let guides: Awaited<ReturnType<typeof insertCategory>>;
const day = 24 * 3_600_000;

async function insertPost(values: Partial<typeof blogPosts.$inferInsert> & { title: string; slug: string }) {
  const [row] = await t.database.db
    .insert(blogPosts)
    .values({ content: "<p>Body</p>", excerpt: `${values.title} excerpt`, status: "PUBLISHED", publishedAt: new Date(), ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  guides = await insertCategory(db, { name: "Buying Guide", slug: "buying-guide", type: "BLOG", nameNe: "किन्ने गाइड" });
  const news = await insertCategory(db, { name: "News", slug: "news", type: "BLOG" });
  // A product category with the same slug must not be taken for the blog one.
  await insertCategory(db, { name: "News", slug: "news", type: "PRODUCT" });
  const now = Date.now();
  await insertPost({ title: "Guide One", slug: "guide-one", categoryId: guides.id, publishedAt: new Date(now - 1 * day), featuredImageKey: "blog/one.png" });
  await insertPost({ title: "Guide Two", slug: "guide-two", categoryId: guides.id, publishedAt: new Date(now - 2 * day) });
  await insertPost({ title: "Guide Three", slug: "guide-three", categoryId: guides.id, publishedAt: new Date(now - 3 * day) });
  await insertPost({ title: "Guide Four", slug: "guide-four", categoryId: guides.id, publishedAt: new Date(now - 4 * day) });
  await insertPost({ title: "Guide Five", slug: "guide-five", categoryId: guides.id, publishedAt: new Date(now - 5 * day) });
  await insertPost({ title: "League News", slug: "league-news", categoryId: news.id, publishedAt: new Date(now - 6 * day), authorName: "Sita Rai" });
  await insertPost({ title: "Secret Draft Guide", slug: "secret-draft", categoryId: guides.id, status: "DRAFT", publishedAt: null });
  await insertPost({ title: "Old Archived Guide", slug: "old-archived", categoryId: guides.id, status: "ARCHIVED" });
  await insertPost({
    title: "Hostile Post",
    slug: "hostile-post",
    categoryId: news.id,
    publishedAt: new Date(now - 7 * day),
    // A row written around the admin's sanitiser (e.g. straight into the database) must still come out clean.
    content: `<h2>Title</h2><p onclick="steal()">Text <strong>bold</strong></p><script>window.pwned=1</script><a href="javascript:alert(1)">click</a><img src="x" onerror="alert(1)"><img src="https://tracker.example/p.png"><img src="/media/blog/kit.webp" onerror="alert(1)">`,
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const titles = (body: { data: { blogs: { title: string }[] } }) => body.data.blogs.map((b) => b.title);

describe("GET /api/blogs", () => {
  it("lists only published posts, newest first, never drafts or archived ones", async () => {
    const res = await get("/api/blogs?published=true");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual(["Guide One", "Guide Two", "Guide Three", "Guide Four", "Guide Five", "League News", "Hostile Post"]);
    expect(body.data.pagination).toEqual({ page: 1, limit: 12, total: 7, totalPages: 1 });
    expect(res.body).not.toContain("Secret Draft");
    expect(res.body).not.toContain("Old Archived");
  });

  it("cannot be widened to unpublished posts by the caller", async () => {
    expect((await get("/api/blogs?published=false")).statusCode).toBe(400);
    expect((await get("/api/blogs?status=DRAFT")).statusCode).toBe(400);
    const searched = (await get("/api/blogs?q=Secret")).json();
    expect(searched.data.blogs).toEqual([]);
  });

  it("shows the card fields: excerpt, author (Admin by default), category and image", async () => {
    const body = (await get("/api/blogs?q=Guide%20One")).json();
    expect(body.data.blogs).toHaveLength(1);
    expect(body.data.blogs[0]).toMatchObject({
      title: "Guide One",
      slug: "guide-one",
      excerpt: "Guide One excerpt",
      author: { name: "Admin" },
      // The card's chip in both languages (docs/decisions/117); a category without a Nepali name sends null.
      category: { name: "Buying Guide", slug: "buying-guide", nameNe: "किन्ने गाइड" },
      featuredImage: { url: "/media/blog/one.png", width: 1200, height: 630, alt: "Guide One" },
    });
    expect(body.data.blogs[0]).not.toHaveProperty("content");
    const news = (await get("/api/blogs?q=League")).json().data.blogs[0];
    expect(news.category).toMatchObject({ name: "News", nameNe: null });
    expect((await get("/api/blogs/slug/guide-one")).json().data.blog.category.nameNe).toBe("किन्ने गाइड");
  });

  it("a card without an excerpt shows the first 150 characters of the content as text, in each language", async () => {
    const long = "Kathmandu &amp; Pokhara fans lined up for the new kit. ".repeat(5);
    await insertPost({ title: "No Excerpt Post", slug: "no-excerpt-post", excerpt: null, content: `<h2>Match day</h2><p>${long}</p>`, titleNe: "सारांशबिनाको लेख", contentNe: "<p>काठमाडौंका <strong>समर्थक</strong> लाइनमा उभिए।</p>" });
    const card = (await get("/api/blogs?q=No%20Excerpt")).json().data.blogs[0];
    expect(card.excerpt).toBe(`Match day ${long.replaceAll("&amp;", "&")}`.slice(0, 150));
    expect(card.excerpt).toHaveLength(150);
    expect(card.excerptNe).toBe("काठमाडौंका समर्थक लाइनमा उभिए।");
    // A post with an excerpt keeps it, and one without Nepali content has no Nepali excerpt.
    expect((await get("/api/blogs?q=Guide%20One")).json().data.blogs[0]).toMatchObject({ excerpt: "Guide One excerpt", excerptNe: null });
  });

  it("filters by blog category slug and searches title, excerpt and author", async () => {
    expect(titles((await get("/api/blogs?category=news")).json())).toEqual(["League News", "Hostile Post"]);
    expect(titles((await get("/api/blogs?q=sita")).json())).toEqual(["League News"]);
    expect(titles((await get("/api/blogs?category=no-such-category")).json())).toEqual([]);
  });

  it("gives related posts by categoryId with limit 3, leaving out the current one", async () => {
    const one = (await get("/api/blogs/slug/guide-one")).json().data.blog;
    const body = (await get(`/api/blogs?categoryId=${one.categoryId}&limit=3&exclude=${one.id}`)).json();
    expect(titles(body)).toEqual(["Guide Two", "Guide Three", "Guide Four"]);
  });
});

describe("GET /api/blogs/slug/:slug", () => {
  it("returns a published article with up to three related posts of its category", async () => {
    const res = await get("/api/blogs/slug/guide-three");
    expect(res.statusCode).toBe(200);
    const { blog, related } = res.json().data;
    expect(blog).toMatchObject({ title: "Guide Three", content: "<p>Body</p>", author: { name: "Admin" }, category: { name: "Buying Guide" } });
    expect(related.map((r: { title: string }) => r.title)).toEqual(["Guide One", "Guide Two", "Guide Four"]);
    expect(related.map((r: { slug: string }) => r.slug)).not.toContain("guide-three");
    expect(related.map((r: { slug: string }) => r.slug)).not.toContain("secret-draft");
  });

  it("answers 404 Blog not found for drafts, archived and unknown slugs", async () => {
    for (const slug of ["secret-draft", "old-archived", "never-written"]) {
      const res = await get(`/api/blogs/slug/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: "Blog not found" });
    }
  });

  it("never hands out script, event handlers or javascript: links, even from a raw row", async () => {
    const { blog } = (await get("/api/blogs/slug/hostile-post")).json().data;
    // Pictures that are not the shop's own are dropped as it is read, too (docs/decisions/182).
    expect(blog.content).toBe(`<h2>Title</h2><p>Text <strong>bold</strong></p><a>click</a><img src="/media/blog/kit.webp" />`);
  });
});

describe("blog service", () => {
  it("related() stays within the category and never exceeds three", async () => {
    const post = await t.app.services.blog.getPublishedBySlug("guide-five");
    const related = await t.app.services.blog.related(post, 10);
    expect(related.map((r) => r.title)).toEqual(["Guide One", "Guide Two", "Guide Three"]);
    expect(related.every((r) => r.categoryId === guides.id)).toBe(true);
  });
});

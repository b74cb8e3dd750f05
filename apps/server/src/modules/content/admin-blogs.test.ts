import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG, MAX_BLOG_IMAGE_BYTES } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertUser, pngBuffer, sessionFor } from "../../test/factories.js";
import { auditLog, blogPosts, blogSlugHistory } from "../../db/schema/index.js";

let t: TestContext;
let admin: Record<string, string>;
let customer: Record<string, string>;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example.np" });
  const db = t.database.db;
  admin = (await sessionFor(t.app, (await insertUser(db, { role: "ADMIN" })).id)).bearer;
  customer = (await sessionFor(t.app, (await insertUser(db)).id)).bearer;
  categoryId = (await insertCategory(db, { name: "Buying Guide", slug: "buying-guide", type: "BLOG" })).id;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method: method as "GET", url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string) => t.app.inject({ method: "GET", url });

const post = (over: Record<string, unknown> = {}) => ({
  title: "How to Spot a Fake Jersey",
  categoryId,
  excerpt: "Five checks before you pay.",
  content: "<h2>Stitching</h2><p>Look at the <strong>crest</strong>.</p>",
  metaTitle: "Spot a fake jersey",
  metaDescription: "Five checks",
  keywords: ["fake jersey", "authentic", "buying guide"],
  metaTags: ["guide"],
  ...over,
});

function multipart(files: { name: string; data: Buffer; type: string }[], headers = admin) {
  const boundary = "----khelkudblog";
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (purpose: "featured" | "content", files: { name: string; data: Buffer; type: string }[], headers = admin) =>
  t.app.inject({ method: "POST", url: `/api/admin/blogs/images/${purpose}`, ...multipart(files, headers) });

async function create(over: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/admin/blogs", post(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.blog as {
    id: string;
    slug: string;
    status: string;
    publishedAt: string | null;
    content: string;
    featuredImage: { key: string; url: string } | null;
  };
}

const update = (id: string, over: Record<string, unknown>) => api("PUT", `/api/admin/blogs/${id}`, post(over));
const publicTitles = async (query = "") => ((await get(`/api/blogs${query}`)).json().data.blogs as { title: string }[]).map((b) => b.title);

describe("access", () => {
  const routes: [string, string][] = [
    ["GET", "/api/admin/blogs"],
    ["GET", "/api/admin/blogs/x"],
    ["POST", "/api/admin/blogs"],
    ["PUT", "/api/admin/blogs/x"],
    ["DELETE", "/api/admin/blogs/x"],
    ["POST", "/api/admin/blogs/images/featured"],
    ["POST", "/api/admin/blogs/images/content"],
  ];

  it("refuses a guest (401) and a customer (403) on every blog admin route, writing nothing", async () => {
    for (const [method, url] of routes) {
      const body = method === "POST" || method === "PUT" ? post({ title: "Sneaky Post", status: "PUBLISHED" }) : undefined;
      expect((await api(method, url, body, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, body, customer)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload("featured", [{ name: "a.png", data: await pngBuffer(20, 20), type: "image/png" }], customer)).statusCode).toBe(403);
    expect(await t.database.db.select().from(blogPosts).where(eq(blogPosts.title, "Sneaky Post"))).toEqual([]);
  });
});

describe("drafts are invisible until published", () => {
  let id: string;

  it("creates a DRAFT by default with the slug built from the title", async () => {
    const created = await create({ title: "Secret Kit Launch Plans", keywords: ["secret"] });
    id = created.id;
    expect(created).toMatchObject({ slug: "secret-kit-launch-plans", status: "DRAFT", publishedAt: null });
    const list = (await api("GET", "/api/admin/blogs?status=DRAFT")).json().data;
    expect(list.blogs.map((b: { title: string }) => b.title)).toContain("Secret Kit Launch Plans");
  });

  it("keeps a draft out of the public list, search, article call, page lookup and sitemap", async () => {
    expect(await publicTitles()).not.toContain("Secret Kit Launch Plans");
    expect(await publicTitles("?q=Secret")).toEqual([]);
    expect(await publicTitles(`?category=buying-guide`)).not.toContain("Secret Kit Launch Plans");
    const article = await get("/api/blogs/slug/secret-kit-launch-plans");
    expect(article.statusCode).toBe(404);
    expect(article.json().error).toBe("Blog not found");
    // The article page's loader asks the same service: a draft has no public page.
    await expect(t.app.services.blog.resolveSlug("secret-kit-launch-plans")).rejects.toMatchObject({ kind: "not_found" });
    expect((await get("/sitemaps/pages.xml")).body).not.toContain("secret-kit-launch-plans");
  });

  it("shows the post everywhere once published, dated at its first publication", async () => {
    const res = await update(id, { title: "Secret Kit Launch Plans", keywords: ["secret"], status: "PUBLISHED" });
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json().data.blog;
    expect(published.publishedAt).not.toBeNull();
    expect(await publicTitles("?q=Secret")).toEqual(["Secret Kit Launch Plans"]);
    expect((await get("/api/blogs/slug/secret-kit-launch-plans")).statusCode).toBe(200);
    expect((await get("/sitemaps/pages.xml")).body).toContain("<loc>https://shop.example.np/blogs/secret-kit-launch-plans</loc>");
  });

  it("hides it again when set back to DRAFT or ARCHIVED", async () => {
    for (const status of ["DRAFT", "ARCHIVED"]) {
      expect((await update(id, { title: "Secret Kit Launch Plans", status })).statusCode).toBe(200);
      expect(await publicTitles("?q=Secret")).toEqual([]);
      expect((await get("/api/blogs/slug/secret-kit-launch-plans")).statusCode).toBe(404);
      expect((await get("/sitemaps/pages.xml")).body).not.toContain("secret-kit-launch-plans");
    }
  });
});

describe("sanitising", () => {
  const hostile =
    `<h2 onclick="steal()">Care</h2><p>Wash cold.<script>window.pwned=1</script></p>` +
    `<p><a href="javascript:alert(1)">click</a> <a href="https://khelkud.com.np/products">shop</a></p>` +
    `<img src="/media/blog-content/abcdef0123456789abcdef01.webp" onerror="alert(1)" alt="Kit"><iframe src="https://evil.example"></iframe>`;

  it("stores and serves the post without script, event handlers or javascript: links, keeping the safe markup", async () => {
    const created = await create({ title: "Jersey Care", content: hostile, status: "PUBLISHED" });
    const clean =
      `<h2>Care</h2><p>Wash cold.</p><p><a>click</a> <a href="https://khelkud.com.np/products">shop</a></p>` +
      `<img src="/media/blog-content/abcdef0123456789abcdef01.webp" alt="Kit" />`;
    expect(created.content).toBe(clean);
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(row!.content).toBe(clean);
    const { blog } = (await get("/api/blogs/slug/jersey-care")).json().data;
    expect(blog.content).toBe(clean);
    // The editor loads the same cleaned HTML.
    expect((await api("GET", `/api/admin/blogs/${created.id}`)).json().data.blog.content).toBe(clean);
  });

  it("refuses content that is empty once cleaned (a post of nothing but a script)", async () => {
    const res = await api("POST", "/api/admin/blogs", post({ title: "Only Script", content: "<script>alert(1)</script><p> </p>" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: "content", message: ADMIN_MSG.blogContentRequired });
  });

  it("requires title, category and content with the form's messages", async () => {
    const res = await api("POST", "/api/admin/blogs", { title: " ", categoryId: "", content: "" });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries((res.json().details as { field: string; message: string }[]).map((d) => [d.field, d.message]));
    expect(fields).toMatchObject({ title: ADMIN_MSG.blogTitleRequired, categoryId: ADMIN_MSG.blogCategoryRequired, content: ADMIN_MSG.blogContentRequired });
  });

  it("refuses a product category for a post", async () => {
    const productCategory = await insertCategory(t.database.db, { name: "Football", type: "PRODUCT" });
    const res = await api("POST", "/api/admin/blogs", post({ title: "Wrong Category", categoryId: productCategory.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ADMIN_MSG.blogCategoryMissing);
  });
});

describe("slugs", () => {
  it("refuses a slug another post uses with 409 and a clear message", async () => {
    await create({ title: "Kit Sizes Explained" });
    const res = await api("POST", "/api/admin/blogs", post({ title: "Something Else", slug: "Kit Sizes Explained" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ADMIN_MSG.blogSlugTaken);
  });

  it("refuses a slug with no letter or number", async () => {
    const res = await api("POST", "/api/admin/blogs", post({ title: "!!!", slug: "", keywords: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ADMIN_MSG.slugEmpty);
  });

  it("keeps the old address of a published post as a permanent redirect, one hop to the newest slug", async () => {
    const created = await create({ title: "Derby Day Guide", status: "PUBLISHED" });
    expect((await update(created.id, { title: "Derby Day Guide", slug: "derby-day-guide-2026", status: "PUBLISHED" })).statusCode).toBe(200);
    expect((await update(created.id, { title: "Derby Day Guide", slug: "derby-guide", status: "PUBLISHED" })).json().data.blog.previousSlugs).toEqual([
      "derby-day-guide",
      "derby-day-guide-2026",
    ]);
    for (const old of ["derby-day-guide", "derby-day-guide-2026"]) {
      const res = await get(`/api/blogs/slug/${old}`);
      expect(res.statusCode).toBe(308);
      expect(res.headers.location).toBe("/api/blogs/slug/derby-guide");
      expect(await t.app.services.blog.resolveSlug(old)).toEqual({ movedTo: "derby-guide" });
    }
    expect((await get("/api/blogs/slug/derby-guide")).json().data.blog.title).toBe("Derby Day Guide");
    // The sitemap names only the current address.
    const xml = (await get("/sitemaps/pages.xml")).body;
    expect(xml).toContain("/blogs/derby-guide</loc>");
    expect(xml).not.toContain("/blogs/derby-day-guide");
  });

  it("answers not found for page paths no slug can have (NUL, control characters, overlong), without asking the database", async () => {
    for (const slug of ["\u0000", "a\u0000b", "line\nbreak", "x".repeat(201)]) {
      await expect(t.app.services.blog.resolveSlug(slug)).rejects.toMatchObject({ kind: "not_found" });
    }
  });

  it("does not redirect to a post that is no longer published", async () => {
    const created = await create({ title: "Transfer Rumours", status: "PUBLISHED" });
    await update(created.id, { title: "Transfer Rumours", slug: "transfer-news", status: "DRAFT" });
    expect((await get("/api/blogs/slug/transfer-rumours")).statusCode).toBe(404);
    await expect(t.app.services.blog.resolveSlug("transfer-rumours")).rejects.toMatchObject({ kind: "not_found" });
  });

  it("lets a post take an address another post left behind (the live post wins) and a post return to its old slug", async () => {
    const a = await create({ title: "Cup Final", status: "PUBLISHED" });
    await update(a.id, { title: "Cup Final", slug: "cup-final-report", status: "PUBLISHED" });
    const b = await create({ title: "Cup Final", status: "PUBLISHED" });
    expect(b.slug).toBe("cup-final");
    expect((await get("/api/blogs/slug/cup-final")).json().data.blog.id).toBe(b.id);
    const back = await update(a.id, { title: "Cup Final", slug: "cup-final-report", status: "PUBLISHED" });
    expect(back.json().data.blog.previousSlugs).toEqual([]);
    const rows = await t.database.db.select().from(blogSlugHistory).where(eq(blogSlugHistory.postId, a.id));
    expect(rows).toEqual([]);
  });
});

describe("featured image", () => {
  it("accepts one picture checked by content, cut to 1200 × 630 WebP, and shows it on the post", async () => {
    const res = await upload("featured", [{ name: "banner.png", data: await pngBuffer(2400, 1600, "#003893"), type: "image/png" }]);
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data.image;
    expect(image).toMatchObject({ width: 1200, height: 630 });
    expect(image.key).toMatch(/^blog\/[a-f0-9]+\.webp$/);
    const media = await get(image.url);
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/webp");
    const created = await create({ title: "With Banner", featuredImage: image.key, status: "PUBLISHED" });
    expect(created.featuredImage).toEqual({ key: image.key, url: `/media/${image.key}` });
    expect((await get("/api/blogs/slug/with-banner")).json().data.blog.featuredImage.url).toBe(`/media/${image.key}`);
  });

  it("refuses a file that is not a picture whatever its name says (415)", async () => {
    const res = await upload("featured", [{ name: "evil.png", data: Buffer.from("<script>alert(1)</script>"), type: "image/png" }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(ADMIN_MSG.notAnImage);
  });

  it("answers 415 with a clear message to a request that is not a file upload (docs/decisions/181)", async () => {
    for (const purpose of ["featured", "content"] as const) {
      const res = await api("POST", `/api/admin/blogs/images/${purpose}`, { file: "banner.png" });
      expect(res.statusCode, purpose).toBe(415);
      expect(res.json(), purpose).toEqual({ success: false, error: ADMIN_MSG.uploadNotMultipart });
    }
    const documented = (await get("/api/docs/json")).json().paths["/api/admin/blogs/images/featured"].post.responses;
    expect(Object.keys(documented)).toEqual(expect.arrayContaining(["413", "415"]));
  });

  it("refuses a file over 5 MB (413), whether the size is declared up front or found while reading", async () => {
    const declared = await upload("featured", [{ name: "huge.png", data: Buffer.alloc(MAX_BLOG_IMAGE_BYTES + 200_000, 1), type: "image/png" }]);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error).toBe(ADMIN_MSG.blogImageTooLarge);
    const streamed = await upload("featured", [{ name: "big.png", data: Buffer.alloc(MAX_BLOG_IMAGE_BYTES + 10_000, 1), type: "image/png" }]);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error).toBe(ADMIN_MSG.blogImageTooLarge);
  });

  it("takes exactly one file", async () => {
    const png = await pngBuffer(40, 40);
    const two = await upload("featured", [
      { name: "a.png", data: png, type: "image/png" },
      { name: "b.png", data: png, type: "image/png" },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe(ADMIN_MSG.blogImageOne);
    expect((await upload("featured", [])).statusCode).toBe(400);
  });

  it("refuses a featured image key that was not uploaded or is outside the blog folder", async () => {
    for (const key of ["blog/0123456789abcdef01234567.webp", "products/0123456789abcdef01234567.webp", "../../etc/passwd"]) {
      const res = await api("POST", "/api/admin/blogs", post({ title: `Bad Key ${key.length}`, featuredImage: key }));
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error).toBe(ADMIN_MSG.blogImageMissing);
    }
  });

  it("removes the old picture file when it is replaced, and the post's picture when the post is deleted", async () => {
    const first = (await upload("featured", [{ name: "one.png", data: await pngBuffer(1300, 700, "#111111"), type: "image/png" }])).json().data.image;
    const second = (await upload("featured", [{ name: "two.png", data: await pngBuffer(1300, 700, "#eeeeee"), type: "image/png" }])).json().data.image;
    const created = await create({ title: "Replaced Banner", featuredImage: first.key });
    const file = (key: string) => path.join(t.config.uploadsDir, key);
    expect(fs.existsSync(file(first.key))).toBe(true);
    expect((await update(created.id, { title: "Replaced Banner", featuredImage: second.key })).statusCode).toBe(200);
    expect(fs.existsSync(file(first.key))).toBe(false);
    expect((await api("DELETE", `/api/admin/blogs/${created.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(file(second.key))).toBe(false);
  });

  it("uploads pictures for the text into their own folder, at most 1600 px wide", async () => {
    const res = await upload("content", [{ name: "wide.png", data: await pngBuffer(3000, 1000), type: "image/png" }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.image).toMatchObject({ width: 1600, height: 533 });
    expect(res.json().data.image.key).toMatch(/^blog-content\/[a-f0-9]+\.webp$/);
  });
});

describe("deleting", () => {
  it("deletes the post with its old addresses and audits it", async () => {
    const created = await create({ title: "Short Lived", status: "PUBLISHED" });
    await update(created.id, { title: "Short Lived", slug: "short-lived-2", status: "PUBLISHED" });
    const res = await api("DELETE", `/api/admin/blogs/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect((await api("GET", `/api/admin/blogs/${created.id}`)).statusCode).toBe(404);
    expect((await get("/api/blogs/slug/short-lived")).statusCode).toBe(404);
    expect((await get("/api/blogs/slug/short-lived-2")).statusCode).toBe(404);
    expect((await api("DELETE", `/api/admin/blogs/${created.id}`)).json()).toEqual({ success: false, error: ADMIN_MSG.blogNotFound });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["blog.create", "blog.delete", "blog.update"]);
  });
});

describe("admin list", () => {
  it("counts what it shows and all posts, and falls back to the first 150 characters of the content", async () => {
    const long = "word ".repeat(60);
    await create({ title: "No Excerpt Post", excerpt: null, content: `<p>${long}</p>` });
    const data = (await api("GET", "/api/admin/blogs?q=No%20Excerpt")).json().data;
    expect(data.blogs).toHaveLength(1);
    expect(data.blogs[0].excerpt).toBe(long.trim().slice(0, 150));
    expect(data.pagination.total).toBe(1);
    const all = await t.database.db.select({ id: blogPosts.id }).from(blogPosts);
    expect(data.overallTotal).toBe(all.length);
  });
});

/**
 * An administrator writes a blog post in the rich-text editor (with a picture inside the text, a featured picture and
 * a script payload), keeps it a draft (no public page), publishes it, changes its slug (the old address redirects
 * permanently) and deletes it. The browser context bypasses the Content-Security-Policy, so "no dialog fires" proves
 * the sanitising itself, not only the policy.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Dialog, type Page } from "@playwright/test";
import { ADMIN, signIn, visit, watchCsp, listedProducts } from "./support/pages";

const HOSTILE =
  `<p>Before the match<script>alert("script")</script></p>` +
  `<img src="/no-such-picture.png" onerror="alert('onerror')">` +
  `<p><a href="javascript:alert('link')">Win a free jersey</a></p>` +
  `<p onmouseover="alert('hover')">Hover text</p><iframe srcdoc="<script>alert('frame')</script>"></iframe>`;

/** Every browser dialog: the expected ones (category prompt, delete confirmation) are answered, any other is an XSS. */
function watchDialogs(page: Page, answers: { category: string }) {
  const unexpected: string[] = [];
  const confirms: string[] = [];
  page.on("dialog", async (d: Dialog) => {
    if (d.type() === "prompt" && d.message() === "New blog category name") return d.accept(answers.category);
    if (d.type() === "confirm") {
      confirms.push(d.message());
      return d.accept();
    }
    unexpected.push(`${d.type()}: ${d.message()}`);
    return d.dismiss();
  });
  return { unexpected, confirms };
}

/** Pastes HTML into the editor the way a browser does (a paste event carrying text/html). */
async function pasteHtml(page: Page, html: string) {
  await page.getByRole("textbox", { name: "Content", exact: true }).evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/html", data);
    transfer.setData("text/plain", "pasted");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
}

test.describe("with the Content-Security-Policy bypassed", () => {
  test.use({ bypassCSP: true });

  test("an administrator writes, publishes, re-addresses and deletes a post with pictures and a script payload", async ({ page }) => {
    test.setTimeout(120_000);
    const id = Date.now().toString(36);
    const title = `Dashain Derby Jersey Guide ${id}`;
    const slug = `dashain-derby-jersey-guide-${id}`;
    const newSlug = `derby-kit-guide-${id}`;
    const category = `Match Guides ${id}`;
    const dialogs = watchDialogs(page, { category });

    // Two real pictures: the demo catalogue's own.
    const products = await listedProducts<{ images: { url: string }[] }>(page.request, "limit=2");
    const [banner, inline] = await Promise.all(
      products.map(async (p, i) => ({
        name: `picture-${i + 1}.png`,
        mimeType: "image/png",
        buffer: Buffer.from(await (await page.request.get(p.images[0]!.url)).body()),
      })),
    );

    // ------------------------------------------------------------------ sign in, open Blogs
    await page.goto("/login?redirect=%2Fadmin");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blogs" }).click();
    await expect(page.getByRole("heading", { name: "Blog Management" })).toBeVisible();
    await expect(page.getByText(/Showing \d+ of \d+ posts/)).toBeVisible();

    // ------------------------------------------------------------------ write a draft
    await page.getByRole("button", { name: "+ New Post" }).click();
    const form = page.getByRole("dialog", { name: "New Post" });
    await form.getByRole("button", { name: "Create Post" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await expect(form.getByText("Category is required")).toBeVisible();
    await expect(form.getByText("Content is required")).toBeVisible();

    await form.getByLabel("Title", { exact: true }).fill(title);
    await expect(form.getByLabel("URL slug")).toHaveValue(slug);
    await form.getByRole("button", { name: "+ Create Category" }).click();
    await expect(form.getByLabel("Category")).toHaveValue(/.+/);
    await expect(form.getByLabel("Category").locator("option:checked")).toHaveText(category);
    await form.getByLabel("Excerpt", { exact: true }).fill("What to check before you buy a derby jersey.");
    await expect(form.getByLabel("Status")).toHaveValue("DRAFT");

    const editor = form.getByRole("textbox", { name: "Content", exact: true });
    const tools = form.getByRole("toolbar", { name: "Formatting: Content", exact: true });
    await editor.click();
    await tools.getByRole("button", { name: "H2 heading" }).click();
    await page.keyboard.type("Kit check");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Look at the ");
    await tools.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("crest");
    await tools.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" first.");
    await page.keyboard.press("Enter");
    await tools.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Stitching");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Labels");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await pasteHtml(page, HOSTILE);
    await expect(editor.locator("script, iframe, [onerror], [onmouseover]")).toHaveCount(0);
    await expect(editor.locator('a[href^="javascript"]')).toHaveCount(0);
    await form.getByLabel("Picture to insert into Content", { exact: true }).setInputFiles(inline);
    await expect(editor.locator('img[src^="/media/blog-content/"]')).toHaveCount(1);

    await form.getByLabel("Keywords").fill("derby jersey, authentic kit, dashain");
    await expect(form.getByText("Primary keyword:")).toContainText("derby jersey");
    await form.getByLabel("Meta title", { exact: true }).fill("Derby jersey guide");
    await form.getByLabel("Featured image file").setInputFiles(banner);
    await expect(form.getByRole("img", { name: "Featured image preview" })).toHaveAttribute("src", /^\/media\/blog\/[a-f0-9]+\.webp$/);
    await form.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Blog created successfully!")).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("DRAFT")).toBeVisible();

    // A draft has no public page and is in no public list.
    expect((await page.request.get(`/blogs/${slug}`)).status()).toBe(404);
    expect((await (await page.request.get(`/api/blogs?q=${encodeURIComponent(title)}`)).json()).data.blogs).toEqual([]);
    expect(await (await page.request.get("/sitemaps/pages.xml")).text()).not.toContain(slug);

    // The same payload sent around the editor, straight to the API, is cleaned by the server.
    const { blogs } = (await (await page.request.get(`/api/admin/blogs?q=${encodeURIComponent(title)}`)).json()).data as { blogs: { id: string }[] };
    const saved = (await (await page.request.get(`/api/admin/blogs/${blogs[0]!.id}`)).json()).data.blog;
    const raw = await page.request.put(`/api/admin/blogs/${saved.id}`, {
      data: {
        ...saved,
        featuredImage: saved.featuredImage.key,
        content: `${saved.content}${HOSTILE}`,
        id: undefined,
        category: undefined,
        previousSlugs: undefined,
        publishedAt: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
    });
    expect(raw.status(), await raw.text()).toBe(200);
    expect((await raw.json()).data.blog.content).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe/i);

    // ------------------------------------------------------------------ publish (the editor opens the cleaned post)
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const editForm = page.getByRole("dialog", { name: `Edit ${title}` });
    await expect(editForm.getByRole("textbox", { name: "Content", exact: true })).toContainText("Kit check");
    await editForm.getByLabel("Status").selectOption("PUBLISHED");
    await editForm.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();

    await visit(page, `/blogs/${slug}`);
    const article = page.locator("article");
    await expect(article.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(article.getByRole("heading", { name: "Kit check" })).toBeVisible();
    await expect(article.locator("strong", { hasText: "crest" })).toBeVisible();
    await expect(article.locator("li", { hasText: "Stitching" })).toBeVisible();
    await expect(article.locator('img[src^="/media/blog-content/"]')).toHaveCount(1);
    await expect(article.locator('img[src^="/media/blog-content/"]')).toHaveAttribute("width", /^\d+$/);
    const featured = article.locator("img").first();
    await expect(featured).toBeVisible();
    expect(await featured.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(article.locator("script, iframe, [onerror], [onmouseover], a[href^='javascript']")).toHaveCount(0);
    await article.getByText("Hover text").first().hover();
    await article.getByText("Win a free jersey").first().click();
    await page.waitForTimeout(300);
    expect(dialogs.unexpected).toEqual([]);

    // ------------------------------------------------------------------ new slug: the old address redirects permanently
    await visit(page, "/admin/blogs");
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const slugForm = page.getByRole("dialog", { name: `Edit ${title}` });
    await slugForm.getByLabel("URL slug").fill(newSlug);
    await expect(slugForm.getByText(`The old address /blogs/${slug} will redirect to the new one.`)).toBeVisible();
    await slugForm.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Blog updated successfully!")).toBeVisible();

    const moved = await page.request.get(`/blogs/${slug}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    expect(moved.headers()["location"]).toBe(`/blogs/${newSlug}`);
    await visit(page, `/blogs/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/blogs/${newSlug}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(dialogs.unexpected).toEqual([]);

    // ------------------------------------------------------------------ delete
    await visit(page, "/admin/blogs");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(page.getByText("Blog deleted successfully!")).toBeVisible();
    expect(dialogs.confirms).toEqual(["Are you sure you want to delete this blog post?"]);
    await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    expect((await page.request.get(`/blogs/${newSlug}`)).status()).toBe(404);
    expect((await page.request.get(`/blogs/${slug}`, { maxRedirects: 0 })).status()).toBe(404);
    expect(dialogs.unexpected).toEqual([]);
  });
});

test("the post form, editor included, has no serious or critical axe violations and runs under the Content-Security-Policy", async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, ADMIN);
  await visit(page, "/admin/blogs");
  await page.getByRole("button", { name: "+ New Post" }).click();
  const form = page.getByRole("dialog", { name: "New Post" });
  await expect(form.getByRole("textbox", { name: "Content", exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Create Post" }).click();
  await expect(form.getByText("Content is required")).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog[open]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
  await form.getByRole("textbox", { name: "Content", exact: true }).click();
  await page.keyboard.type("Typed under the policy");
  await expect(form.getByRole("textbox", { name: "Content", exact: true })).toContainText("Typed under the policy");
  expect(await violations()).toEqual([]);
});

test("a post with a long address and a wide size table stays inside a phone's screen; the table scrolls in its own box", async ({ browser }) => {
  const admin = await browser.newContext();
  await signIn(admin.request, ADMIN);
  const { categoryId } = (await (await admin.request.get("/api/blogs?limit=1")).json()).data.blogs[0] as { categoryId: string };
  const title = `Kit size table ${Date.now()}`;
  const cells = (tag: string, row: string[]) => `<tr>${row.map((c) => `<${tag}>${c}</${tag}>`).join("")}</tr>`;
  const content =
    `<p>Read the league's guidance at https://www.premierleague.com/news/4213456-premier-league-kit-numbers-and-names-guidance-for-the-2025-26-season before you order.</p>` +
    `<p>Supercalifragilisticexpialidociousjerseynamesareneverthislongbutanadministratormightpasteone.</p>` +
    `<table><thead>${cells("th", ["Size", "Chest (cm)", "Length (cm)", "Sleeve (cm)", "Shoulder (cm)", "Height (cm)"])}</thead>` +
    `<tbody>${cells("td", ["Small", "88–93", "70", "20", "44", "160–168"])}${cells("td", ["Extra large", "108–113", "76", "23", "50", "180–188"])}</tbody></table>` +
    `<p><img src="https://tracker.example/pixel.png" alt="another site's picture"></p>`;
  const created = await admin.request.post("/api/admin/blogs", { data: { title, categoryId, content, status: "PUBLISHED" } });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()).data.blog as { id: string; slug: string; content: string };
  // Another site's picture is dropped when the post is saved: the page's policy would only show it broken.
  expect(post.content).not.toContain("tracker.example");

  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await visit(page, `/blogs/${post.slug}`);
  const table = page.getByRole("article").getByRole("table");
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The table keeps its words whole and scrolls sideways inside its own box.
  expect(await table.evaluate((t) => t.scrollWidth > t.clientWidth && t.getBoundingClientRect().right <= 360)).toBe(true);
  await expect(table.getByRole("cell", { name: "Extra large" })).toHaveText("Extra large");
  await test.info().attach("post-360", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  // At 1280 px it is an ordinary table across the column.
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await table.evaluate((t) => getComputedStyle(t).display)).toBe("table");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.close();

  expect((await admin.request.delete(`/api/admin/blogs/${post.id}`)).status()).toBe(200);
  await admin.close();
});

import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";
import { visit, WHOLE_PAGE } from "./support/pages";

/** The e2e server's development outbox (in its DATA_DIR): a .eml file and a JSON summary per mail. */
const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

interface OutboxMail {
  to: string;
  text: string;
  /** The raw MIME file with folded headers unfolded. */
  raw: string;
}

function mailsTo(address: string): OutboxMail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const entry = JSON.parse(fs.readFileSync(path.join(OUTBOX, f), "utf8")) as { to: string; text: string };
      const raw = fs.readFileSync(path.join(OUTBOX, f.replace(/\.json$/, ".eml")), "utf8").replace(/\r?\n[ \t]+/g, " ");
      return { to: entry.to, text: entry.text, raw };
    })
    .filter((m) => m.to === address);
}

/** Fails the test if any script planted in the page runs: a dialog opens or the marker global is set. */
async function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  };
}

test.describe("blog", () => {
  test("the list arrives rendered with published posts, and a card opens its article", async ({ page, request }, testInfo) => {
    const html = await (await request.get("/blogs")).text();
    expect(html).toContain("Showing 7 of 7 articles");

    await visit(page, "/blogs");
    await expect(page.getByRole("heading", { level: 1, name: "Stories from the stands" })).toBeVisible();
    await expect(page.getByText("Showing 7 of 7 articles")).toBeVisible();
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(7);
    const first = cards.first();
    const title = (await first.getByRole("heading").innerText()).trim();
    await expect(first.getByText(/^By Khelkud Team/)).toBeVisible();
    await testInfo.attach("blogs-1280", { body: await page.screenshot(WHOLE_PAGE), contentType: "image/png" });

    await first.getByRole("link", { name: `Read more: ${title}` }).click();
    await expect(page).toHaveURL(/\/blogs\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("article").getByText("By Khelkud Team")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Related Articles" })).toBeVisible();
    const featured = page.getByRole("article").getByRole("img").first();
    await expect.poll(() => featured.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Search engines and link previews: Article JSON-LD and Open Graph tags.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "Article", headline: title, author: { name: "Khelkud Team" } });
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.*\/media\/_r\/1280\.jpeg\/blog\//);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await testInfo.attach(`article-${width}`, { body: await page.screenshot(WHOLE_PAGE), contentType: "image/png" });
    }
  });

  test("search and category filter the list; no match offers Clear Filters", async ({ page }) => {
    // Typed after hydration here; typing before it is the next test.
    await visit(page, "/blogs", { waitUntil: "networkidle" });
    await page.getByRole("searchbox", { name: "Search articles" }).fill("jersey");
    await expect(page).toHaveURL(/[?&]q=jersey/);
    await expect(page.getByText(/^Showing 4 of 7 articles$/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(4);

    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Buying Guide" });
    await expect(page).toHaveURL(/category=buying-guide/);
    await expect(page.getByText(/^Showing 2 of 7 articles$/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(2);

    await page.getByRole("searchbox", { name: "Search articles" }).fill("no such article anywhere");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByText("Showing 7 of 7 articles")).toBeVisible();
  });

  test("words typed into the search boxes before the page hydrates are kept and searched (slow connections)", async ({ page }) => {
    // Hold every script until the shopper has typed: the page is server HTML only, as on a slow phone.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/blogs", { waitUntil: "domcontentloaded" });
    await page.getByRole("searchbox", { name: "Search articles" }).fill("jersey");
    release();
    await expect(page).toHaveURL(/[?&]q=jersey/);
    await expect(page.getByText(/^Showing 4 of 7 articles$/)).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("jersey");

    // The header's product search keeps its text too, and offers suggestions for it once the page is live.
    let releaseAgain!: () => void;
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    await page.unrouteAll();
    await page.route("**/assets/*.js", async (route) => {
      await heldAgain;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    const box = page.getByRole("combobox", { name: "Search products" }).locator("visible=true");
    await box.fill("nepal");
    releaseAgain();
    await expect(page.getByRole("listbox").locator("visible=true").getByRole("option").first()).toBeVisible();
    await expect(box).toHaveValue("nepal");
  });

  test("an unknown article shows Blog Not Found with a 404 status", async ({ page }) => {
    const res = await visit(page, "/blogs/this-post-was-never-written");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Blog Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test("script payloads typed into the blog search are shown as text and never run", async ({ page }) => {
    const verify = await watchForScripts(page);
    const payload = `"><img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2;alert(2)</script>`;
    await visit(page, `/blogs?q=${encodeURIComponent(payload)}`);
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue(payload);
    expect(await page.locator("main img[src='x']").count()).toBe(0);
    await verify();
  });

  test("the home page shows the latest three posts with a link to all of them", async ({ page }) => {
    await visit(page, "/");
    const section = page.getByRole("region", { name: "Latest from the Blog" });
    await expect(section.getByRole("listitem")).toHaveCount(3);
    await section.getByRole("link", { name: "View All Blog Posts" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });
});

test.describe("contact form", () => {
  test("names missing fields, then sends, confirms a reply within 24 hours and e-mails the shop; on a phone the answer is brought into view and focused", async ({ page }, testInfo) => {
    // On a phone: the answer takes the form's place below the first screen, and must not be left out of sight (the
    // contact form allows five posts per address in 15 minutes, so the suite sends no more than it needs).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/contact");
    await expect(page.getByText("Monday – Saturday")).toBeVisible();
    await expect(page.getByText("Closed")).toBeVisible();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();

    const email = `e2e-contact-${Date.now()}@example.com`;
    await page.getByLabel("First name").fill("Aarati");
    await page.getByLabel("Last name").fill("Shrestha");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Email", exact: true }).blur();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Subject").selectOption("Product Question");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Is the Nepal cricket jersey available in youth size YM?");
    await page.getByRole("button", { name: "Send Message" }).click();

    const status = page.getByRole("status").filter({ hasText: "Message sent" });
    await expect(status).toBeVisible();
    await expect(status).toContainText("We will reply by e-mail within 24 hours.");
    const title = page.getByRole("heading", { name: "Message sent" });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    // Not under the sticky header: a tap at its centre reaches it.
    const reached = await title.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(reached).toBe(true);
    await testInfo.attach("contact-sent", { body: await page.screenshot(WHOLE_PAGE), contentType: "image/png" });

    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0]!.text).toContain("within 24 hours");
    const toShop = mailsTo("support@khelkud.com.np").filter((m) => m.raw.includes(`Reply-To: ${email}`));
    expect(toShop).toHaveLength(1);
    expect(toShop[0]!.text).toContain("youth size YM");
  });
});

test.describe("newsletter", () => {
  test("subscribes once from the footer, says so the second time, and the mailed unsubscribe link works", async ({ page }) => {
    const email = `e2e-news-${Date.now()}@example.com`;
    await page.goto("/about");
    const box = page.getByRole("form", { name: "Newsletter" });
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("status")).toHaveText("Thanks for subscribing! Check your inbox for a confirmation.");
    await box.getByLabel("Email address").fill(email.toUpperCase());
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("status")).toHaveText("This email is already subscribed to our newsletter.");

    await expect.poll(() => mailsTo(email).length).toBe(1);
    const link = /(http\S+\/newsletter\/unsubscribe\?token=[\w-]+)/.exec(mailsTo(email)[0]!.text)?.[1];
    expect(link).toBeTruthy();
    await visit(page, new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole("heading", { name: "Unsubscribe from our newsletter?" })).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    // Visiting the link again still says so; a made-up token does not pretend to work.
    await page.reload();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await page.goto("/newsletter/unsubscribe?token=made-up");
    await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  });
});

test.describe("information pages", () => {
  test("the FAQ and the terms say prices include VAT only while the shop is VAT-registered", async ({ browser, baseURL }) => {
    const admin = await browser.newContext();
    const login = await admin.request.post("/api/auth/login", { data: { email: "admin@khelkud.com.np", password: "Admin@2026" } });
    expect(login.status()).toBe(200);
    const before = (await (await admin.request.get("/api/admin/settings")).json()).data.settings;
    const put = async (vatRegistered: boolean) => {
      const res = await admin.request.put("/api/admin/settings", { headers: { origin: baseURL! }, data: { ...before, vatRegistered, pan: before.pan || "609876543" } });
      expect(res.status(), await res.text()).toBe(200);
    };
    const text = async (url: string) => (await (await admin.request.get(url)).text()).replace(/<[^>]+>/g, " ");
    try {
      await put(false);
      for (const [url, en] of [["/faq", "All prices are in Nepali rupees (NPR)."], ["/terms", "Prices are in Nepali rupees."]] as const) {
        const page = await text(url);
        expect(page, url).toContain(en);
        expect(page, url).not.toMatch(/include (13% )?VAT/);
      }
      expect(await text("/ne/faq")).not.toContain("भ्याटसहित");
      await put(true);
      expect(await text("/faq")).toContain("All prices are in Nepali rupees (NPR) and include 13% VAT.");
      expect(await text("/terms")).toContain("Prices are in Nepali rupees and include 13% VAT.");
      expect(await text("/ne/faq")).toContain("१३% भ्याटसहित");
    } finally {
      const restored = await admin.request.put("/api/admin/settings", { headers: { origin: baseURL! }, data: before });
      expect(restored.status()).toBe(200);
      await admin.close();
    }
  });

  const pages: [string, string | RegExp, (string | RegExp)[]][] = [
    ["/about", "The story of Khelkud", ["Authenticity", "Quality", "Community", /^\d+$/]],
    ["/shipping", "Shipping information", ["Rs. 5,000", "Rs. 150", "Rs. 200", "3–5 business days"]],
    ["/returns", "Returns & exchanges", ["30 days", "Size exchanges"]],
    ["/size-guide", "Size guide", ["XXL", "YS", "YM", "YL", "Chest (in)", "Length (cm)"]],
    ["/faq", "Frequently asked questions", ["Are your jerseys authentic?"]],
    ["/terms", "Terms and conditions", ["Orders and payment"]],
    ["/privacy", "Privacy policy", ["What we collect"]],
  ];
  for (const [url, title, texts] of pages) {
    test(`${url} is a written page with its facts`, async ({ page }) => {
      const res = await visit(page, url);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const main = page.getByRole("main");
      for (const t of texts) await expect(main.getByText(t).first()).toBeVisible();
      await expect(main).not.toContainText(/lorem ipsum|placeholder|TODO/i);
      // Figures are counted from the catalogue or entered by the shop, never invented defaults.
      await expect(main).not.toContainText(/500\+|10K\+|50\+ Teams|24\/7/);
    });
  }
});

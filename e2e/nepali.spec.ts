import { expect, test, type Page } from "@playwright/test";
import { visit, listedProducts } from "./support/pages";

/** The shop in Nepali (docs/decisions/105–107): URLs under /ne, the language switch, Nepali digits, messages and checkout. */

interface ApiProduct {
  id: string;
  name: string;
  slug: string;
  sizes: { size: string; stock: number }[];
}

async function jersey(page: Page): Promise<ApiProduct> {
  const all = await listedProducts<ApiProduct>(page.request, "limit=50");
  return all.find((p) => p.sizes.filter((s) => s.stock > 1).length >= 1)!;
}

const DEVANAGARI_PRICE = /रु\. [०-९]{1,3}(,[०-९]{2})*,?[०-९]{0,3}/;

test.describe("नेपाली", () => {
  test("a guest switches to Nepali on a product page, stays there, registers after a Nepali error and checks out with cash on delivery", async ({ page }) => {
    const product = await jersey(page);
    await visit(page, `/products/${product.slug}?review=false`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // The switch in the header keeps the page and its query.
    await page.getByRole("banner").getByRole("link", { name: "नेपाली" }).click();
    await expect(page).toHaveURL(new RegExp(`/ne/products/${product.slug}\\?review=false$`));
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole("main").getByText(DEVANAGARI_PRICE).first()).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/ne/products/${product.slug}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/products/${product.slug}\\?review=false$`));

    // Without a size: the Nepali message; then into the cart.
    await page.getByRole("button", { name: "कार्टमा राख्नुहोस्" }).first().click();
    await expect(page.getByText("कृपया साइज छान्नुहोस्").first()).toBeVisible();
    const size = product.sizes.find((s) => s.stock > 1)!.size;
    const radio = page.getByRole("radio", { name: size, exact: true });
    await page.locator("label", { has: radio }).click();
    await page.getByRole("button", { name: "कार्टमा राख्नुहोस्" }).first().click();
    await expect(page.getByText("कार्टमा राखियो!").first()).toBeVisible();

    // The choice is remembered: an English address opens its Nepali twin.
    await visit(page, "/register");
    await expect(page).toHaveURL(/\/ne\/register$/);
    await expect(page.getByRole("heading", { name: "खाता बनाउनुहोस्" })).toBeVisible();

    const main = page.getByRole("main");
    const email = `nepali-${Date.now()}@example.com`;
    await main.getByLabel("पूरा नाम").fill("सीता शर्मा");
    await main.getByLabel("इमेल").fill(email);
    await main.getByLabel("फोन").fill("12345");
    await main.getByLabel("पासवर्ड", { exact: true }).fill("Secret123");
    await main.getByLabel("पासवर्ड फेरि लेख्नुहोस्", { exact: true }).fill("Secret123");
    await main.getByRole("checkbox").check();
    await main.getByRole("button", { name: "खाता बनाउनुहोस्" }).click();
    await expect(main.getByText("फोन नम्बरको ढाँचा मिलेन")).toBeVisible();

    await main.getByLabel("फोन").fill("9812345678");
    await main.getByRole("button", { name: "खाता बनाउनुहोस्" }).click();
    await expect(page).toHaveURL(/\/ne$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

    // Cart panel → checkout, all in Nepali.
    await page.getByRole("button", { name: "कार्ट, १ सामान" }).click();
    const panel = page.getByRole("dialog", { name: /तपाईंको कार्ट/ });
    await expect(panel.getByText(DEVANAGARI_PRICE).first()).toBeVisible();
    await panel.getByRole("link", { name: "चेकआउट" }).click();
    await expect(page).toHaveURL(/\/ne\/checkout$/);
    const form = page.getByRole("group", { name: "ढुवानी विवरण" });
    await form.getByLabel("प्रदेश").selectOption("Bagmati");
    await form.getByLabel("जिल्ला").selectOption("Lalitpur");
    await form.getByLabel("नगरपालिका / क्षेत्र").fill("ललितपुर महानगरपालिका");
    await form.getByLabel("सडक / टोल").fill("झम्सिखेल");
    await expect(page.getByRole("radio", { name: /क्यास अन डेलिभरी/ })).toBeChecked();
    await expect(page.getByRole("complementary").getByText(DEVANAGARI_PRICE).first()).toBeVisible();
    await page.getByRole("button", { name: "अर्डर गर्नुहोस्" }).click();

    await expect(page).toHaveURL(/\/ne\/order-success\?orderId=/);
    await expect(page.getByRole("heading", { name: "अर्डर पक्का भयो!" })).toBeVisible();
    await expect(page.getByRole("main").getByText("क्यास अन डेलिभरी", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(DEVANAGARI_PRICE).first()).toBeVisible();

    // Back to English with the footer's switch: the page stays the same, and English is remembered from now on.
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/order-success\?orderId=/);
    await expect(page).not.toHaveURL(/\/ne\//);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await visit(page, "/products");
    await expect(page).toHaveURL(/\/products$/);
  });

  test("a first visit follows Accept-Language; a crawler without one, and an explicit choice of English, stay in English", async ({ browser, request }) => {
    const nepali = await browser.newContext({ locale: "ne-NP" });
    const page = await nepali.newPage();
    await page.goto("/products?category=football");
    await expect(page).toHaveURL(/\/ne\/products\?category=football$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await nepali.close();

    const plain = await request.get("/products", { headers: { accept: "text/html" }, maxRedirects: 0 });
    expect(plain.status()).toBe(200);
    const chosen = await request.get("/products", { headers: { accept: "text/html", "accept-language": "ne", cookie: "lang=en" }, maxRedirects: 0 });
    expect(chosen.status()).toBe(200);
    // The switch refuses an unknown language and never sends anyone to another site.
    expect((await request.get("/language?to=fr&next=/products", { maxRedirects: 0 })).status()).toBe(400);
    const offsite = await request.get(`/language?to=ne&next=${encodeURIComponent("//evil.example/x")}`, { maxRedirects: 0 });
    expect(offsite.status()).toBe(303);
    expect(offsite.headers().location).toBe("/ne");
  });

  test("the sitemap lists both languages", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.ok()).toBe(true);
    const xml = await res.text();
    expect(xml).toMatch(/<loc>[^<]*\/ne\/products\/[^<]+<\/loc>/);
    expect(xml).toMatch(/hreflang="ne"/);
  });
});

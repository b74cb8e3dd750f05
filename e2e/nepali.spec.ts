import { expect, test, type Page } from "@playwright/test";
import { ADMIN, CUSTOMER, listedProducts, signIn, visit } from "./support/pages";

/**
 * The shop in Nepali (docs/decisions/105–107, 086, 087, 089): URLs under /ne, the language switch, Nepali digits,
 * messages, product names and checkout, the Nepali order e-mail, and the account's language.
 */

interface ApiProduct {
  id: string;
  name: string;
  nameNe: string | null;
  slug: string;
  sizes: { size: string; stock: number }[];
}

async function jersey(page: Page): Promise<ApiProduct> {
  const all = await listedProducts<ApiProduct>(page.request, "limit=50");
  return all.find((p) => p.sizes.filter((s) => s.stock > 1).length >= 1)!;
}

/** Reloads a development page until it shows `text` (the outbox worker delivers within about a second). */
async function until(page: Page, path: string, text: string | RegExp) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.locator("body")).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the admin's edit dialog of a product (the page is signed in as an administrator). */
async function editProduct(page: Page, product: { name: string; slug: string }) {
  await visit(page, "/admin/products");
  await page.getByLabel("Search products").fill(product.name);
  await page.getByRole("row").filter({ hasText: product.slug }).getByRole("button", { name: "Edit" }).click();
  return page.getByRole("dialog", { name: `Edit ${product.name}` });
}

/** Writes `text` into one field of a product's admin form and saves it. */
async function saveProductField(page: Page, product: { name: string; slug: string }, label: string, text: string) {
  const dialog = await editProduct(page, product);
  await dialog.getByLabel(label).fill(text);
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!")).toBeVisible();
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
    // The product's Nepali name where the admin wrote one (docs/decisions/089).
    await expect(page.getByRole("heading", { level: 1, name: product.nameNe ?? product.name })).toBeVisible();
    await expect(page.getByRole("main").getByText(DEVANAGARI_PRICE).first()).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/ne/products/${product.slug}$`));
    // The alternates name the canonical page, without the visit's query (docs/decisions/184).
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/products/${product.slug}$`));

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
    // The lists and the summary name Nepal's places in Devanagari; the value sent stays the English name (decision 188).
    await expect(form.getByLabel("प्रदेश").locator("option:checked")).toHaveText("बागमती");
    await expect(form.getByLabel("जिल्ला").locator("option:checked")).toHaveText("ललितपुर");
    await expect(page.getByRole("complementary").getByText("ललितपुर जिल्ला, काठमाडौं उपत्यका")).toBeVisible();
    await form.getByLabel("नगरपालिका / क्षेत्र").fill("ललितपुर महानगरपालिका");
    await form.getByLabel("सडक / टोल").fill("झम्सिखेल");
    await expect(page.getByRole("radio", { name: /क्यास अन डेलिभरी/ })).toBeChecked();
    await expect(page.getByRole("complementary").getByText(DEVANAGARI_PRICE).first()).toBeVisible();
    await page.getByRole("button", { name: "अर्डर गर्नुहोस्" }).click();

    await expect(page).toHaveURL(/\/ne\/order-success\?orderId=/);
    await expect(page.getByRole("heading", { name: "अर्डर पक्का भयो!" })).toBeVisible();
    await expect(page.getByRole("main").getByText("क्यास अन डेलिभरी", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(DEVANAGARI_PRICE).first()).toBeVisible();

    // The order e-mail in the development outbox is Nepali: subject, रु. amounts, links to the Nepali order page.
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order as { orderNumber: string };
    const subject = `अर्डर ${order.orderNumber} प्राप्त भयो`;
    await until(page, "/dev/mail", subject);
    await page.getByRole("link", { name: subject }).click();
    const mail = page.locator("pre");
    await expect(mail).toContainText(`/ne/orders/${orderId}`);
    await expect(mail).toContainText("नमस्ते सीता शर्मा ज्यू");
    await expect(mail).toContainText(DEVANAGARI_PRICE);
    await expect(mail).toContainText("क्यास अन डेलिभरी");
    await expect(mail).toContainText(/अर्डर मिति: [०-९]+ [^ ]+ [०-९]{4} \(/);
    await visit(page, `/ne/order-success?orderId=${orderId}`);

    // Back to English with the footer's switch: the page stays the same, and English is remembered from now on.
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/order-success\?orderId=/);
    await expect(page).not.toHaveURL(/\/ne\//);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await visit(page, "/products");
    await expect(page).toHaveURL(/\/products$/);
  });

  test("a guest signs in on /ne/login after a Nepali error and reads an order in Nepali: Bikram Sambat dates, Nepali digits", async ({ page }) => {
    await visit(page, "/ne/login");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "फेरि स्वागत छ" })).toBeVisible();
    await main.getByLabel("इमेल", { exact: true }).fill(CUSTOMER.email);
    await main.getByLabel("पासवर्ड", { exact: true }).fill("Wrong-password-1");
    await main.getByRole("button", { name: "लगइन गर्नुहोस्" }).click();
    await expect(main.getByRole("alert")).toHaveText("इमेल वा पासवर्ड मिलेन। कृपया आफ्नो विवरण जाँच गर्नुहोस्।");

    await main.getByLabel("पासवर्ड", { exact: true }).fill(CUSTOMER.password);
    await main.getByRole("button", { name: "लगइन गर्नुहोस्" }).click();
    await expect(page).toHaveURL(/\/ne$/);

    // A cash-on-delivery order placed with the page's session (the checkout in Nepali is the test above).
    const product = await jersey(page);
    const placed = await page.request.post("/api/orders", {
      data: {
        items: [{ productId: product.id, size: product.sizes.find((s) => s.stock > 1)!.size, quantity: 1 }],
        shippingAddress: { fullName: "Sita Shrestha", email: CUSTOMER.email, phone: "9800000001", address: "Jhamsikhel Road 12", landmark: "Bhatbhateni", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" },
        paymentMethod: "COD",
      },
    });
    expect(placed.status()).toBe(201);
    await visit(page, `/ne/orders/${(await placed.json()).data.order.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    await expect(main.getByRole("heading", { level: 1, name: /^अर्डर #/ })).toBeVisible();
    // "८ मंसिर २०८३ मा अर्डर गरिएको": a Bikram Sambat date in Nepali digits, and every amount in rupees the Nepali way.
    await expect(main.getByText(/[०-९]{1,2} (बैशाख|जेठ|असार|साउन|भदौ|असोज|कात्तिक|मंसिर|पुस|माघ|फागुन|चैत) [०-९]{4}/).first()).toBeVisible();
    await expect(main.getByText(DEVANAGARI_PRICE).first()).toBeVisible();
    await expect(main.getByRole("heading", { name: "अर्डरको क्रम" })).toBeVisible();
    await expect(main.getByText(/Rs\.|Placed on|Order Timeline/)).toHaveCount(0);
    // The address's own words are Nepali too; the names stay as written.
    await expect(main.getByText("Jhamsikhel Road 12, Bhatbhateni नजिक, ललितपुर, बागमती प्रदेश 44700")).toBeVisible();
    await expect(main.getByText(/\bnear\b|Province/)).toHaveCount(0);
  });

  test("a cart filled on an English page shows its Nepali names on /ne/cart, in the panel and at /ne/checkout, its English one on /cart, and the order's Nepali page lists the line by its Nepali name", async ({ page }) => {
    // A product with a Nepali name (the seed's Nepal jerseys), put in the cart on its English page as a guest.
    const named = (await listedProducts<ApiProduct>(page.request, "limit=50")).find((p) => p.nameNe && p.sizes.some((s) => s.stock > 1))!;
    expect(named, "a seeded product with a Nepali name").toBeTruthy();
    await visit(page, `/products/${named.slug}`);
    const size = named.sizes.find((s) => s.stock > 1)!.size;
    await page.getByRole("radio", { name: size, exact: true }).check({ force: true });
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page.getByText(/added to cart!/).first()).toBeVisible();

    // The cart page and the cart panel on /ne name the line in Nepali; the English cart page in English (docs/decisions/117).
    await visit(page, "/ne/cart");
    const cartList = page.getByRole("main").getByRole("list", { name: "कार्टका सामानहरू", exact: true });
    await expect(cartList.getByRole("link", { name: named.nameNe!, exact: true }).first()).toBeVisible();
    await expect(cartList.getByText(named.name)).toHaveCount(0);
    await page.getByRole("banner").getByRole("button", { name: "कार्ट, १ सामान" }).click();
    const panel = page.getByRole("dialog", { name: /तपाईंको कार्ट/ });
    await expect(panel.getByRole("link", { name: named.nameNe!, exact: true })).toBeVisible();
    await expect(panel.getByText(named.name)).toHaveCount(0);
    await visit(page, "/cart");
    const englishList = page.getByRole("main").getByRole("list", { name: "Cart items", exact: true });
    await expect(englishList.getByRole("link", { name: named.name, exact: true }).first()).toBeVisible();
    await expect(englishList.getByText(named.nameNe!)).toHaveCount(0);
    await signIn(page, CUSTOMER, { via: "api" });

    // Checkout in Nepali: the summary names the line in Nepali (docs/decisions/117), not as the English page added it.
    await visit(page, "/ne/checkout");
    const summary = page.getByRole("complementary");
    await expect(summary.getByText(named.nameNe!, { exact: true })).toBeVisible();
    await expect(summary.getByText(named.name, { exact: true })).toHaveCount(0);
    const form = page.getByRole("group", { name: "ढुवानी विवरण" });
    await form.getByLabel("प्रदेश").selectOption("Bagmati");
    await form.getByLabel("जिल्ला").selectOption("Lalitpur");
    await form.getByLabel("नगरपालिका / क्षेत्र").fill("ललितपुर महानगरपालिका");
    await form.getByLabel("सडक / टोल").fill("झम्सिखेल");
    await page.getByRole("button", { name: "अर्डर गर्नुहोस्" }).click();
    await expect(page).toHaveURL(/\/ne\/order-success\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;

    // The order's page in Nepali lists the line by the Nepali name it was ordered under; the API keeps both.
    await visit(page, `/ne/orders/${orderId}`);
    await expect(page.getByRole("main").getByRole("link", { name: named.nameNe!, exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(named.name, { exact: true })).toHaveCount(0);
    const line = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order.items[0];
    expect(line).toMatchObject({ name: named.name, nameNe: named.nameNe });
  });

  test("the cart check's notices on /ne/cart are in Nepali: a lower price in रु. and Nepali digits, the stock or the per-item limit", async ({ page }) => {
    const all = await listedProducts<ApiProduct & { finalPrice: number; price: number }>(page.request, "limit=50");
    const product = all.find((p) => p.sizes.some((s) => s.stock > 1))!;
    const size = product.sizes.find((s) => s.stock > 1)!;
    await visit(page, "/ne");
    // A cart saved earlier, when the jersey cost more and more were wanted than exist (docs/decisions/127).
    await page.evaluate(
      ([prod, s]) => {
        const line = { key: `${prod.id}-${s.size}-default`, productId: prod.id, name: prod.name, slug: prod.slug, image: null, price: prod.finalPrice + 50_000, originalPrice: prod.price, quantity: s.stock + 5, stock: s.stock + 5, size: s.size, color: "default" };
        localStorage.setItem("cart", JSON.stringify([line]));
      },
      [product, size] as const,
    );
    await page.goto("/ne/cart");
    const notices = page.getByRole("main").getByRole("status");
    await expect(notices.filter({ hasText: /^मूल्य रु\. [०-९,]+ बाट घटेर रु\. [०-९,]+ भयो$/ })).toHaveCount(1);
    const nepali = (n: number) => String(n).replace(/[0-9]/g, (d) => "०१२३४५६७८९"[Number(d)]!);
    const limit = size.stock > 10 ? "एउटा अर्डरमा एउटै सामान बढीमा १० वटा मात्र हुन सक्छ" : `साइज ${size.size} मा ${nepali(size.stock)} वटा मात्र बाँकी छ`;
    await expect(notices.filter({ hasText: limit })).toHaveCount(1);
    await expect(page.getByRole("main")).not.toContainText("Price dropped");
  });

  test("a line added on a Nepali product page reads its English name on /cart and in the panel on an English page", async ({ page }) => {
    const named = (await listedProducts<ApiProduct>(page.request, "limit=50")).find((p) => p.nameNe && p.sizes.some((s) => s.stock > 1))!;
    await visit(page, `/ne/products/${named.slug}`);
    await page.getByRole("radio", { name: named.sizes.find((s) => s.stock > 1)!.size, exact: true }).check({ force: true });
    await page.getByRole("button", { name: "कार्टमा राख्नुहोस्" }).first().click();
    await expect(page.getByText("कार्टमा राखियो!").first()).toBeVisible();

    await visit(page, "/cart");
    const list = page.getByRole("main").getByRole("list", { name: "Cart items", exact: true });
    await expect(list.getByRole("link", { name: named.name, exact: true }).first()).toBeVisible();
    await expect(list.getByText(named.nameNe!)).toHaveCount(0);
    await page.getByRole("banner").getByRole("button", { name: /^Cart, 1 item/ }).click();
    const panel = page.getByRole("dialog", { name: /Your Cart/ });
    await expect(panel.getByRole("link", { name: named.name, exact: true })).toBeVisible();
    await expect(panel.getByText(named.nameNe!)).toHaveCount(0);
  });

  test("without scripts, the cart page names the cookie cart's line in the page's language", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const named = (await listedProducts<ApiProduct>(page.request, "limit=50")).find((p) => p.nameNe && p.sizes.some((s) => s.stock > 1))!;
    const line = { p: named.id, s: named.sizes.find((s) => s.stock > 1)!.size, c: "default", q: 1 };
    await context.addCookies([{ name: "kk_cart", value: encodeURIComponent(JSON.stringify([line])), domain: "localhost", path: "/" }]);

    await page.goto("/ne/cart");
    const nepali = page.getByRole("main").getByRole("list", { name: "कार्टका सामानहरू", exact: true });
    await expect(nepali.getByRole("link", { name: named.nameNe!, exact: true }).first()).toBeVisible();
    await expect(nepali.getByText(named.name)).toHaveCount(0);
    await page.goto("/cart");
    const english = page.getByRole("main").getByRole("list", { name: "Cart items", exact: true });
    await expect(english.getByRole("link", { name: named.name, exact: true }).first()).toBeVisible();
    await expect(english.getByText(named.nameNe!)).toHaveCount(0);
    await context.close();
  });

  test("without scripts, a Nepali page's search, catalogue filters and profile tabs stay on Nepali pages", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The header's search: the Nepali catalogue, searched.
    await page.goto("/ne/about");
    const header = page.getByRole("banner");
    await header.getByRole("combobox").first().fill("nepal");
    await header.getByRole("button", { name: "खोज्नुहोस्" }).first().click();
    await expect(page).toHaveURL(/\/ne\/products\?q=nepal$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    // The catalogue's filters: "Apply" keeps the page in Nepali.
    await page.getByRole("button", { name: "लागू गर्नुहोस्" }).click();
    await expect(page).toHaveURL(/\/ne\/products\?/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    // The profile's tabs (a form each without scripts).
    await signIn(page, CUSTOMER, { redirect: "/profile" });
    await page.goto("/ne/profile");
    await page.getByRole("tab", { name: "अर्डरहरू" }).click();
    await expect(page).toHaveURL(/\/ne\/profile\?tab=orders$/);
    await expect(page.getByRole("tab", { name: "अर्डरहरू" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "सुरक्षा" }).click();
    await expect(page).toHaveURL(/\/ne\/profile$/);
    await expect(page.getByRole("tab", { name: "सुरक्षा" })).toHaveAttribute("aria-selected", "true");
    await context.close();
  });

  test("the Nepali blog's category chips are Nepali, and a category's Nepali name finds its products", async ({ page }) => {
    await visit(page, "/ne/blogs");
    const main = page.getByRole("main");
    // The category filter and every post card's chip name the category in Nepali; no English category name is left.
    await expect(main.locator('select[name="category"] option[value="buying-guide"]')).toHaveText("किन्ने गाइड");
    const chips = main.getByRole("listitem").getByText(/^(किन्ने गाइड|हेरचाह गाइड|खेलकुदको इतिहास|समाचार|फेसन)$/);
    await expect(chips.first()).toBeVisible();
    await expect(main.getByRole("listitem").getByText(/^(Buying Guide|Care Guide|Sports History|News|Fashion)$/)).toHaveCount(0);

    // "फुटबल" is a word of the category "फुटबल जर्सी" only: the search finds the football shirts.
    const found = await page.request.get(`/api/products/search?q=${encodeURIComponent("फुटबल")}`);
    expect(found.ok()).toBe(true);
    const products = (await found.json()).data.products as { category: { slug: string } | null }[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.category?.slug === "football-jerseys")).toBe(true);
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

  test("the account remembers the language: switched to Nepali while signed in, the next sign-in opens Nepali pages", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const account = { email: `language-${Date.now()}@example.com`, password: "Secret123" };
    const registered = await page.request.post("/api/auth/register", { data: { name: "Hari Thapa", email: account.email, phone: "9812345679", ...account, confirmPassword: account.password } });
    expect(registered.status()).toBe(201);
    await visit(page, "/products");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("banner").getByRole("link", { name: "नेपाली" }).click();
    await expect(page).toHaveURL(/\/ne\/products$/);

    // Signed out and the cookie gone (another browser): signing in on the English login page opens Nepali pages.
    await context.clearCookies();
    await signIn(page, account);
    await expect(page).toHaveURL(/\/ne$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("ne");
    // The API answers the account's language when the request names none.
    const me = await page.request.get("/api/auth/me");
    expect((await me.json()).data.user.locale).toBe("ne");
    await context.close();
  });

  test("features and the store's address: the demo data's Nepali ones at 360 px, the admin's own from the forms, English on English pages and when emptied", async ({ page, browser }, testInfo) => {
    test.setTimeout(60_000);
    // A demo product (each lists its features in Nepali), not one another spec made without them.
    const all = await listedProducts<ApiProduct & { features: string[]; featuresNe: string[] }>(page.request, "limit=50");
    const full = all.find((p) => p.featuresNe.length > 0 && p.features.length > 0)!;
    const product = full;
    const seededAddress = "न्युरोड, काठमाडौं 44600, नेपाल";

    // A shopper on a phone: the Nepali page lists the Nepali features and the footer the Nepali address, nothing wider than the screen.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const shopper = await phone.newPage();
    await visit(shopper, `/ne/products/${product.slug}`);
    const description = shopper.getByRole("tabpanel");
    for (const line of full.featuresNe) await expect(description.getByRole("listitem").filter({ hasText: line })).toBeVisible();
    await expect(description.getByText(full.features[0]!, { exact: true })).toHaveCount(0);
    await expect(shopper.getByRole("contentinfo").getByText(seededAddress)).toBeVisible();
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await description.scrollIntoViewIfNeeded();
    await testInfo.attach("ne-product-features-360", { body: await shopper.screenshot({ path: testInfo.outputPath("ne-product-features-360.png") }), contentType: "image/png" });
    await shopper.getByRole("contentinfo").getByText(seededAddress).scrollIntoViewIfNeeded();
    await testInfo.attach("ne-footer-360", { body: await shopper.screenshot({ path: testInfo.outputPath("ne-footer-360.png") }), contentType: "image/png" });
    // The demo posts are in Nepali too: title, page title and text.
    await visit(shopper, "/ne/blogs/how-to-spot-a-fake-football-jersey-7-checks-before-you-buy");
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("नक्कली फुटबल जर्सी कसरी चिन्ने: किन्नुअघि ७ वटा जाँच");
    await expect(shopper).toHaveTitle(/^नक्कली फुटबल जर्सी/);
    await expect(shopper.getByRole("main").getByText("Before you pay, run through these checks.")).toHaveCount(0);
    await testInfo.attach("ne-blog-post-360", { body: await shopper.screenshot({ path: testInfo.outputPath("ne-blog-post-360.png") }), contentType: "image/png" });
    await visit(shopper, `/products/${product.slug}`);
    await expect(shopper.getByRole("tabpanel").getByRole("listitem").filter({ hasText: full.features[0]! })).toBeVisible();
    await expect(shopper.getByRole("contentinfo").getByText("New Road, Kathmandu 44600, Nepal")).toBeVisible();

    // The administrator writes their own Nepali features and address in the forms, then empties them.
    await signIn(page, ADMIN, { redirect: "/admin" });
    const saveFeatures = (text: string) => saveProductField(page, product, "Features (Nepali, optional)", text);
    const saveAddress = async (text: string) => {
      await visit(page, "/admin/settings");
      await page.getByLabel("Address (Nepali, optional)").fill(text);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();
    };
    try {
      // The form's own check, with the contracts' message, before anything is sent.
      const dialog = await editProduct(page, product);
      // The label's name includes the text typed in it, so the English field is the first "Features…".
      await expect(dialog.getByLabel(/^Features(?! \(Nepali)/)).toHaveValue(full.features.join("\n"));
      await expect(dialog.getByLabel("Features (Nepali, optional)")).toHaveValue(full.featuresNe.join("\n"));
      await dialog.getByLabel("Features (Nepali, optional)").fill(Array.from({ length: 21 }, (_, i) => `विशेषता ${i + 1}`).join("\n"));
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(dialog.getByText("A product can list at most 20 features")).toBeVisible();

      await saveFeatures("हलुका जालीदार कपडा\n  \nनाम र नम्बर छाप्न मिल्ने");
      await saveAddress("ठमेल मार्ग, काठमाडौं");
      await visit(shopper, `/ne/products/${product.slug}`);
      await expect(shopper.getByRole("tabpanel").getByRole("listitem")).toHaveText(["हलुका जालीदार कपडा", "नाम र नम्बर छाप्न मिल्ने"]);
      await expect(shopper.getByRole("contentinfo").getByText("ठमेल मार्ग, काठमाडौं")).toBeVisible();
      await visit(shopper, "/ne/contact");
      await expect(shopper.getByRole("main").locator("address")).toHaveText("ठमेल मार्ग, काठमाडौं");

      await saveFeatures("");
      await saveAddress("");
      await visit(shopper, `/ne/products/${product.slug}`);
      await expect(shopper.getByRole("tabpanel").getByRole("listitem")).toHaveText(full.features);
      await expect(shopper.getByRole("contentinfo").getByText("New Road, Kathmandu 44600, Nepal")).toBeVisible();
    } finally {
      await saveFeatures(full.featuresNe.join("\n")).catch(() => undefined);
      await saveAddress(seededAddress);
      await phone.close();
    }
  });

  test("the specification table: the demo data's Nepali values at 360 px, row by row, the admin's own from the form", async ({ page, browser }, testInfo) => {
    test.setTimeout(60_000);
    type Specs = { specifications: Record<string, string>; specificationsNe: Record<string, string> };
    const all = await listedProducts<ApiProduct & Specs>(page.request, "limit=50");
    const product = all.find((p) => p.specificationsNe.Material && p.specifications.Brand)!;
    const rows = async (shopper: Page, tab: string) => {
      await shopper.getByRole("tab", { name: tab }).click();
      const table = shopper.getByRole("tabpanel").locator("dl > div");
      return table.evaluateAll((divs) => divs.map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]));
    };

    // A shopper on a phone: Nepali names and values, the brand (no Nepali value) as written, nothing wider than the screen.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const shopper = await phone.newPage();
    await visit(shopper, `/ne/products/${product.slug}`);
    const nepali = await rows(shopper, "विशेषताहरू");
    expect(nepali).toContainEqual(["ब्रान्ड", product.specifications.Brand]);
    expect(nepali).toContainEqual(["कपडा", product.specificationsNe.Material]);
    expect(nepali).toContainEqual(["हेरचाह", product.specificationsNe.Care]);
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shopper.getByRole("tabpanel").scrollIntoViewIfNeeded();
    await testInfo.attach("ne-product-specifications-360", { body: await shopper.screenshot({ path: testInfo.outputPath("ne-product-specifications-360.png") }), contentType: "image/png" });
    await visit(shopper, `/products/${product.slug}`);
    expect(await rows(shopper, "Specifications")).toContainEqual(["Material", product.specifications.Material]);

    // The administrator gives only "Fit" a Nepali value: that row changes, the others show their English values.
    await signIn(page, ADMIN, { redirect: "/admin" });
    const nepaliField = () => editProduct(page, product);
    const saveSpecs = async (text: string) => {
      const dialog = await nepaliField();
      await dialog.getByLabel("Specifications (Nepali, optional)").fill(text);
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(page.getByText("Product updated successfully!")).toBeVisible();
    };
    const seeded = Object.entries(product.specificationsNe).map(([name, value]) => `${name}: ${value}`).join("\n");
    try {
      const dialog = await nepaliField();
      // The label's name includes the text typed in it, so the English field is the first "Specifications…".
      await expect(dialog.getByLabel(/^Specifications(?! \(Nepali)/)).toHaveValue(new RegExp(`Material: ${product.specifications.Material}`));
      await expect(dialog.getByLabel("Specifications (Nepali, optional)")).toHaveValue(seeded);
      await dialog.getByLabel("Specifications (Nepali, optional)").fill("Fit");
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(dialog.getByText("A specification value cannot be empty")).toBeVisible();
      // A Nepali row the English table does not have would be saved and never shown.
      await dialog.getByLabel("Specifications (Nepali, optional)").fill("कपडा: सुती");
      await dialog.getByRole("button", { name: "Update Product" }).click();
      await expect(dialog.getByText("Each Nepali value needs an English specification of the same name")).toBeVisible();

      await saveSpecs("Fit: खुकुलो");
      await visit(shopper, `/ne/products/${product.slug}`);
      const mine = await rows(shopper, "विशेषताहरू");
      expect(mine).toContainEqual(["फिट", "खुकुलो"]);
      expect(mine).toContainEqual(["कपडा", product.specifications.Material]);
    } finally {
      await saveSpecs(seeded).catch(() => undefined);
      await phone.close();
    }
  });

  test("the team line of a card, its quick view and its product page is the Nepali team on Nepali pages, the admin's own from the form, English on English pages", async ({ page }) => {
    test.setTimeout(60_000);
    type Teamed = ApiProduct & { team: string | null; teamNe: string | null };
    const product = (await listedProducts<Teamed>(page.request, "limit=50")).find((p) => p.team && p.teamNe && p.nameNe)!;
    const card = () => page.getByRole("article").filter({ has: page.getByRole("heading", { name: product.nameNe!, exact: true }) });
    // The line above the product page's own name: "You May Also Like" below may show other products of the same team.
    const teamLine = () => page.getByRole("main").getByRole("heading", { level: 1 }).locator("xpath=preceding-sibling::p[1]");

    await visit(page, "/ne/products");
    await expect(card().locator(".card-team")).toHaveText(product.teamNe!);
    await card().getByRole("button", { name: `${product.nameNe} छिटो हेर्नुहोस्` }).click();
    await expect(page.getByRole("dialog").getByText(product.teamNe!, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await visit(page, `/ne/products/${product.slug}`);
    await expect(teamLine()).toHaveText(product.teamNe!);
    await visit(page, `/products/${product.slug}`);
    await expect(teamLine()).toHaveText(product.team!);
    await expect(page.getByRole("main").getByText(product.teamNe!, { exact: true })).toHaveCount(0);

    const saveTeamNe = (text: string) => saveProductField(page, product, "Team (Nepali, optional)", text);
    await signIn(page, ADMIN, { redirect: "/admin" });
    try {
      await expect((await editProduct(page, product)).getByLabel("Team (Nepali, optional)")).toHaveValue(product.teamNe!);
      await saveTeamNe("हिमाली टोली");
      await visit(page, `/ne/products/${product.slug}`);
      await expect(teamLine()).toHaveText("हिमाली टोली");
      await saveTeamNe("");
      await visit(page, `/ne/products/${product.slug}`);
      await expect(teamLine()).toHaveText(product.team!);
    } finally {
      await saveTeamNe(product.teamNe!);
    }
  });

  test("product pictures are described in Nepali on Nepali pages and in English on English ones", async ({ page }) => {
    const all = await listedProducts<ApiProduct>(page.request, "limit=50");
    const product = all[0]!;
    type Described = { nameNe: string | null; images: { altText: string; altTextNe: string }[] };
    const known = new Map<string, Described>();
    const described = async (slug: string) => {
      if (!known.has(slug)) known.set(slug, (await (await page.request.get(`/api/products/slug/${slug}`)).json()).data.product);
      return known.get(slug)!;
    };
    // Each product picture of the page with the slug of the product it shows.
    const pictures = async (path: string) => {
      await visit(page, path);
      const links = await page.locator('main a[href*="/products/"] img').evaluateAll((imgs) => imgs.map((i) => [i.closest("a")!.getAttribute("href")!, i.getAttribute("alt") ?? ""]));
      const main = await page.locator('main img[fetchpriority="high"]').evaluateAll((imgs) => imgs.map((i) => [i.closest("a")?.getAttribute("href") ?? location.pathname, i.getAttribute("alt") ?? ""]));
      return [...links, ...main]
        .filter(([href]) => href!.includes("/products/"))
        .map(([href, alt]) => ({ slug: decodeURIComponent(href!.split("/products/")[1]!.split(/[?#]/)[0]!), alt: alt! }));
    };
    for (const path of ["/ne", "/ne/products", `/ne/products/${product.slug}`]) {
      const seen = await pictures(path);
      expect(seen.length, path).toBeGreaterThan(0);
      for (const { slug, alt } of seen) {
        const p = await described(slug);
        // The picture's own Nepali text, else the product's Nepali name, else the English text (docs/decisions/135).
        const expected = p.images.map((i) => i.altTextNe || p.nameNe || i.altText);
        expect(expected, `${path}: ${slug}`).toContain(alt);
      }
      // The demo's own descriptions end with the side the picture shows, in Nepali.
      expect(seen.some(({ alt }) => /(अगाडिको|पछाडिको) दृश्य$/.test(alt)), path).toBe(true);
    }
    for (const path of ["/", "/products", `/products/${product.slug}`]) {
      for (const { slug, alt } of await pictures(path)) {
        expect((await described(slug)).images.map((i) => i.altText), `${path}: ${slug}`).toContain(alt);
        expect(alt, path).not.toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  test("the sitemap lists both languages", async ({ request }) => {
    const res = await request.get("/sitemaps/products-1.xml");
    expect(res.ok()).toBe(true);
    const xml = await res.text();
    expect(xml).toMatch(/<loc>[^<]*\/ne\/products\/[^<]+<\/loc>/);
    expect(xml).toMatch(/hreflang="ne"/);
  });
});

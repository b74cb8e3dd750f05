import { expect, test } from "@playwright/test";
import { formatNPR } from "@khelkud/contracts";
import { CUSTOMER, signIn } from "./support/sign-in";
import { openResetLink } from "./support/pages";

/**
 * The storefront's forms before (or without) the page's scripts: each posts to its route action, which checks the
 * contracts' schema and calls the API (docs/decisions/088). JavaScript is off for every test here.
 */
test.use({ javaScriptEnabled: false });

test("signs in with JavaScript off: a wrong password is named, the right one signs in and lands where the link asked", async ({ page, context }) => {
  await page.goto("/login?redirect=/profile");
  await page.getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-Password1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password. Please check your credentials.");
  // The e-mail is kept, the password is not sent back.
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(CUSTOMER.email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect((await context.cookies()).find((c) => c.name === "kk_session")).toBeUndefined();

  await page.getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const session = (await context.cookies()).find((c) => c.name === "kk_session");
  expect(session?.httpOnly).toBe(true);
  await expect(page.getByRole("button", { name: /Account menu for/ })).toBeVisible();
});

test("a field left empty at sign-in gets its message next to the field", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("registers with JavaScript off: a field error first, then the account is created and signed in", async ({ page, context }) => {
  const email = `e2e-nojs-${Date.now().toString(36)}@example.com`;
  await page.goto("/register");
  await page.getByLabel("Full Name").fill("Bishal Tamang");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone").fill("12");
  await page.getByLabel("Password", { exact: true }).fill("Himal2026");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Himal2026");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Invalid phone number format")).toBeVisible();
  // What was typed comes back, passwords excepted; nothing was created.
  await expect(page.getByLabel("Full Name")).toHaveValue("Bishal Tamang");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  expect((await context.cookies()).find((c) => c.name === "kk_session")).toBeUndefined();

  await page.getByLabel("Phone").fill("9812345678");
  await page.getByLabel("Password", { exact: true }).fill("Himal2026");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Himal2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).find((c) => c.name === "kk_session")?.httpOnly).toBe(true);
  await expect(page.getByRole("button", { name: "Account menu for Bishal Tamang" })).toBeVisible();
});

test("the contact form names a wrong field, then sends the message with JavaScript off", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("First name").fill("Sita");
  await page.getByLabel("Last name").fill("Rai");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Do you ship jerseys to Pokhara?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Sita");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Do you ship jerseys to Pokhara?");

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(`e2e-nojs-contact-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toContainText("We will reply by e-mail within 24 hours.");
});

test("a sign-in posted from another site is refused and signs nobody in", async ({ request }) => {
  const form = { email: CUSTOMER.email, password: CUSTOMER.password };
  const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { referer: "https://evil.example/page" }, { "sec-fetch-site": "cross-site" }];
  for (const headers of foreign) {
    const res = await request.post("/login", { form, headers, maxRedirects: 0 });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
    expect((await res.json()).error).toBe("Cross-site request refused");
    expect(res.headers()["set-cookie"] ?? "").not.toContain("kk_session");
  }
  // The same post from the shop's own page signs in.
  const own = await request.post("/login", { form, headers: { "sec-fetch-site": "same-origin" }, maxRedirects: 0 });
  expect(own.status()).toBe(303);
  expect(own.headers()["set-cookie"]).toContain("kk_session=");
});

test("a form post the action cannot read is a 4xx, never a 500", async ({ request }) => {
  const cases: { data: string | Buffer; type: string; status: number }[] = [
    { data: "email=a%00b%40example.com&password=x", type: "application/x-www-form-urlencoded", status: 400 },
    { data: Buffer.from([0x65, 0x3d, 0xff, 0xfe]), type: "application/x-www-form-urlencoded", status: 400 },
    { data: '{"email":"a@b.co","password":"x"}', type: "application/json", status: 415 },
    { data: `email=${"a".repeat(70_000)}`, type: "application/x-www-form-urlencoded", status: 413 },
  ];
  for (const c of cases) {
    const res = await request.post("/login", { data: c.data, headers: { "content-type": c.type }, maxRedirects: 0 });
    expect(res.status(), c.type).toBe(c.status);
  }
});

test("asks for a password-reset link with JavaScript off", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();
});

test("resets a forgotten password with JavaScript off, from the link in the e-mail, and is signed in", async ({ page, context }) => {
  const email = await newCustomer(page, "Dawa Lama");
  await context.clearCookies();
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await openResetLink(page, email);
  // The page keeps its token out of every Referer, and still lets the browser name the shop as the origin of its own
  // form (a page with no referrer at all posts as `Origin: null`, which is refused as cross-site).
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/reset-password");
  await page.getByLabel("New Password", { exact: true }).fill("Kathmandu2027");
  await page.getByLabel("Confirm Password", { exact: true }).fill("Kathmandu2027");
  await page.getByRole("button", { name: "Reset Password" }).click();
  expect((await (await posted).allHeaders()).origin).toBe(new URL(page.url()).origin);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dawa Lama" })).toBeVisible();
});

test("the footer's newsletter box subscribes with JavaScript off, and says so the second time", async ({ page }) => {
  const email = `e2e-nojs-news-${Date.now()}@example.com`;
  for (const expected of ["Thanks for subscribing! Check your inbox for a confirmation.", "This email is already subscribed to our newsletter."]) {
    await page.goto("/about");
    const box = page.getByRole("form", { name: "Newsletter" });
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByText(expected)).toBeVisible();
  }
});

/** A fresh customer of its own, so changing the profile or password leaves the demo account as it is. */
async function newCustomer(page: import("@playwright/test").Page, name: string) {
  const email = `e2e-nojs-profile-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await page.request.post("/api/auth/register", { data: { name, email, phone: "9812345678", password: "Himal2026", confirmPassword: "Himal2026" } });
  expect(created.ok()).toBe(true);
  return email;
}

test("edits the profile with JavaScript off: a wrong field comes back with what was typed, then it is saved", async ({ page }) => {
  await newCustomer(page, "Pasang Sherpa");
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByRole("heading", { name: "Edit Personal Information" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Pasang Lhamu Sherpa");
  await page.getByLabel("Phone").fill("12");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Invalid phone number", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full Name")).toHaveValue("Pasang Lhamu Sherpa");

  // Cancel leaves the form without saving.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Pasang Sherpa" })).toBeVisible();

  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("Full Name").fill("Pasang Lhamu Sherpa");
  await page.getByLabel("Municipality / Area").fill("Namche");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Pasang Lhamu Sherpa" })).toBeVisible();
  await expect(page.getByText("Namche")).toBeVisible();
});

test("a new e-mail address without the current password is refused with the field's message, JavaScript off", async ({ page }) => {
  const email = await newCustomer(page, "Dawa Sherpa");
  await page.goto("/profile?edit=details");
  await page.getByLabel("Email", { exact: true }).fill(`moved-${email}`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(`moved-${email}`);
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("changes the password with JavaScript off: the Security tab opens, a wrong current password is named, then it changes", async ({ page, context }) => {
  const email = await newCustomer(page, "Nima Lama");
  await page.goto("/profile?tab=security");
  // The Security tab is reached only by its tab (docs/product-rules.md §10).
  await expect(page.getByRole("heading", { name: "Change Password" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Security" }).click();
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is required")).toBeVisible();

  await page.getByLabel("Current Password", { exact: true }).fill("Wrong2026x");
  await page.getByLabel("New Password", { exact: true }).fill("Annapurna2027");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("Annapurna2027");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Current Password", { exact: true }).fill("Himal2026");
  await page.getByLabel("New Password", { exact: true }).fill("Annapurna2027");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("Annapurna2027");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password updated successfully!" })).toBeVisible();

  await context.clearCookies();
  await signIn(page, { email, password: "Annapurna2027" });
});

interface ListedProduct {
  id: string;
  slug: string;
  name: string;
  sizes: { size: string; stock: number }[];
}

/** A product with a size in stock, from the public list (only id, slug, name and sizes are read). */
async function productInStock(page: import("@playwright/test").Page): Promise<ListedProduct & { size: string }> {
  const res = await page.request.get("/api/products?limit=50");
  expect(res.ok()).toBe(true);
  const list: ListedProduct[] = (await res.json()).data.products;
  for (const p of list) {
    const detail = (await (await page.request.get(`/api/products/slug/${p.slug}`)).json()).data.product as ListedProduct;
    const size = detail.sizes.find((s) => s.stock >= 2);
    if (size) return { ...detail, size: size.size };
  }
  throw new Error("no product in stock");
}

/** The cart's cookie as a hostile client would write it (docs/decisions/104). */
async function setCartCookie(context: import("@playwright/test").BrowserContext, value: string) {
  await context.addCookies([{ name: "kk_cart", value, domain: "localhost", path: "/" }]);
}

/** Checkout's address, typed field by field (the district list shows every district without scripts). */
async function fillAddress(form: import("@playwright/test").Locator) {
  await form.getByLabel("Full Name").fill("Sunita Gurung");
  await form.getByLabel("Email").fill(CUSTOMER.email);
  await form.getByLabel("Phone").fill("9812345678");
  await form.getByLabel("Province").selectOption("Gandaki");
  await form.getByLabel("District").selectOption("Kaski");
  await form.getByLabel("Municipality / Area").fill("Pokhara");
  await form.getByLabel("Street / Tole").fill("Lakeside");
}

test("buys with JavaScript off: Add to Cart posts to the page, checkout names empty fields, then cash on delivery places the order once", async ({ page, context }) => {
  await signIn(page);
  const product = await productInStock(page);
  await page.goto(`/products/${product.slug}`);
  // Without a size the line is refused with the picker's message.
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select a size" })).toBeVisible();
  await page.locator("label", { has: page.getByRole("radio", { name: product.size, exact: true }) }).click();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${product.name} added to cart!` })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "kk_cart");
  expect(decodeURIComponent(cookie!.value)).not.toContain("price");

  await page.getByRole("status").getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const items = page.getByRole("list", { name: "Items in this order" });
  await expect(items.getByRole("listitem")).toHaveCount(1);
  await expect(items).toContainText(product.name);
  await expect(items).toContainText("× 2");

  // Every field emptied: the action answers each one's message next to it.
  const form = page.getByRole("group", { name: "Shipping Information" });
  for (const label of ["Full Name", "Email", "Phone", "Municipality / Area", "Street / Tole"]) await form.getByLabel(label).fill("");
  await form.getByLabel("Province").selectOption("");
  await form.getByLabel("District").selectOption("");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText("Full Name is required")).toBeVisible();
  await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(items.getByRole("listitem")).toHaveCount(1);

  await fillAddress(form);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?orderId=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  // The cart's cookie is cleared with the order; the order is confirmed cash on delivery.
  expect((await context.cookies()).find((c) => c.name === "kk_cart")).toBeUndefined();
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
  expect(order).toMatchObject({ paymentMethod: "COD", status: "PROCESSING" });
  expect(order.items[0]).toMatchObject({ quantity: 2, size: product.size });
});

test("the same checkout form sent twice places one order", async ({ page, context }) => {
  await signIn(page);
  const product = await productInStock(page);
  await setCartCookie(context, encodeURIComponent(JSON.stringify([{ p: product.id, s: product.size, c: "default", q: 1 }])));
  await page.goto("/checkout");
  const fields = await page.locator("form[method=post]").filter({ has: page.getByRole("button", { name: "Place Order" }) }).evaluate((form: HTMLFormElement) => new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString());
  const headers = { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" };
  const first = await page.request.post("/checkout", { data: fields, headers, maxRedirects: 0 });
  expect(first.status()).toBe(303);
  // The second send still carries the cart (as a browser resending the page would); it finds the same order.
  await setCartCookie(context, encodeURIComponent(JSON.stringify([{ p: product.id, s: product.size, c: "default", q: 1 }])));
  const second = await page.request.post("/checkout", { data: fields, headers, maxRedirects: 0 });
  expect(second.status()).toBe(303);
  expect(second.headers().location).toBe(first.headers().location);
});

test("a hostile cart cookie is read as nothing or refused, never a 500 and never a forged price", async ({ page, context }) => {
  await signIn(page);
  const product = await productInStock(page);
  const real = (await (await page.request.get(`/api/products/slug/${product.slug}`)).json()).data.product as { finalPrice: number };

  // A forged price is not part of the cookie: checkout shows and charges the shop's price.
  await setCartCookie(context, encodeURIComponent(JSON.stringify([{ p: product.id, s: product.size, c: "default", q: 1, price: 1, finalPrice: 1 }])));
  await page.goto("/checkout");
  const items = page.getByRole("list", { name: "Items in this order" });
  await expect(items.getByRole("listitem")).toHaveCount(1);
  await expect(items).not.toContainText("Rs. 0.01");
  await expect(items).toContainText(formatNPR(real.finalPrice));

  // An unknown product: its line says so, and placing the order is refused with the API's message.
  await setCartCookie(context, encodeURIComponent(JSON.stringify([{ p: "00000000-0000-4000-8000-000000000000", s: "M", c: "default", q: 1 }])));
  const unknown = await page.goto("/checkout");
  expect(unknown!.status()).toBe(200);
  await expect(page.getByRole("alert").first()).toBeVisible();

  // Unreadable cookies: the page says the saved cart could not be read.
  const unreadable = [
    "%5B%7B%22p%22%3A", // malformed JSON
    "%00",
    encodeURIComponent(JSON.stringify([{ p: product.id, s: "M\0", c: "default", q: 1 }])),
  ];
  for (const value of unreadable) {
    await setCartCookie(context, value);
    const res = await page.goto("/checkout");
    expect(res!.status(), value).toBe(200);
    await expect(page.getByText("Your saved cart could not be read"), value).toBeVisible();
  }
  // 31 lines, longer than a browser keeps in one cookie: only a hand-made request can send it.
  const tooMany = encodeURIComponent(JSON.stringify(Array.from({ length: 31 }, (_, i) => ({ p: product.id, s: `S${i}`, c: "default", q: 1 }))));
  const session = (await context.cookies()).find((c) => c.name === "kk_session")!;
  const long = await page.request.fetch("/checkout", { headers: { cookie: `kk_session=${session.value}; kk_cart=${tooMany}` } });
  expect(long.status()).toBe(200);
  expect(await long.text()).toContain("Your saved cart could not be read");

  // Posting the form with an unreadable cookie is refused with the same sentence, and places nothing.
  await setCartCookie(context, "%00");
  const post = await page.request.post("/checkout", { form: { fullName: "X" }, headers: { "sec-fetch-site": "same-origin" }, maxRedirects: 0 });
  expect(post.status()).toBe(400);

  // Ten thousand lines do not fit in any request's headers: the server refuses the request itself, not with a 500.
  // Last, because the server closes that connection after its answer.
  const huge = encodeURIComponent(JSON.stringify(Array.from({ length: 10_000 }, () => ({ p: product.id, s: product.size, c: "default", q: 1 }))));
  const res = await page.request.get("/checkout", { headers: { cookie: `kk_cart=${huge}` }, maxRedirects: 0 });
  expect(res.status()).toBeGreaterThanOrEqual(400);
  expect(res.status()).toBeLessThan(500);
});

test("Add to Cart and checkout posts the actions cannot use are a 4xx that adds and places nothing", async ({ page, context }) => {
  await signIn(page);
  const product = await productInStock(page);
  const headers = { "sec-fetch-site": "same-origin" };
  const raw = [
    { data: "productId=a%00b", type: "application/x-www-form-urlencoded", status: 400 },
    { data: '{"productId":"x"}', type: "application/json", status: 415 },
    { data: `productId=${"a".repeat(70_000)}`, type: "application/x-www-form-urlencoded", status: 413 },
  ];
  for (const path of [`/products/${product.slug}`, "/checkout"]) {
    for (const c of raw) {
      const res = await page.request.post(path, { data: c.data, headers: { ...headers, "content-type": c.type }, maxRedirects: 0 });
      expect(res.status(), `${path} ${c.type}`).toBe(c.status);
    }
  }
  // Another product's id, a size the product does not have: refused; a huge quantity is bounded by the stock and ten.
  for (const form of [{ productId: "someone-else", size: product.size }, { productId: product.id, size: "XXXXL" }]) {
    const res = await page.request.post(`/products/${product.slug}`, { form, headers, maxRedirects: 0 });
    expect(res.status()).toBe(400);
  }
  expect((await context.cookies()).find((c) => c.name === "kk_cart")).toBeUndefined();
  const added = await page.request.post(`/products/${product.slug}`, { form: { productId: product.id, size: product.size, quantity: "10000" }, headers, maxRedirects: 0 });
  expect(added.status()).toBe(303);
  const line = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === "kk_cart")!.value))[0];
  expect(line.q).toBeLessThanOrEqual(10);
  // A wallet chosen without scripts is answered with a sentence, not an order.
  await page.goto("/checkout");
  await page.getByRole("radio", { name: /Khalti/ }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Khalti and eSewa need JavaScript" })).toBeVisible();
});

test("changes quantities and removes lines on the cart page with JavaScript off", async ({ page, context }) => {
  const product = await productInStock(page);
  const line = (q: number) => ({ p: product.id, s: product.size, c: "default", q });
  await setCartCookie(context, encodeURIComponent(JSON.stringify([line(1)])));
  await page.goto("/cart");
  const items = page.getByRole("list", { name: "Cart items" });
  await expect(items.getByRole("listitem")).toHaveCount(1);
  await expect(items).toContainText(product.name);
  const cartLine = async () => JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === "kk_cart")!.value));

  await page.getByRole("button", { name: `Increase quantity of ${product.name}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("group", { name: product.name })).toContainText("2");
  expect((await cartLine())[0].q).toBe(2);
  await page.getByRole("button", { name: `Decrease quantity of ${product.name}` }).click();
  expect((await cartLine())[0].q).toBe(1);

  await page.getByRole("button", { name: `Remove ${product.name}` }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "kk_cart")).toBeUndefined();

  await setCartCookie(context, encodeURIComponent(JSON.stringify([line(3)])));
  await page.goto("/cart");
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("cart page posts it cannot use are a 4xx that changes nothing", async ({ page, context }) => {
  const product = await productInStock(page);
  const value = encodeURIComponent(JSON.stringify([{ p: product.id, s: product.size, c: "default", q: 2 }]));
  const key = `${product.id}-${product.size}-default`;
  const headers = { "sec-fetch-site": "same-origin" };
  for (const form of [
    { line: "no-such-line", quantity: "3" },
    { line: key, quantity: "-1" },
    { line: key, quantity: "2.5" },
    { line: key, quantity: "many" },
    { line: key },
  ]) {
    await setCartCookie(context, value);
    const res = await page.request.post("/cart", { form, headers, maxRedirects: 0 });
    expect(res.status(), JSON.stringify(form)).toBe(400);
    expect((await context.cookies()).find((c) => c.name === "kk_cart")!.value).toBe(value);
  }
  // A quantity above the line's stock or the per-line maximum is ignored, as the scripted stepper ignores it.
  for (const quantity of ["11", "10000", String(product.sizes.find((s) => s.size === product.size)!.stock + 1)]) {
    const big = await page.request.post("/cart", { form: { line: key, quantity }, headers, maxRedirects: 0 });
    expect(big.status(), quantity).toBe(303);
    expect((await context.cookies()).find((c) => c.name === "kk_cart")!.value, quantity).toBe(value);
  }
  // Unreadable bodies and cookies, and a post from another site.
  for (const c of [
    { data: "line=a%00b", type: "application/x-www-form-urlencoded", status: 400 },
    { data: '{"line":"x"}', type: "application/json", status: 415 },
    { data: `line=${"a".repeat(70_000)}`, type: "application/x-www-form-urlencoded", status: 413 },
  ]) {
    const res = await page.request.post("/cart", { data: c.data, headers: { ...headers, "content-type": c.type }, maxRedirects: 0 });
    expect(res.status(), c.type).toBe(c.status);
  }
  const crossSite = await page.request.post("/cart", { form: { intent: "clear" }, headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);
  await setCartCookie(context, "%00");
  const unreadable = await page.request.post("/cart", { form: { line: key, quantity: "1" }, headers, maxRedirects: 0 });
  expect(unreadable.status()).toBe(400);
  const shown = await page.goto("/cart");
  expect(shown!.status()).toBe(200);
  await expect(page.getByText("Your saved cart could not be read")).toBeVisible();
});

test("Buy Now with JavaScript off checks out that one line and leaves the cart as it was", async ({ page, context }) => {
  await signIn(page);
  const product = await productInStock(page);
  const inCart = encodeURIComponent(JSON.stringify([{ p: product.id, s: product.size, c: "default", q: 1 }]));
  await setCartCookie(context, inCart);
  await page.goto(`/products/${product.slug}`);
  // Without a size Buy Now is refused with the picker's message, as Add to Cart is.
  await page.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select a size" })).toBeVisible();
  await page.locator("label", { has: page.getByRole("radio", { name: product.size, exact: true }) }).click();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?buyNow=1$/);
  const items = page.getByRole("list", { name: "Items in this order" });
  await expect(items.getByRole("listitem")).toHaveCount(1);
  await expect(items).toContainText("× 2");

  const form = page.getByRole("group", { name: "Shipping Information" });
  await fillAddress(form);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
  expect(order.items).toHaveLength(1);
  expect(order.items[0]).toMatchObject({ quantity: 2, size: product.size });
  // The Buy Now line is used up; the cart is untouched.
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "kk_buy_now")).toBeUndefined();
  expect(cookies.find((c) => c.name === "kk_cart")?.value).toBe(inCart);
});

test("prints a name and number with JavaScript off: a wrong name is named, a right one reaches the cart and checkout", async ({ page, context }) => {
  await signIn(page);
  const res = await page.request.get("/api/products?q=Nepal%20National%20Team%20Home&limit=5");
  const listed: (ListedProduct & { personalisable: boolean })[] = (await res.json()).data.products;
  const found = listed.find((p) => p.personalisable)!;
  const product = (await (await page.request.get(`/api/products/slug/${found.slug}`)).json()).data.product as ListedProduct;
  const size = product.sizes.find((s) => s.stock >= 2)!.size;
  await page.goto(`/products/${product.slug}`);
  await page.locator("label", { has: page.getByRole("radio", { name: size, exact: true }) }).click();
  await page.getByRole("checkbox", { name: /Add name & number/ }).check();
  await page.getByLabel("Name on the back").fill("PAUDEL7!");
  await page.getByLabel("Number (0–99)").fill("7");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The name may use letters" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "kk_cart")).toBeUndefined();

  await page.locator("label", { has: page.getByRole("radio", { name: size, exact: true }) }).click();
  await page.getByRole("checkbox", { name: /Add name & number/ }).check();
  await page.getByLabel("Name on the back").fill("paudel");
  await page.getByLabel("Number (0–99)").fill("7");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "added to cart!" })).toBeVisible();
  const line = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === "kk_cart")!.value))[0];
  expect(line.x).toEqual({ name: "PAUDEL", number: 7 });

  await page.goto("/cart");
  await expect(page.getByRole("list", { name: "Cart items" })).toContainText("PAUDEL");
  await page.goto("/checkout");
  await expect(page.getByRole("list", { name: "Items in this order" })).toContainText("PAUDEL");
});

test("print and Buy Now posts the action cannot use are a 4xx that adds nothing", async ({ page, context }) => {
  await signIn(page);
  const product = await productInStock(page);
  const headers = { "sec-fetch-site": "same-origin" };
  const base = { productId: product.id, size: product.size, quantity: "1" };
  const cases: Record<string, string>[] = [
    { ...base, print: "1", printName: "", printNumber: "7" },
    { ...base, print: "1", printName: "PAUDEL", printNumber: "100" },
    { ...base, print: "1", printName: "PAUDEL", printNumber: "-1" },
    { ...base, print: "1", printName: "A".repeat(500), printNumber: "7" },
    { ...base, print: "1", printPlayer: "not-a-player", printName: "", printNumber: "" },
    { ...base, intent: "buy-now", size: "XXXXL" },
    { ...base, intent: "buy-now", productId: "someone-else" },
  ];
  for (const form of cases) {
    const res = await page.request.post(`/products/${product.slug}`, { form, headers, maxRedirects: 0 });
    expect(res.status(), JSON.stringify(form).slice(0, 120)).toBe(400);
  }
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain("kk_cart");
  expect(names).not.toContain("kk_buy_now");
  // A hostile Buy Now cookie at checkout is read as nothing, never a 500.
  await context.addCookies([{ name: "kk_buy_now", value: "%00", domain: "localhost", path: "/" }]);
  const shown = await page.goto("/checkout?buyNow=1");
  expect(shown!.status()).toBe(200);
  await expect(page.getByText("Your saved cart could not be read")).toBeVisible();
  const posted = await page.request.post("/checkout?buyNow=1", { form: { fullName: "X" }, headers, maxRedirects: 0 });
  expect(posted.status()).toBe(400);
  // A huge quantity bought now is bounded by the stock and ten.
  const bought = await page.request.post(`/products/${product.slug}`, { form: { ...base, intent: "buy-now", quantity: "10000" }, headers, maxRedirects: 0 });
  expect(bought.status()).toBe(303);
  expect(bought.headers().location).toBe("/checkout?buyNow=1");
  const line = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === "kk_buy_now")!.value))[0];
  expect(line.q).toBeLessThanOrEqual(10);
});

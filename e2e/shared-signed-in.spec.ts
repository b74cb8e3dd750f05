import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { CUSTOMER, firstProduct, signIn, watchCsp } from "./support/pages";

/**
 * Signed-in shoppers are served copies of one shared render of `/`, `/products`, product pages and the blog, filled
 * with their own account (docs/decisions/110). What must hold: nobody's name, e-mail or cart reaches another shopper
 * or a guest, the header is right in the first byte, and the page hydrates under the strict policy.
 */

const stamp = `${Date.now()}`.slice(-8);
/** A second shopper whose name is markup and quotes: it must arrive as text in the header and in the account block. */
const HOSTILE = {
  name: `</script><b>Hari</b> "O'Neil" & co`,
  email: `shared-${stamp}@example.com`,
  phone: `984${stamp.slice(-7)}`,
  password: "Shared@2026x",
};

async function register(request: APIRequestContext) {
  const res = await request.post("/api/auth/register", { data: { ...HOSTILE, confirmPassword: HOSTILE.password } });
  expect([200, 201], await res.text()).toContain(res.status());
}

async function htmlFor(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36" } });
  expect(res.status()).toBe(200);
  return res.text();
}

async function contextFor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test("two signed-in shoppers and a guest each get a page with only their own account", async ({ browser, baseURL, playwright }) => {
  const product = await firstProduct(await (await browser.newContext({ baseURL })).newPage());
  const guest = await playwright.request.newContext({ baseURL });
  const first = await playwright.request.newContext({ baseURL });
  const second = await playwright.request.newContext({ baseURL });
  await register(second);
  await signIn(first, CUSTOMER);
  await signIn(second, { email: HOSTILE.email, password: HOSTILE.password });
  const customerName = (await (await first.get("/api/auth/me")).json()).data.user.name as string;

  const escapedHostile = `&lt;/script&gt;&lt;b&gt;Hari&lt;/b&gt; &quot;O&#x27;Neil&quot; &amp; co`;
  for (const path of ["/", "/products", `/products/${product.slug}`, "/blogs"]) {
    // Twice each, interleaved: the second round is served from the shared render the first one made.
    for (let round = 0; round < 2; round++) {
      const [g, a, b] = [await htmlFor(guest, path), await htmlFor(first, path), await htmlFor(second, path)];
      expect(g, `${path}: the guest sees no account`).not.toContain("Account menu for");
      expect(g).not.toContain(CUSTOMER.email);
      expect(g).not.toContain(HOSTILE.email);
      expect(g).not.toContain('id="kk-account"');

      expect(a, `${path}: the customer sees their own account`).toContain(`Account menu for ${customerName}`);
      expect(a).toContain(CUSTOMER.email);
      expect(a).not.toContain(HOSTILE.email);
      expect(a).not.toContain("Hari");

      expect(b, `${path}: the second shopper sees theirs, escaped`).toContain(`Account menu for ${escapedHostile}`);
      expect(b).toContain(HOSTILE.email);
      expect(b).not.toContain(CUSTOMER.email);
      expect(b).not.toContain(customerName);
      // The name cannot close the account block: `<` arrives as \u003c inside it, nowhere raw.
      expect(b).not.toContain("</script><b>Hari");
      expect(b).toContain("\\u003c/script\\u003e\\u003cb\\u003eHari");
    }
  }

  // In browsers: each header shows its own shopper, the page hydrates without a policy violation, and the
  // customer's cart does not show in the other shopper's header.
  const a = await contextFor(browser, baseURL);
  const b = await contextFor(browser, baseURL);
  const violations = [await watchCsp(a.page), await watchCsp(b.page)];
  const errors: string[] = [];
  for (const { page } of [a, b]) page.on("pageerror", (e) => errors.push(e.message));
  await signIn(a.page, CUSTOMER, { via: "api" });
  await signIn(b.page, { email: HOSTILE.email, password: HOSTILE.password }, { via: "api" });
  await a.page.goto(`/products/${product.slug}`);
  await a.page.locator("html[data-hydrated]").waitFor();
  const size = product.sizes.find((s) => s.stock > 0)!.size;
  await a.page.getByRole("radio", { name: size, exact: true }).check({ force: true });
  await a.page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(a.page.getByRole("banner").getByRole("button", { name: /^Cart, \d+ items?$/ })).toBeVisible();

  for (const path of ["/", "/products", `/products/${product.slug}`]) {
    await a.page.goto(path);
    await b.page.goto(path);
    await a.page.locator("html[data-hydrated]").waitFor();
    await b.page.locator("html[data-hydrated]").waitFor();
    await expect(a.page.getByRole("banner").getByRole("button", { name: `Account menu for ${customerName}` })).toBeVisible();
    await expect(b.page.getByRole("banner").getByRole("button", { name: `Account menu for ${HOSTILE.name}` })).toBeVisible();
    await expect(a.page.getByRole("banner").getByRole("button", { name: /^Cart, \d+ items?$/ })).toBeVisible();
    await expect(b.page.getByRole("banner").getByRole("button", { name: "Cart", exact: true })).toBeVisible();
  }
  // The account menu opens with the shopper's own e-mail, and signing out leaves a guest's header.
  await b.page.getByRole("banner").getByRole("button", { name: `Account menu for ${HOSTILE.name}` }).click();
  await expect(b.page.getByRole("menu")).toContainText(HOSTILE.email);
  await b.page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(b.page.getByRole("banner").getByRole("button", { name: /Account menu/ })).toHaveCount(0);

  expect(errors).toEqual([]);
  for (const v of violations) expect(await v()).toEqual([]);
  await Promise.all([a.context.close(), b.context.close(), guest.dispose(), first.dispose(), second.dispose()]);
});
